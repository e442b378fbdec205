import type { Page } from '@/domain/api';
import { PaymentLinkApiPaths as Paths } from '@/domain/api';
import type { PaymentLinkCreateInput, PaymentLinkDetail, PaymentLinkPayment } from '@/domain/paymentLinks';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Payment links beyond their list (server/routes/payment-links): create, detail extras, deactivate, QR. */
export function paymentLinksApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async createPaymentLink(body: PaymentLinkCreateInput): Promise<PaymentLinkDetail> {
      return (await call<PaymentLinkDetail>(Paths.links, { method: 'POST', body, showSuccess: true })).data;
    },
    async deactivatePaymentLink(id: number): Promise<PaymentLinkDetail> {
      return (await call<PaymentLinkDetail>(Paths.deactivate, { method: 'POST', params: { id }, showSuccess: true })).data;
    },
    async getPaymentLinkPayments(id: number, pageNumber = 0, pageSize = 20): Promise<Page<PaymentLinkPayment>> {
      return (await call<Page<PaymentLinkPayment>>(Paths.payments, { params: { id }, query: { pageNumber, pageSize } })).data;
    },
    /** The VietQR PNG (an <img> cannot send the bearer token, so the image is fetched as a blob). */
    async getPaymentLinkQrPng(id: number, download = false): Promise<FetchedFile> {
      return fetchedFileOf(
        await call<Blob>(Paths.qrPng, { params: { id }, query: download ? { download: 'true' } : undefined, responseType: 'blob', showError: false }),
      );
    },
  };
}
