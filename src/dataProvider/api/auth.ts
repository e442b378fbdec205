import { ApiPaths, type LoginRequest, type LoginResponse } from '@/domain/api';
import { AuthApiPaths, type SsoConfigAnswer, type SsoSignOnExtra } from '@/domain/authApi';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Signing in and out, SSO hand-offs and links, the password factor of SMS login (server/routes/auth). */
export function authApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    /** No auth; the login page shows the error itself. */
    async login(credentials: LoginRequest): Promise<LoginResponse> {
      return (await call<LoginResponse>(ApiPaths.login, { method: 'POST', body: credentials, noAuth: true, showError: false })).data;
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
    /** Links the identity of the IdP's token to the signed-in account; resolves with the spec §7 message. */
    async linkSso(body: { token: string; nonce: string }): Promise<string> {
      return (await call(AuthApiPaths.ssoLink, { method: 'POST', body, showError: false })).message;
    },
    /** SMS login on a two-factor account: the password finishes the sign-in. No auth. */
    async confirmPasswordFactor(body: { challengeToken: string; password: string }): Promise<LoginResponse> {
      return (await call<LoginResponse>(AuthApiPaths.loginPasswordConfirm, { method: 'POST', body, noAuth: true, showError: false })).data;
    },
  };
}
