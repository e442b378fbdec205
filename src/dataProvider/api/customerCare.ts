import { CustomerCareApiPaths as Paths, type Page } from '@/domain/api';
import type { Audience } from '@/domain/audience';
import type {
  BroadcastDetail,
  BroadcastImage,
  BroadcastRecipient,
  BroadcastStatus,
  BroadcastSummary,
  BroadcastValues,
  CarePage,
  DemographicPopulation,
  Demographics,
  RecipientState,
} from '@/domain/customerCare';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

export interface CareTag {
  id: number;
  name: string;
  color: string;
}

export interface CarePaymentLink {
  id: number;
  code: string;
  title: string;
  amountType: string;
  amount: number | null;
}

/**
 * Customer care (server/routes/customer-care, BUSINESS_PAGE_CUSTOMER_CARE): the pages, a page's
 * demographics and their export, and its broadcasts (live audience count, preview, picture, create,
 * detail, recipients, cancel).
 */
export function customerCareApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const page = (pageId: number) => ({ params: { pageId } });
  return {
    async carePages(): Promise<CarePage[]> {
      return (await call<CarePage[]>(Paths.pages)).data;
    },
    async careDemographics(pageId: number, population: DemographicPopulation): Promise<Demographics> {
      return (await call<Demographics>(Paths.demographics, { ...page(pageId), query: { population } })).data;
    },
    /** The demographics as CSV or XLSX; the caller (downloadFile) tells the user the outcome. */
    async exportCareDemographics(pageId: number, population: DemographicPopulation, format: 'csv' | 'xlsx'): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(Paths.demographicsExport, { ...page(pageId), query: { population, format }, responseType: 'blob', showError: false }));
    },
    async careTags(pageId: number): Promise<CareTag[]> {
      return (await call<CareTag[]>(Paths.tags, page(pageId))).data;
    },
    async carePaymentLinks(pageId: number): Promise<CarePaymentLink[]> {
      return (await call<CarePaymentLink[]>(Paths.paymentLinks, page(pageId))).data;
    },
    async careBroadcasts(pageId: number, q: { status?: BroadcastStatus; pageNumber: number; pageSize: number }): Promise<Page<BroadcastSummary>> {
      return (await call<Page<BroadcastSummary>>(Paths.broadcasts, { ...page(pageId), query: { status: q.status, pageNumber: q.pageNumber, pageSize: q.pageSize } })).data;
    },
    async broadcastAudienceCount(pageId: number, audience: Audience): Promise<number> {
      return (await call<{ count: number }>(Paths.audienceCount, { ...page(pageId), method: 'POST', body: { audience }, showError: false })).data.count;
    },
    async broadcastPreview(pageId: number, message: string, audience: Audience): Promise<{ text: string; customerName: string; sample: boolean }> {
      return (await call<{ text: string; customerName: string; sample: boolean }>(Paths.preview, { ...page(pageId), method: 'POST', body: { message, audience }, showError: false })).data;
    },
    async uploadBroadcastImage(pageId: number, file: File): Promise<BroadcastImage> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await call<BroadcastImage>(Paths.images, { ...page(pageId), method: 'POST', body: form })).data;
    },
    async createBroadcast(pageId: number, input: BroadcastValues): Promise<BroadcastDetail> {
      return (await call<BroadcastDetail>(Paths.broadcasts, { ...page(pageId), method: 'POST', body: input })).data;
    },
    async careBroadcast(pageId: number, broadcastId: number): Promise<BroadcastDetail> {
      return (await call<BroadcastDetail>(Paths.broadcast, { params: { pageId, broadcastId } })).data;
    },
    async broadcastRecipients(pageId: number, broadcastId: number, q: { state?: RecipientState; pageNumber: number; pageSize: number }): Promise<Page<BroadcastRecipient>> {
      return (await call<Page<BroadcastRecipient>>(Paths.recipients, { params: { pageId, broadcastId }, query: { state: q.state, pageNumber: q.pageNumber, pageSize: q.pageSize } })).data;
    },
    async cancelBroadcast(pageId: number, broadcastId: number): Promise<void> {
      await call(Paths.cancel, { params: { pageId, broadcastId }, method: 'POST' });
    },
  };
}
