import { AuthApiPaths, type ContactInfo, type OtpSent } from '@/domain/authApi';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** The signed-in user's phone and e-mail and their verification (server/routes/auth/contacts.ts). */
export function contactsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getContacts(): Promise<ContactInfo[]> {
      return (await call<ContactInfo[]>(AuthApiPaths.contacts)).data ?? [];
    },
    /** Sends a code to the contact (a refusal is toasted). */
    async sendContactCode(channel: ContactInfo['channel']): Promise<OtpSent> {
      return (await call<OtpSent>(AuthApiPaths.contactVerify, { method: 'POST', body: { channel } })).data;
    },
    /** With the code: the server's message is toasted, a refusal is shown by the code step. */
    async confirmContact(channel: ContactInfo['channel'], otpId: string, otpCode: string): Promise<void> {
      await call(AuthApiPaths.contactVerify, { method: 'POST', body: { channel, otpId, otpCode }, showSuccess: true, showError: false });
    },
  };
}
