/**
 * Calls of the report-center pages (card payments, disbursements, financing, settlements, non-paid,
 * donations, report settings' files, dashboards). Exports go through the shared export service
 * (src/components/reports: a file at once, or a job).
 */
import { httpClient, type QueryParams } from '@/dataProvider/httpClient';
import type { Page } from '@/domain/api';
import {
  ReportCenterPaths,
  reportListPath,
  type Dashboard,
  type ReportFile,
  type ReportKey,
  type ReportSetting,
  type ReportSettingType,
} from '@/domain/reportCenter';
import type { ExportFormat } from '@/domain/transactionReport';
import { fileNameFromContentDisposition, type FetchedFile } from '@/files';
import { apiUrl, startExport, type ExportOutcome } from '@/components/reports';

export type ReportRow = Record<string, unknown> & { id: string };

export interface ReportTotals {
  count: number;
  sums: Record<string, number>;
  byStatus: Array<{ status: string; count: number; sums: Record<string, number> }>;
}

const get = async <T,>(path: string, query?: QueryParams, signal?: AbortSignal, showError = true) =>
  (await httpClient<T>(apiUrl(path), { query, merchantScoped: true, signal, showError })).data;

export const listReport = (key: ReportKey, query: QueryParams, signal?: AbortSignal) => get<Page<ReportRow>>(reportListPath(key), query, signal);

export const reportTotals = (key: ReportKey, query: QueryParams, signal?: AbortSignal) =>
  get<ReportTotals>(`${reportListPath(key)}/totals`, query, signal);

export const getReportRow = (key: ReportKey, id: string) =>
  get<ReportRow>(`${reportListPath(key)}/${encodeURIComponent(id)}`, undefined, undefined, false);

export const exportReport = (key: ReportKey, query: QueryParams, columns: string[], format: ExportFormat): Promise<ExportOutcome> =>
  startExport(`${reportListPath(key)}/export`, { ...query, columns }, format);

export const listReportFiles = (type: ReportSettingType | undefined, query: QueryParams, signal?: AbortSignal) =>
  get<Page<ReportFile>>(ReportCenterPaths.reportFiles, { ...query, type }, signal);

export async function fetchReportFile(id: number): Promise<FetchedFile> {
  const response = await httpClient<Blob>(apiUrl(ReportCenterPaths.reportFileDownload, { id }), {
    merchantScoped: true,
    responseType: 'blob',
    showError: false,
  });
  return {
    blob: response.data,
    fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type'),
  };
}

export async function runReportSetting(id: number): Promise<ReportFile> {
  return (await httpClient<ReportFile>(apiUrl(ReportCenterPaths.reportSettingRun, { id }), { method: 'POST', merchantScoped: true })).data;
}

export const getDashboard = (donation: boolean, query: QueryParams, signal?: AbortSignal) =>
  get<Dashboard>(donation ? ReportCenterPaths.donationDashboard : ReportCenterPaths.dashboard, query, signal);

export type { ReportSetting };
