import { ApiPaths, MerchantInfoApiPaths, type Merchant, type Page } from '@/domain/api';
import type {
  CategoryType,
  LinkMerchantInput,
  MerchantCategory,
  MerchantDocument,
  MerchantDocumentType,
  MerchantEditInput,
  MerchantInfo,
  MerchantValidations,
  RegisterMerchantInput,
} from '@/domain/merchantInfo';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Calls of the merchant-info page (server/routes/merchant-info). Failures toast the server's message (§8). */
export function merchantInfoApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getMerchantInfo(merchantId: number): Promise<MerchantInfo> {
      return (await call<MerchantInfo>(MerchantInfoApiPaths.info, { merchantId, showError: false })).data;
    },
    async saveMerchantInfo(merchantId: number, input: MerchantEditInput): Promise<MerchantInfo> {
      return (await call<MerchantInfo>(MerchantInfoApiPaths.info, { method: 'POST', body: input, merchantId, showSuccess: true })).data;
    },
    /** Upload of a new document, or replacement of `documentId` when given. */
    async uploadMerchantDocument(
      merchantId: number,
      file: File,
      target: { type: MerchantDocumentType } | { documentId: number },
    ): Promise<MerchantDocument> {
      const form = new FormData();
      form.append('file', file, file.name);
      const replace = 'documentId' in target;
      return (
        await call<MerchantDocument>(replace ? MerchantInfoApiPaths.document : MerchantInfoApiPaths.documents, {
          method: 'POST',
          body: form,
          params: replace ? { documentId: target.documentId } : {},
          query: 'type' in target ? { type: target.type } : undefined,
          merchantId,
          showSuccess: true,
        })
      ).data;
    },
    /** The file of a document; the caller (downloadFile or the preview) tells the user the outcome. */
    async getMerchantDocumentFile(merchantId: number, documentId: number): Promise<FetchedFile> {
      return fetchedFileOf(
        await call<Blob>(MerchantInfoApiPaths.documentFile, { params: { documentId }, merchantId, responseType: 'blob' }),
      );
    },
    async getMerchantCategories(type: CategoryType): Promise<MerchantCategory[]> {
      return (await call<MerchantCategory[]>(MerchantInfoApiPaths.categories, { query: { type }, showError: false })).data;
    },
    async getMerchantValidations(): Promise<MerchantValidations> {
      return (await call<MerchantValidations>(MerchantInfoApiPaths.validations, { showError: false })).data;
    },
    async registerMerchant(input: RegisterMerchantInput): Promise<MerchantInfo> {
      return (await call<MerchantInfo>(MerchantInfoApiPaths.register, { method: 'POST', body: input, showSuccess: true })).data;
    },
    async linkMerchant(input: LinkMerchantInput): Promise<MerchantInfo> {
      return (await call<MerchantInfo>(MerchantInfoApiPaths.linkedMerchants, { method: 'POST', body: input, showSuccess: true })).data;
    },
    /** The caller's merchants (the master picker of the link form). */
    async getMyMerchants(): Promise<Merchant[]> {
      const response = await call<Page<Merchant>>(ApiPaths.merchants, {
        query: { requestType: 'LOGIN_MERCHANTS', pageNumber: 0, pageSize: 100 },
        showError: false,
      });
      return response.data.content;
    },
  };
}
