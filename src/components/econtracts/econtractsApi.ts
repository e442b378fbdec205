import { API_BASE_URL } from '@/config';
import { httpClient, type RequestOptions } from '@/dataProvider/httpClient';
import {
  BiometricApiPaths,
  EContractApiPaths,
  type BiometricSession,
  type BiometricState,
  type EContractDetail,
  type EContractOtp,
  type SignContractInput,
} from '@/domain/econtracts';
import { fileNameFromContentDisposition, type FetchedFile } from '@/files';

/**
 * The e-contract and biometric calls that are not CRUD, shared by the onboarding steps and the
 * e-contract resource. `showError` stays on unless the caller shows the error itself.
 */
const url = (template: string, params: Record<string, string | number>) =>
  `${API_BASE_URL}${template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])))}`;

const scoped = (merchantId: number, options: RequestOptions = {}): RequestOptions => ({ merchantScoped: true, merchantId, ...options });

export async function getPendingContract(merchantId: number, options: RequestOptions = {}): Promise<EContractDetail | null> {
  return (await httpClient<EContractDetail | null>(url(EContractApiPaths.pending, { merchantId }), scoped(merchantId, options))).data ?? null;
}

export async function getContract(merchantId: number, contractId: number): Promise<EContractDetail> {
  return (await httpClient<EContractDetail>(url(EContractApiPaths.detail, { merchantId, contractId }), scoped(merchantId))).data;
}

/** The PDF: `inline` to show it in the page, `attachment` to save it (and enter the history). */
export async function fetchContractPdf(merchantId: number, contractId: number, disposition: 'inline' | 'attachment'): Promise<FetchedFile> {
  const response = await httpClient<Blob>(
    url(EContractApiPaths.document, { merchantId, contractId }),
    scoped(merchantId, { query: { disposition }, responseType: 'blob', showError: false }),
  );
  return {
    blob: response.data,
    fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type'),
  };
}

export async function sendSignCode(merchantId: number, contractId: number): Promise<EContractOtp> {
  return (
    await httpClient<EContractOtp>(url(EContractApiPaths.otp, { merchantId, contractId }), scoped(merchantId, { method: 'POST', showError: false }))
  ).data;
}

export async function signContract(merchantId: number, contractId: number, body: SignContractInput): Promise<EContractDetail> {
  return (
    await httpClient<EContractDetail>(
      url(EContractApiPaths.sign, { merchantId, contractId }),
      scoped(merchantId, { method: 'POST', body, showError: false }),
    )
  ).data;
}

export async function getBiometricState(merchantId: number): Promise<BiometricState> {
  return (await httpClient<BiometricState>(url(BiometricApiPaths.state, { merchantId }), scoped(merchantId))).data;
}

export async function startBiometricSession(merchantId: number): Promise<BiometricSession> {
  return (await httpClient<BiometricSession>(url(BiometricApiPaths.sessions, { merchantId }), scoped(merchantId, { method: 'POST' }))).data;
}

export async function getBiometricSession(merchantId: number, sessionId: string): Promise<BiometricSession> {
  return (await httpClient<BiometricSession>(url(BiometricApiPaths.session, { merchantId, sessionId }), scoped(merchantId))).data;
}

export async function skipBiometric(merchantId: number): Promise<BiometricState> {
  return (await httpClient<BiometricState>(url(BiometricApiPaths.skip, { merchantId }), scoped(merchantId, { method: 'POST' }))).data;
}

export async function completeBiometricDemo(merchantId: number, sessionId: string): Promise<BiometricSession> {
  return (
    await httpClient<BiometricSession>(url(BiometricApiPaths.demoComplete, { merchantId, sessionId }), scoped(merchantId, { method: 'POST' }))
  ).data;
}
