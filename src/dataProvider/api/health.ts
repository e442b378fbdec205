import { ApiPaths } from '@/domain/api';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The health page's API check (server/routes/health): no auth, silent. */
export function healthApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getHealth(): Promise<{ db: string; demo: boolean }> {
      return (await call<{ db: string; demo: boolean }>(ApiPaths.health, { noAuth: true, silent: true })).data;
    },
  };
}
