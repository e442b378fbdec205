import { TransactionControlApiPaths as Paths, type Page } from '@/domain/api';
import type { ControlClass, ControlFileType, ControlRow, ControlRun } from '@/domain/transactionControl';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';
import type { ExportOutcome } from './report-jobs';

/**
 * Transaction control (server/routes/transaction-control): the order file template, uploading a file as a
 * control run, the runs, a run's rows by class and their export. The screens show errors themselves
 * (showError: false): an upload's refusal names the bad rows, in the caller's language.
 */
export function transactionControlApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getControlTemplate(format: ControlFileType): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.template, { query: { format }, responseType: 'blob', showError: false }));
    },
    async uploadControlFile(file: File, range: { from: string; to: string }): Promise<ControlRun> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await call<ControlRun>(Paths.runs, { method: 'POST', query: range, body: form, showError: false })).data;
    },
    async listControlRuns(pageNumber: number, pageSize: number): Promise<Page<ControlRun>> {
      return (await call<Page<ControlRun>>(Paths.runs, { query: { pageNumber, pageSize }, showError: false })).data;
    },
    async getControlRun(id: number): Promise<ControlRun> {
      return (await call<ControlRun>(Paths.run, { params: { id }, showError: false })).data;
    },
    async getControlRows(id: number, cls: ControlClass, pageNumber: number, pageSize: number): Promise<Page<ControlRow>> {
      return (await call<Page<ControlRow>>(Paths.rows, { params: { id }, query: { class: cls, pageNumber, pageSize }, showError: false })).data;
    },
    /** A class's rows as CSV or XLSX: the file at once when small, else an export job (report 'transaction-control'). */
    async startControlExport(id: number, cls: ControlClass, format: ControlFileType): Promise<ExportOutcome> {
      const response = await call<unknown>(Paths.exports, { method: 'POST', params: { id }, query: { class: cls, format }, responseType: 'blob', showError: false });
      if (response.httpStatus === 202) return { kind: 'job', job: response.data as Extract<ExportOutcome, { kind: 'job' }>['job'] };
      return { kind: 'file', file: fetchedFileOf(response) };
    },
  };
}
