import { DisbursementApiPaths, type Page } from '@/domain/api';
import type {
  ApprovalChallenge,
  ApprovalRules,
  ApprovalTier,
  BatchFileType,
  BatchValidation,
  DisbursementAccount,
  DisbursementOrder,
  LedgerEntry,
  OrderStatus,
  PayeeLookup,
  SingleDisbursementInput,
  TopUpSource,
} from '@/domain/disbursements';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Disbursement centre (server/routes/disbursement-management). The screens show the errors themselves. */
export function disbursementsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const quiet = { showError: false } as const;
  const file = async (template: string, params: Record<string, number>, format: BatchFileType): Promise<FetchedFile> =>
    fetchedFileOf(await call<Blob>(template, { params, query: { format }, responseType: 'blob', ...quiet }));
  return {
    async getDisbursementAccount(): Promise<DisbursementAccount> {
      return (await call<DisbursementAccount>(DisbursementApiPaths.account, quiet)).data;
    },
    async getDisbursementLedger(pageNumber: number, pageSize: number): Promise<Page<LedgerEntry>> {
      return (await call<Page<LedgerEntry>>(DisbursementApiPaths.ledger, { query: { pageNumber, pageSize }, ...quiet })).data;
    },
    async getTopUpSources(): Promise<TopUpSource[]> {
      return (await call<TopUpSource[]>(DisbursementApiPaths.topUpSources, quiet)).data;
    },
    async topUpDisbursements(settlementId: number): Promise<DisbursementAccount> {
      return (await call<DisbursementAccount>(DisbursementApiPaths.topUps, { method: 'POST', body: { settlementId }, showSuccess: true })).data;
    },
    async getApprovalRules(): Promise<ApprovalRules> {
      return (await call<ApprovalRules>(DisbursementApiPaths.rules, quiet)).data;
    },
    async saveApprovalRules(tiers: ApprovalTier[]): Promise<ApprovalRules> {
      return (await call<ApprovalRules>(DisbursementApiPaths.rules, { method: 'PUT', body: { tiers }, showSuccess: true })).data;
    },
    async lookupPayee(body: { channel: string; account: string; bankId?: string | null; amount?: number }): Promise<PayeeLookup> {
      return (await call<PayeeLookup>(DisbursementApiPaths.lookup, { method: 'POST', body, ...quiet })).data;
    },
    async getDisbursementOrders(pageNumber: number, pageSize: number, status?: OrderStatus): Promise<Page<DisbursementOrder>> {
      return (await call<Page<DisbursementOrder>>(DisbursementApiPaths.orders, { query: { pageNumber, pageSize, ...(status ? { status } : {}) }, ...quiet })).data;
    },
    async getDisbursementOrder(orderId: number): Promise<DisbursementOrder> {
      return (await call<DisbursementOrder>(DisbursementApiPaths.order, { params: { orderId }, ...quiet })).data;
    },
    /** `idempotencyKey` is made once per form, so a double submit or a retry makes one order. */
    async createDisbursement(body: SingleDisbursementInput, idempotencyKey: string): Promise<DisbursementOrder> {
      return (
        await call<DisbursementOrder>(DisbursementApiPaths.orders, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, showSuccess: true })
      ).data;
    },
    async sendApprovalOtp(orderId: number): Promise<ApprovalChallenge> {
      return (await call<ApprovalChallenge>(DisbursementApiPaths.approvalOtp, { method: 'POST', params: { orderId }, ...quiet })).data;
    },
    async approveDisbursement(orderId: number, otpId: string, otpCode: string): Promise<DisbursementOrder> {
      return (await call<DisbursementOrder>(DisbursementApiPaths.approve, { method: 'POST', params: { orderId }, body: { otpId, otpCode }, ...quiet })).data;
    },
    async rejectDisbursement(orderId: number, reason: string): Promise<DisbursementOrder> {
      return (await call<DisbursementOrder>(DisbursementApiPaths.reject, { method: 'POST', params: { orderId }, body: { reason }, showSuccess: true })).data;
    },
    async cancelDisbursement(orderId: number): Promise<DisbursementOrder> {
      return (await call<DisbursementOrder>(DisbursementApiPaths.cancel, { method: 'POST', params: { orderId }, body: {}, showSuccess: true })).data;
    },
    async uploadDisbursementBatch(fileToSend: File): Promise<BatchValidation> {
      const form = new FormData();
      form.append('file', fileToSend, fileToSend.name);
      return (await call<BatchValidation>(DisbursementApiPaths.uploads, { method: 'POST', body: form, ...quiet })).data;
    },
    async submitDisbursementBatch(uploadId: number): Promise<DisbursementOrder> {
      return (await call<DisbursementOrder>(DisbursementApiPaths.uploadSubmit, { method: 'POST', params: { uploadId }, showSuccess: true })).data;
    },
    getBatchTemplate: (format: BatchFileType) => file(DisbursementApiPaths.template, {}, format),
    getBatchErrors: (uploadId: number, format: BatchFileType) => file(DisbursementApiPaths.uploadErrors, { uploadId }, format),
    getDisbursementResults: (orderId: number, format: BatchFileType) => file(DisbursementApiPaths.results, { orderId }, format),
  };
}
