import { ApiPaths, type Me, type Service } from '@/domain/api';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The signed-in user (server/routes/me). */
export function meApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getMe(): Promise<Me> {
      return (await call<Me>(ApiPaths.me)).data;
    },
    /** The chosen merchant's services: the server checks X-Merchant-Id against the memberships. */
    async getMyServices(): Promise<Service[]> {
      return (await call<Service[]>(ApiPaths.meServices, { merchantScoped: true })).data ?? [];
    },
  };
}
