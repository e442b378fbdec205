import { ReportCenterPaths } from '@/domain/api';
import type { Dashboard } from '@/domain/reportCenter';
import type { HttpClient, QueryParams } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The dashboards (spec §2 dashboard, donation dashboard). */
export function dashboardApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getDashboard(donation: boolean, query: QueryParams, signal?: AbortSignal): Promise<Dashboard> {
      return (await call<Dashboard>(donation ? ReportCenterPaths.donationDashboard : ReportCenterPaths.dashboard, { query, signal })).data;
    },
  };
}
