import { EContractApiPaths } from '@/domain/api';
import type { EContractDetail, EContractOtp, SignContractInput } from '@/domain/econtracts';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient, RequestOptions } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/**
 * E-contract calls beyond the list (server/routes/econtracts), shared by the onboarding step and the
 * e-contract screens. `showError` stays on unless the caller shows the error itself.
 */
export function econtractsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getPendingContract(merchantId: number, options: RequestOptions = {}): Promise<EContractDetail | null> {
      return (await call<EContractDetail | null>(EContractApiPaths.pending, { ...options, merchantId })).data ?? null;
    },
    async getContract(merchantId: number, contractId: number): Promise<EContractDetail> {
      return (await call<EContractDetail>(EContractApiPaths.detail, { params: { contractId }, merchantId })).data;
    },
    /** The PDF: `inline` to show it in the page, `attachment` to save it (and enter the history). */
    async getContractPdf(merchantId: number, contractId: number, disposition: 'inline' | 'attachment'): Promise<FetchedFile> {
      return fetchedFileOf(
        await call<Blob>(EContractApiPaths.document, {
          params: { contractId },
          merchantId,
          query: { disposition },
          responseType: 'blob',
          showError: false,
        }),
      );
    },
    async sendSignCode(merchantId: number, contractId: number): Promise<EContractOtp> {
      return (await call<EContractOtp>(EContractApiPaths.otp, { method: 'POST', params: { contractId }, merchantId, showError: false })).data;
    },
    async signContract(merchantId: number, contractId: number, body: SignContractInput): Promise<EContractDetail> {
      return (
        await call<EContractDetail>(EContractApiPaths.sign, { method: 'POST', body, params: { contractId }, merchantId, showError: false })
      ).data;
    },
  };
}
