/** Calls of the merchant-info page (server/routes/merchant-info). Failures toast the server's message (§8). */
import { API_BASE_URL } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import { ApiPaths, type Merchant, type Page } from '@/domain/api';
import {
  MerchantInfoApiPaths,
  type CategoryType,
  type LinkMerchantInput,
  type MerchantCategory,
  type MerchantDocument,
  type MerchantDocumentType,
  type MerchantEditInput,
  type MerchantInfo,
  type MerchantValidations,
  type RegisterMerchantInput,
} from '@/domain/merchantInfo';

const url = (path: string, params: Record<string, number> = {}) => {
  let out = path;
  for (const [key, value] of Object.entries(params)) out = out.replace(`:${key}`, encodeURIComponent(String(value)));
  return `${API_BASE_URL}${out}`;
};

export const infoQueryKey = (merchantId: number) => ['merchant-info', merchantId] as const;

export async function fetchInfo(merchantId: number): Promise<MerchantInfo> {
  return (await httpClient<MerchantInfo>(url(MerchantInfoApiPaths.info, { merchantId }), { merchantScoped: true, merchantId, showError: false })).data;
}

export async function saveInfo(merchantId: number, input: MerchantEditInput): Promise<MerchantInfo> {
  return (
    await httpClient<MerchantInfo>(url(MerchantInfoApiPaths.info, { merchantId }), {
      method: 'POST',
      body: input,
      merchantScoped: true,
      merchantId,
      showSuccess: true,
    })
  ).data;
}

/** Upload of a new document, or replacement of `documentId` when given. */
export async function uploadDocument(
  merchantId: number,
  file: File,
  target: { type: MerchantDocumentType } | { documentId: number },
): Promise<MerchantDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  const path =
    'documentId' in target
      ? url(MerchantInfoApiPaths.document, { merchantId, documentId: target.documentId })
      : url(MerchantInfoApiPaths.documents, { merchantId });
  return (
    await httpClient<MerchantDocument>(path, {
      method: 'POST',
      body: form,
      query: 'type' in target ? { type: target.type } : undefined,
      merchantScoped: true,
      merchantId,
      showSuccess: true,
    })
  ).data;
}

export async function fetchDocumentFile(merchantId: number, documentId: number) {
  const response = await httpClient<Blob>(url(MerchantInfoApiPaths.documentFile, { merchantId, documentId }), {
    merchantScoped: true,
    merchantId,
    responseType: 'blob',
  });
  return { blob: response.data as unknown, fileName: response.headers.get('content-disposition'), contentType: response.headers.get('content-type') };
}

export async function fetchCategories(type: CategoryType): Promise<MerchantCategory[]> {
  return (await httpClient<MerchantCategory[]>(url(MerchantInfoApiPaths.categories), { query: { type }, showError: false })).data;
}

export async function fetchValidations(): Promise<MerchantValidations> {
  return (await httpClient<MerchantValidations>(url(MerchantInfoApiPaths.validations), { showError: false })).data;
}

export async function registerMerchant(input: RegisterMerchantInput): Promise<MerchantInfo> {
  return (await httpClient<MerchantInfo>(url(MerchantInfoApiPaths.register), { method: 'POST', body: input, showSuccess: true })).data;
}

export async function linkMerchant(input: LinkMerchantInput): Promise<MerchantInfo> {
  return (await httpClient<MerchantInfo>(url(MerchantInfoApiPaths.linkedMerchants), { method: 'POST', body: input, showSuccess: true })).data;
}

/** The caller's merchants (for the master picker of the link form). */
export async function fetchMyMerchants(): Promise<Merchant[]> {
  const response = await httpClient<Page<Merchant>>(url(ApiPaths.merchants), {
    query: { requestType: 'LOGIN_MERCHANTS', pageNumber: 0, pageSize: 100 },
    showError: false,
  });
  return response.data.content;
}
