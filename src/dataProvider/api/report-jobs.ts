import { TransactionReportPaths as Paths, type Page } from '@/domain/api';
import type { ExportFormat, ExportJob } from '@/domain/transactionReport';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient, QueryParams } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** What each export format may come back as; anything else is 'File không hợp lệ!'. */
export const EXPORT_ACCEPT: Record<ExportFormat, readonly string[]> = {
  csv: ['text/csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};

/** A small selection comes back as the file, a large one as a background job (202). */
export type ExportOutcome = { kind: 'file'; file: FetchedFile } | { kind: 'job'; job: ExportJob };

/** Export jobs of every report list (server/routes/report-jobs): start, poll, list past ones, fetch the file. */
export function reportJobsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    /** POSTs an export of a list's filter to its export endpoint (a template of the resource config). */
    async startExport(template: string, query: QueryParams, format: ExportFormat): Promise<ExportOutcome> {
      const response = await call<unknown>(template, {
        method: 'POST',
        query: { ...query, format },
        responseType: 'blob',
        // The export button tells the user the outcome.
        showError: false,
      });
      if (response.httpStatus === 202) return { kind: 'job', job: response.data as ExportJob };
      return { kind: 'file', file: fetchedFileOf(response) };
    },

    async getExportJob(jobId: string): Promise<ExportJob> {
      return (await call<ExportJob>(Paths.exportJob, { params: { jobId }, showError: false })).data;
    },

    /** The caller's past exports of one report (its resource name), newest first. */
    async listExportJobs(report: string, pageNumber = 0, pageSize = 20): Promise<Page<ExportJob>> {
      return (await call<Page<ExportJob>>(Paths.exportJobs, { query: { report, pageNumber, pageSize } })).data;
    },

    async fetchExportJobFile(jobId: string): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.exportJobFile, { params: { jobId }, responseType: 'blob', showError: false }));
    },
  };
}
