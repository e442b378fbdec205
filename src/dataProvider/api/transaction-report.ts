import { TransactionReportPaths as Paths } from '@/domain/api';
import type { RefundInput, TraceStep, TransactionDetail } from '@/domain/transactionReport';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';
import { forgetTotals } from './list-totals';

/** The transaction report beyond its list and detail (those go through getList / getOne). */
export function transactionReportApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    /** A payment's steps (transaction-report/tracing); the page shows "not found" itself. */
    async traceTransaction(id: string): Promise<{ transaction: TransactionDetail; steps: TraceStep[] }> {
      return (await call<{ transaction: TransactionDetail; steps: TraceStep[] }>(Paths.tracing, { params: { id }, showError: false })).data;
    },

    /** `key` is made once per refund dialog: a double click or a retry returns the first refund. */
    async refundTransaction(id: string, body: RefundInput, key: string): Promise<{ transaction: TransactionDetail }> {
      const response = await call<{ transaction: TransactionDetail }>(Paths.refunds, {
          method: 'POST',
          params: { id },
          body,
          headers: { 'Idempotency-Key': key },
          showSuccess: true,
        });
      // The refunded sums of the list's totals changed.
      forgetTotals('transaction-report');
      return response.data;
    },
  };
}
