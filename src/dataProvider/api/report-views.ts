import { TransactionReportPaths as Paths } from '@/domain/api';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** A named view (filter + columns) of a report list: the caller's own or one a teammate shared. */
export interface SavedView<F = Record<string, unknown>> {
  id: number;
  name: string;
  filter: F;
  columns: string[];
  shared: boolean;
  mine: boolean;
  ownerName: string | null;
  updatedAt: string;
}

export interface SavedViewBody {
  name: string;
  filter: unknown;
  columns: string[];
  shared: boolean;
}

/** Saved views of the report lists (spec §7 /profile/v2/report-view-settings); `report` is the list's resource name. */
export function reportViewsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async listReportViews(report: string): Promise<SavedView[]> {
      return (await call<SavedView[]>(Paths.views, { query: { report } })).data;
    },

    async createReportView(report: string, body: SavedViewBody): Promise<SavedView> {
      // The save dialog shows the refusal under the name (a taken name is the usual one).
      return (await call<SavedView>(Paths.views, { method: 'POST', query: { report }, body, showSuccess: true, showError: false })).data;
    },

    async updateReportView(report: string, id: number, body: SavedViewBody): Promise<SavedView> {
      return (await call<SavedView>(Paths.view, { method: 'PUT', params: { id }, query: { report }, body, showSuccess: true })).data;
    },

    async deleteReportView(report: string, id: number): Promise<void> {
      await call(Paths.view, { method: 'DELETE', params: { id }, query: { report }, showSuccess: true });
    },
  };
}
