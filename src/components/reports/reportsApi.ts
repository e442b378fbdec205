/**
 * Calls shared by every report list: export (file at once or a job), export jobs, saved views.
 * Paths: src/domain/transactionReport.ts (TransactionReportPaths) and docs/reports.md.
 */
import { getChosenMerchantId } from '@/authProvider/session';
import { API_BASE_URL } from '@/config';
import { httpClient, type QueryParams } from '@/dataProvider/httpClient';
import type { Page } from '@/domain/api';
import { fileNameFromContentDisposition, type FetchedFile } from '@/files';
import { TransactionReportPaths, type ExportFormat, type ExportJob } from '@/domain/transactionReport';

export function apiUrl(template: string, params: Record<string, string | number> = {}): string {
  let path = template.replace(':merchantId', encodeURIComponent(String(getChosenMerchantId() ?? '')));
  for (const [key, value] of Object.entries(params)) path = path.replace(`:${key}`, encodeURIComponent(String(value)));
  return `${API_BASE_URL}${path}`;
}

/** What each format may come back as; anything else is 'File không hợp lệ!'. */
export const EXPORT_ACCEPT: Record<ExportFormat, readonly string[]> = {
  csv: ['text/csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};

export type ExportOutcome = { kind: 'file'; file: FetchedFile } | { kind: 'job'; job: ExportJob };

/** POSTs an export: a small selection comes back as the file, a large one as a job (202). */
export async function startExport(template: string, query: QueryParams, format: ExportFormat): Promise<ExportOutcome> {
  const response = await httpClient<unknown>(apiUrl(template), {
    method: 'POST',
    query: { ...query, format },
    merchantScoped: true,
    responseType: 'blob',
    showError: false,
  });
  if (response.httpStatus === 202) return { kind: 'job', job: response.data as ExportJob };
  return {
    kind: 'file',
    file: {
      blob: response.data,
      fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
      contentType: response.headers.get('content-type'),
    },
  };
}

export async function getExportJob(id: string): Promise<ExportJob> {
  return (await httpClient<ExportJob>(apiUrl(TransactionReportPaths.exportJob, { jobId: id }), { merchantScoped: true, showError: false })).data;
}

export async function listExportJobs(report: string, pageNumber = 0, pageSize = 20): Promise<Page<ExportJob>> {
  return (
    await httpClient<Page<ExportJob>>(apiUrl(TransactionReportPaths.exportJobs), {
      query: { report, pageNumber, pageSize },
      merchantScoped: true,
    })
  ).data;
}

export async function fetchExportFile(id: string): Promise<FetchedFile> {
  const response = await httpClient<Blob>(apiUrl(TransactionReportPaths.exportJobFile, { jobId: id }), {
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

export async function listViews(report: string): Promise<SavedView[]> {
  return (await httpClient<SavedView[]>(apiUrl(TransactionReportPaths.views), { query: { report }, merchantScoped: true })).data;
}

export async function createView(report: string, body: SavedViewBody): Promise<SavedView> {
  return (
    await httpClient<SavedView>(apiUrl(TransactionReportPaths.views), {
      method: 'POST',
      query: { report },
      body,
      merchantScoped: true,
      showSuccess: true,
      // The save dialog shows the refusal under the name (a taken name is the usual one).
      showError: false,
    })
  ).data;
}

export async function updateView(report: string, id: number, body: SavedViewBody): Promise<SavedView> {
  return (
    await httpClient<SavedView>(apiUrl(TransactionReportPaths.view, { id }), {
      method: 'PUT',
      query: { report },
      body,
      merchantScoped: true,
      showSuccess: true,
    })
  ).data;
}

export async function deleteView(report: string, id: number): Promise<void> {
  await httpClient(apiUrl(TransactionReportPaths.view, { id }), { method: 'DELETE', query: { report }, merchantScoped: true, showSuccess: true });
}
