import type { Page } from '@/domain/api';
import { SettlementApiPaths as Paths } from '@/domain/api';
import type { MonthRow, OpsPeriodRow, PayoutInfo, PeriodDetail, PeriodRow, PeriodStatus, PayoutStatus, SettleInput } from '@/domain/settlement';
import type { TransactionRow } from '@/domain/transactionReport';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

export interface PeriodListQuery {
  fromDate: string;
  toDate: string;
  status?: PeriodStatus[];
  pageNumber: number;
  pageSize: number;
}

/** Period and monthly control (server/routes/period-control, monthly-control) and the operator's periods (server/routes/ops/periods). */
export function settlementApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async listPeriods({ status, ...query }: PeriodListQuery): Promise<Page<PeriodRow>> {
      return (await call<Page<PeriodRow>>(Paths.periods, { query: { ...query, ...(status?.length ? { status } : {}) } })).data;
    },
    async getPeriod(id: number): Promise<PeriodDetail> {
      return (await call<PeriodDetail>(Paths.period, { params: { id } })).data;
    },
    async getPeriodTransactions(id: number, pageNumber: number, pageSize: number): Promise<Page<TransactionRow>> {
      return (await call<Page<TransactionRow>>(Paths.periodTransactions, { params: { id }, query: { pageNumber, pageSize } })).data;
    },
    async confirmPeriod(id: number): Promise<PeriodDetail> {
      return (await call<PeriodDetail>(Paths.periodConfirm, { method: 'POST', params: { id }, showSuccess: true })).data;
    },
    async disputePeriod(id: number, reason: string): Promise<PeriodDetail> {
      return (await call<PeriodDetail>(Paths.periodDispute, { method: 'POST', params: { id }, body: { reason }, showSuccess: true })).data;
    },
    async listMonths(pageNumber: number, pageSize: number): Promise<Page<MonthRow>> {
      return (await call<Page<MonthRow>>(Paths.months, { query: { pageNumber, pageSize } })).data;
    },
    async signOffMonth(id: string): Promise<MonthRow> {
      return (await call<MonthRow>(Paths.monthSignOff, { method: 'POST', params: { id }, showSuccess: true })).data;
    },
    async getMonthStatement(id: string, format: 'pdf' | 'xlsx'): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.monthStatement, { params: { id }, query: { format }, responseType: 'blob', showError: false }));
    },
    async listOpsPeriods(status: PayoutStatus[], pageNumber: number, pageSize: number): Promise<Page<OpsPeriodRow>> {
      return (await call<Page<OpsPeriodRow>>(Paths.opsPeriods, { query: { pageNumber, pageSize, ...(status.length ? { status } : {}) } })).data;
    },
    async settlePeriod(id: number, body: SettleInput): Promise<PayoutInfo> {
      return (await call<PayoutInfo>(Paths.opsSettle, { method: 'POST', params: { id }, body, showSuccess: true })).data;
    },
  };
}
