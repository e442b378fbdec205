import { ApiPaths, StoreQrApiPaths, type StoreOption, type StoreQr, type StoreQrStatus } from '@/domain/api';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient, QueryParams } from '../httpClient';
import { apiCall, filterToQuery, sortToQuery, type ApiContext } from './context';

export type StoreExportFormat = 'csv' | 'xlsx';

export interface ExportStoresParams {
  format: StoreExportFormat;
  /** The list's filter values (keyword, isActive). */
  filter?: Record<string, unknown>;
  /** The list's sort; the export keeps its order. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

/** Offline stores beyond their CRUD list (server/routes/stores). */
export function storesApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getStoreOptions({ merchantCode, merchantId }: { merchantCode: string; merchantId: number }): Promise<StoreOption[]> {
      const response = await call<StoreOption[]>(ApiPaths.storeOptions, {
        query: { merchantCode, requestType: 'SEARCH_BY_MERCHANT_CODE', fieldNames: ['id', 'storeName'], pagingType: 'NO_PAGING' },
        merchantScoped: true,
        merchantId,
      });
      return response.data ?? [];
    },

    /** Every store the list's filter selects, as a file (never capped at a page). */
    async exportStores({ format, filter, sort }: ExportStoresParams): Promise<FetchedFile> {
      const query: QueryParams = { ...filterToQuery(filter), format };
      const sortQuery = sortToQuery(sort);
      if (sortQuery) query.sort = sortQuery;
      // The caller (downloadFile) tells the user the outcome, so the client's own error toast stays off.
      return fetchedFileOf(await call<Blob>(ApiPaths.merchantStoresExport, { query, responseType: 'blob', showError: false }));
    },

    /** How many stores of the chosen merchant have their all-in-one QR (server/routes/stores/qr.ts). */
    async getStoreQrStatus(): Promise<StoreQrStatus> {
      return (await call<StoreQrStatus>(StoreQrApiPaths.check, { showError: false })).data;
    },
    async generateStoreQrs(): Promise<StoreQrStatus & { generatedNow: number }> {
      return (await call<StoreQrStatus & { generatedNow: number }>(StoreQrApiPaths.trigger, { method: 'POST' })).data;
    },
    /** The store's QR data; errors (e.g. not generated yet) are shown by the dialog, not toasted. */
    async getStoreQr(storeId: number): Promise<StoreQr> {
      return (await call<StoreQr>(StoreQrApiPaths.storeQr, { params: { storeId }, showError: false })).data;
    },
    /** The PNG (an <img> cannot send the bearer token, so the image is fetched as a blob). */
    async getStoreQrPng(storeId: number, download = false): Promise<FetchedFile> {
      return fetchedFileOf(
        await call<Blob>(StoreQrApiPaths.storeQrPng, {
          params: { storeId },
          query: download ? { download: 'true' } : undefined,
          responseType: 'blob',
          showError: false,
        }),
      );
    },
  };
}
