import { ApiStatus, type LoginRequest, type LoginResponse } from '@/domain/api';
import type { SecondFactorChallenge, SsoSignOnExtra } from '@/domain/authApi';
import { clearPortalStorage } from '@/storage';
import { ROUTER_BASENAME, SSO_LOGOUT_URL } from '@/config';
import { HttpError } from '@/dataProvider/httpClient';
import { shellApi } from '@/dataProvider/shell';
import { clearReadableCookies } from './cookies';
import { LOGIN_PATH } from './paths';
import { getAuth, markSignedOutHere, setAuth, type AuthState } from './session';

/**
 * Sign-in and sign-out, shared by the login page (outside react-admin) and the authProvider (inside).
 */
export async function signIn(credentials: LoginRequest): Promise<AuthState> {
  let answer: LoginResponse;
  try {
    answer = await shellApi.login(credentials);
  } catch (error) {
    throw asSecondFactor(error);
  }
  return startSession(answer);
}

/**
 * Two-factor on: the password step answers envelope status 21 with a challenge (no token). The login
 * page catches this error and asks for the code; nothing is stored until the code is confirmed.
 */
export class SecondFactorRequired extends Error {
  constructor(
    message: string,
    readonly challenge: SecondFactorChallenge,
    /** Set when the first step was an SSO hand-off, so the session is marked SSO once confirmed. */
    readonly sso = false,
  ) {
    super(message);
    this.name = 'SecondFactorRequired';
  }
}

/** The error as a SecondFactorRequired when it is the status-21 answer, else unchanged. */
export function asSecondFactor(error: unknown, sso = false): unknown {
  if (error instanceof HttpError && error.code === ApiStatus.SECOND_FACTOR_REQUIRED && error.data) {
    return new SecondFactorRequired(error.message, error.data as SecondFactorChallenge, sso);
  }
  return error;
}

/** What every way in ends with (password, SMS code, second factor, SSO): the stored session. */
export async function startSession(answer: LoginResponse & Partial<SsoSignOnExtra>): Promise<AuthState> {
  // A new sign-in starts clean: nothing of a previous user or merchant may leak into this session.
  // The query cache is loaded on demand so the login page does not carry react-query.
  clearPortalStorage();
  await import('@/dataProvider/queryClient').then(({ queryClient }) => queryClient.clear());
  const auth: AuthState = {
    token: answer.token,
    username: answer.username,
    email: answer.email ?? null,
    name: answer.name,
    phoneNumber: answer.phoneNumber ?? null,
    isLoginSSO: answer.isLoginSSO === true,
    ssoLogoutUrl: answer.ssoLogoutUrl ?? null,
    ...(answer.userType ? { userType: answer.userType } : {}),
  };
  setAuth(auth);
  return auth;
}

/** The second sign-in step: the code sent to the account phone. */
export async function confirmSecondFactor(challenge: SecondFactorChallenge, otpCode: string): Promise<AuthState> {
  const answer = await shellApi.confirmLoginCode({ challengeToken: challenge.challengeToken, otpId: challenge.otpId, otpCode });
  return startSession(answer);
}

/**
 * Spec §4 logout: POST logout silently, clear the stored data and the cookie, then go to the login page,
 * or to the SSO sign-out address for a user signed in by SSO. Returns where to go (a router path, or an
 * absolute URL for SSO) so each caller navigates in its own way.
 */
export async function signOut(): Promise<string> {
  const auth = getAuth();
  if (auth?.token) {
    try {
      await shellApi.logout();
    } catch {
      // Silent by spec: the local session ends whatever the server answers.
    }
  }
  markSignedOutHere();
  clearPortalStorage();
  clearReadableCookies(ROUTER_BASENAME);
  // The query cache is cleared by the caller once the signed-in screen is gone (react-admin's useLogout
  // does it after navigating); clearing it under mounted queries would refetch them without a token.
  // The server names the SSO sign-out address at sign-on; the build-time setting is the fallback.
  const ssoLogout = auth?.isLoginSSO ? auth.ssoLogoutUrl || SSO_LOGOUT_URL : '';
  return ssoLogout ? new URL(ssoLogout, window.location.origin).href : LOGIN_PATH;
}
