import { httpClient, type QueryParams } from '@/dataProvider/httpClient';
import {
  TransactionReportPaths as Paths,
  type ExportFormat,
  type RefundInput,
  type TraceStep,
  type TransactionColumn,
  type TransactionDetail,
  type TransactionRow,
  type TransactionTotals,
} from '@/domain/transactionReport';
import { apiUrl, startExport, type ExportOutcome } from '@/components/reports';

export interface TransactionPage {
  content: TransactionRow[];
  totalElements: number;
  pageNumber: number;
  pageSize: number;
  nextCursor: string | null;
}

export async function getTransactions(query: QueryParams, signal?: AbortSignal): Promise<TransactionPage> {
  return (await httpClient<TransactionPage>(apiUrl(Paths.list), { query, merchantScoped: true, signal })).data;
}

export async function getTotals(query: QueryParams, signal?: AbortSignal): Promise<TransactionTotals> {
  return (await httpClient<TransactionTotals>(apiUrl(Paths.totals), { query, merchantScoped: true, signal })).data;
}

export function exportTransactions(query: QueryParams, columns: TransactionColumn[], format: ExportFormat): Promise<ExportOutcome> {
  return startExport(Paths.exports, { ...query, columns }, format);
}

export async function getTransaction(id: string): Promise<TransactionDetail> {
  return (await httpClient<TransactionDetail>(apiUrl(Paths.detail, { id }), { merchantScoped: true, showError: false })).data;
}

export async function traceTransaction(id: string): Promise<{ transaction: TransactionDetail; steps: TraceStep[] }> {
  return (
    await httpClient<{ transaction: TransactionDetail; steps: TraceStep[] }>(apiUrl(Paths.tracing, { id }), {
      merchantScoped: true,
      showError: false,
    })
  ).data;
}

/** `key` is made once per refund dialog: a double click or a retry returns the first refund. */
export async function refundTransaction(id: string, body: RefundInput, key: string): Promise<{ transaction: TransactionDetail }> {
  return (
    await httpClient<{ transaction: TransactionDetail }>(apiUrl(Paths.refunds, { id }), {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': key },
      merchantScoped: true,
      showSuccess: true,
    })
  ).data;
}
