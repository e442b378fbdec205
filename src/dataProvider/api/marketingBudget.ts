import { MarketingBudgetApiPaths as Paths, ServiceReviewApiPaths, type Page } from '@/domain/api';
import type {
  MarketingAccount,
  MarketingGate,
  MarketingPayment,
  MarketingSpending,
  MarketingTransaction,
  PaymentKind,
  TopUpSource,
} from '@/domain/marketingBudget';
import type { ServiceRegistrationReview } from '@/domain/serviceReviews';
import type { RegistrationStatus } from '@/domain/services';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient, QueryParams } from '../httpClient';
import { apiCall, type ApiContext } from './context';

export type MarketingExportFormat = 'csv' | 'xlsx';

export interface MarketingPaymentQuery {
  from?: string;
  to?: string;
  kind?: PaymentKind;
  source?: TopUpSource;
}

export interface MarketingTransactionQuery {
  from?: string;
  to?: string;
  campaignId?: number;
}

export interface MarketingTopUpResult {
  movement: { id: number; kind: string; amount: number; transactionRef: string | null; replayed: boolean; createdAt: string };
  account: MarketingAccount;
}

export type MarketingTransactionPage = Page<MarketingTransaction> & { campaigns: Array<{ campaignId: number; campaignName: string | null }> };

/** Drops empty filter values so the query names only what is set. */
function queryOf(filter: object): QueryParams {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== '')) as QueryParams;
}

/**
 * Marketing budget (server/routes/marketing-budget): the ADS gate, the account, top-ups, the alert
 * threshold, spending, and the payment and transaction histories with their exports. The screens show
 * errors themselves (the gate's refusal is a screen, not a toast).
 */
export function marketingBudgetApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const quiet = { showError: false } as const;
  return {
    async getMarketingGate(): Promise<MarketingGate> {
      return (await call<MarketingGate>(Paths.gate, quiet)).data;
    },
    async getMarketingAccount(): Promise<MarketingAccount> {
      return (await call<MarketingAccount>(Paths.account, quiet)).data;
    },
    /** `idempotencyKey` is made once per confirmed top-up, so a double submit or a retry tops up once. */
    async topUpMarketing(body: { amount: number | string; source: TopUpSource }, idempotencyKey: string): Promise<MarketingTopUpResult> {
      return (await call<MarketingTopUpResult>(Paths.topUps, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, ...quiet })).data;
    },
    async setMarketingThreshold(lowBalanceThreshold: number | string): Promise<MarketingAccount> {
      return (await call<MarketingAccount>(Paths.threshold, { method: 'PUT', body: { lowBalanceThreshold }, showSuccess: true, showError: false })).data;
    },
    async getMarketingSpending(from: string, to: string): Promise<MarketingSpending> {
      return (await call<MarketingSpending>(Paths.spending, { query: { from, to }, ...quiet })).data;
    },
    async getMarketingPayments(filter: MarketingPaymentQuery, pageNumber: number, pageSize: number): Promise<Page<MarketingPayment>> {
      return (await call<Page<MarketingPayment>>(Paths.payments, { query: { ...queryOf(filter), pageNumber, pageSize }, ...quiet })).data;
    },
    async exportMarketingPayments(filter: MarketingPaymentQuery, format: MarketingExportFormat): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.paymentsExport, { query: { ...queryOf(filter), format }, responseType: 'blob', ...quiet }));
    },
    async getMarketingTransactions(filter: MarketingTransactionQuery, pageNumber: number, pageSize: number): Promise<MarketingTransactionPage> {
      return (await call<MarketingTransactionPage>(Paths.transactions, { query: { ...queryOf(filter), pageNumber, pageSize }, ...quiet })).data;
    },
    /** Operator (INTERNAL_USER): service registrations by status, e.g. ADS waiting for review. */
    async getServiceRegistrationQueue(status: RegistrationStatus): Promise<ServiceRegistrationReview[]> {
      return (await call<ServiceRegistrationReview[]>(ServiceReviewApiPaths.queue, { query: { status } })).data;
    },
    async reviewServiceRegistration(registrationId: number, action: 'approve' | 'reject'): Promise<ServiceRegistrationReview> {
      const template = action === 'approve' ? ServiceReviewApiPaths.approve : ServiceReviewApiPaths.reject;
      return (await call<ServiceRegistrationReview>(template, { method: 'POST', params: { registrationId }, showSuccess: true })).data;
    },
    async exportMarketingTransactions(filter: MarketingTransactionQuery, format: MarketingExportFormat): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.transactionsExport, { query: { ...queryOf(filter), format }, responseType: 'blob', ...quiet }));
    },
  };
}
