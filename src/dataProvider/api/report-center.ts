import { ReportCenterPaths, type Page } from '@/domain/api';
import type { ReportFile, ReportSettingType } from '@/domain/reportCenter';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The files the scheduled report settings produced (generated reports), and running a setting now. */
export function reportCenterApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async listReportFiles(
      params: { type?: ReportSettingType; settingId?: number; pageNumber: number; pageSize: number },
      signal?: AbortSignal,
    ): Promise<Page<ReportFile>> {
      return (await call<Page<ReportFile>>(ReportCenterPaths.reportFiles, { query: params, signal })).data;
    },

    async fetchReportFile(id: number): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(ReportCenterPaths.reportFileDownload, { params: { id }, responseType: 'blob', showError: false }));
    },

    async runReportSetting(id: number): Promise<ReportFile> {
      return (await call<ReportFile>(ReportCenterPaths.reportSettingRun, { method: 'POST', params: { id } })).data;
    },
  };
}
