import type { AuthProvider } from 'react-admin';
import { AUTH_FAILURE_ENVELOPE_STATUS, AUTH_FAILURE_HTTP_STATUS } from '@/domain/api';
import { canAccess, type AccessEntry } from './canAccess';
import { fetchAllowedRouteCodes } from './allowedRoutes';
import { signIn, signOut } from './auth';
import { LOGIN_PATH, loginPathFor, SESSION_EXPIRED_REASON } from './paths';
import { getAuth, isSignedIn, signedOutHere } from './session';

/**
 * react-admin's authProvider. Only types come from react-admin, so the shell can share this module's
 * helpers without loading react-admin.
 */

/** HTTP 401 or the session-expired envelope status: the two auth failures that log out (403 does not). */
export function isAuthFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { status, code, body } = error as { status?: unknown; code?: unknown; body?: { status?: unknown } };
  return (
    status === AUTH_FAILURE_HTTP_STATUS ||
    code === AUTH_FAILURE_ENVELOPE_STATUS ||
    body?.status === AUTH_FAILURE_ENVELOPE_STATUS
  );
}

function currentAppPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** react-admin's authProvider; canAccess reads the resource list the composition root (AdminApp) hands in. */
export function createAuthProvider(resources: readonly AccessEntry[]): AuthProvider {
  return {
    async login(params: { username: string; password: string }) {
      await signIn(params);
    },

    async logout() {
      return signOut();
    },

    async checkAuth() {
      if (!isSignedIn()) {
        // message: false: the login page is explanation enough; the wanted path comes back after sign-in
        // (unless the user signed out here: then the screen they left is not where the next person goes).
        throw { redirectTo: signedOutHere() ? LOGIN_PATH : loginPathFor(currentAppPath()), message: false };
      }
    },

    async checkError(error) {
      if (isAuthFailure(error)) {
        // A late answer to a request sent before this tab's own sign-out: the user is already on their way out.
        if (signedOutHere()) throw { redirectTo: LOGIN_PATH, logoutUser: false, message: false };
        // The httpClient's forced logout is already leaving for this same URL; react-admin's own logout
        // must not send the user somewhere else (it may win the race with the full-page navigation).
        throw { redirectTo: loginPathFor(currentAppPath(), SESSION_EXPIRED_REASON), logoutUser: true, message: false };
      }
      // 403 and every other error: the user stays signed in (spec §4, contract).
    },

    async getIdentity() {
      const auth = getAuth();
      if (!auth) throw new Error('Not signed in');
      return { id: auth.username, fullName: auth.name || auth.username };
    },

    async canAccess({ resource, action }) {
      return canAccess(await fetchAllowedRouteCodes(), { resource, action }, resources);
    },
  };
}
