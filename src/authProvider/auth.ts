import type { LoginRequest } from '@/domain/api';
import { clearPortalStorage } from '@/storage';
import { ROUTER_BASENAME, SSO_LOGOUT_URL } from '@/config';
import { dataProvider } from '@/dataProvider';
import { clearReadableCookies } from './cookies';
import { LOGIN_PATH } from './paths';
import { getAuth, setAuth, type AuthState } from './session';

/**
 * Sign-in and sign-out, shared by the login page (outside react-admin) and the authProvider (inside).
 */
export async function signIn(credentials: LoginRequest): Promise<AuthState> {
  const answer = await dataProvider.login(credentials);
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
    isLoginSSO: false,
  };
  setAuth(auth);
  return auth;
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
      await dataProvider.logout();
    } catch {
      // Silent by spec: the local session ends whatever the server answers.
    }
  }
  clearPortalStorage();
  clearReadableCookies(ROUTER_BASENAME);
  // The query cache is cleared by the caller once the signed-in screen is gone (react-admin's useLogout
  // does it after navigating); clearing it under mounted queries would refetch them without a token.
  return auth?.isLoginSSO && SSO_LOGOUT_URL ? SSO_LOGOUT_URL : LOGIN_PATH;
}
