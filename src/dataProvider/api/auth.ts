import { ApiPaths, type LoginRequest, type LoginResponse } from '@/domain/api';
import {
  AuthApiPaths,
  type OtpSent,
  type RecoveryMethod,
  type SecurityInfo,
  type SsoConfigAnswer,
  type SsoSignOnExtra,
  type TwoFactorConfig,
} from '@/domain/authApi';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/**
 * Signing in and out, SSO hand-offs and links, the password factor of SMS login, and the signed-in
 * user's own account security (server/routes/auth; the caller's account only, no merchant scope).
 */
export function authApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const publicPost = async <T>(path: string, body: unknown): Promise<{ data: T; message: string }> => {
    const res = await call<T>(path, { method: 'POST', body, noAuth: true, showError: false });
    return { data: res.data, message: res.message };
  };
  return {
    /** No auth; the login page shows the error itself. */
    async login(credentials: LoginRequest): Promise<LoginResponse> {
      return (await call<LoginResponse>(ApiPaths.login, { method: 'POST', body: credentials, noAuth: true, showError: false })).data;
    },
    /** The second sign-in step: the code sent to the account phone (no auth; the page shows the error). */
    async confirmLoginCode(body: { challengeToken: string; otpId: string; otpCode: string }): Promise<LoginResponse & Partial<SsoSignOnExtra>> {
      return (
        await call<LoginResponse & Partial<SsoSignOnExtra>>(AuthApiPaths.loginOtpConfirm, { method: 'POST', body, noAuth: true, showError: false })
      ).data;
    },
    /** Silent (spec §7). */
    async logout(): Promise<void> {
      await call(ApiPaths.logout, { method: 'POST', silent: true });
    },
    /** Where "sign in with SSO" goes (null: not configured). No auth. */
    async ssoConfig(): Promise<SsoConfigAnswer> {
      return (await call<SsoConfigAnswer>(AuthApiPaths.ssoConfig, { noAuth: true, showError: false })).data;
    },
    /** The IdP's token and the nonce this browser made; a two-factor account answers status 21 (thrown). */
    async ssoSignOn(body: { token: string; nonce: string }): Promise<LoginResponse & SsoSignOnExtra> {
      return (await call<LoginResponse & SsoSignOnExtra>(AuthApiPaths.ssoSignOn, { method: 'POST', body, noAuth: true, showError: false })).data;
    },
    /**
     * Links the identity of the IdP's token to the signed-in account, confirmed by the account's
     * password; resolves with the spec §7 message. Silent: the link step shows every refusal beside the
     * password, and a spent hand-off (401) must not sign the user out.
     */
    async linkSso(body: { token: string; nonce: string; password: string }): Promise<string> {
      return (await call(AuthApiPaths.ssoLink, { method: 'POST', body, silent: true })).message;
    },
    /** Removes the account's SSO identities, confirmed by its password; resolves with the server's message. */
    async unlinkSso(password: string): Promise<string> {
      return (await call(AuthApiPaths.ssoUnlink, { method: 'POST', body: { password }, showError: false })).message;
    },
    twoFactorConfig: async () => (await call<TwoFactorConfig>(AuthApiPaths.twoFactorConfig)).data,
    securityInfo: async () => (await call<SecurityInfo>(AuthApiPaths.securityInfo)).data,
    recoveryMethods: async () => (await call<RecoveryMethod[]>(AuthApiPaths.recoveryMethods)).data,
    async updateMe(body: { fullname: string; email: string }): Promise<void> {
      await call(AuthApiPaths.updateMe, { method: 'POST', body, showSuccess: true });
    },
    /** Errors are shown on the field by the form, not as a toast. */
    async checkPassword(password: string): Promise<void> {
      await call(AuthApiPaths.passwordCheck, { method: 'POST', body: { password }, showError: false });
    },
    async changePassword(body: { currentPassword: string; password: string; passwordConfirm: string }): Promise<void> {
      await call(AuthApiPaths.passwordChange, { method: 'POST', body, showSuccess: true });
    },
    /** Without a code: sends one. */
    sendTwoFactorCode: async (enable: boolean) =>
      (await call<OtpSent>(enable ? AuthApiPaths.twoFactorOn : AuthApiPaths.twoFactorOff, { method: 'POST', body: {} })).data,
    /** With the code: switches; the server's message is toasted, a refusal is shown by the code step. */
    async confirmTwoFactor(enable: boolean, otpId: string, otpCode: string): Promise<void> {
      await call(enable ? AuthApiPaths.twoFactorOn : AuthApiPaths.twoFactorOff, { method: 'POST', body: { otpId, otpCode }, showSuccess: true, showError: false });
    },
    async registerSmartOtp(): Promise<void> {
      await call(AuthApiPaths.twoFactorRegister, { method: 'POST', showSuccess: true });
    },
    // --- The public ways in: no auth; the pages show errors beside the form, not as toasts. -------
    /** SMS login, step 1: a code to the phone (the answer's message says where). */
    sendLoginSmsCode: (phoneNumber: string) => publicPost<OtpSent>(AuthApiPaths.loginSmsOtp, { phoneNumber }),
    /** SMS login, step 2: a session, or (two-factor on) status 21 with a PASSWORD challenge, thrown. */
    loginSms: async (body: { phoneNumber: string; otpId: string; otpCode: string }) => (await publicPost<LoginResponse>(AuthApiPaths.loginSms, body)).data,
    /** A new second-factor code for a challenge. */
    resendLoginCode: async (challengeToken: string) => (await publicPost<OtpSent>(AuthApiPaths.loginOtpResend, { challengeToken })).data,
    /** Forgot password, step 1: a code to the account phone. */
    sendPasswordResetCode: (phoneNumber: string) => publicPost<OtpSent>(AuthApiPaths.passwordVerify, { phoneNumber }),
    /** Forgot password, step 2: the code and the new password; resolves with the server's message. */
    resetPassword: async (body: Record<string, string>) => (await publicPost(AuthApiPaths.passwordReset, body)).message,
    /** Sign-up, SEND_VERIFY_CODE. */
    sendSignUpCode: (body: { channel: string; phoneNumber?: string; email?: string }) =>
      publicPost<OtpSent>(AuthApiPaths.signUp, { requestType: 'SEND_VERIFY_CODE', ...body }),
    /** Sign-up, SIGN_UP with the code; resolves with the server's message. */
    signUp: async (body: Record<string, string>) => (await publicPost(AuthApiPaths.signUp, { requestType: 'SIGN_UP', ...body })).message,
    /** A business asks to be contacted; resolves with the server's message. */
    sendMerchantLead: async (body: Record<string, string>) => (await publicPost(AuthApiPaths.merchantLeads, body)).message,
    /** SMS login on a two-factor account: the password finishes the sign-in. No auth. */
    async confirmPasswordFactor(body: { challengeToken: string; password: string }): Promise<LoginResponse> {
      return (await call<LoginResponse>(AuthApiPaths.loginPasswordConfirm, { method: 'POST', body, noAuth: true, showError: false })).data;
    },
  };
}
