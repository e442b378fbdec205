import { clearPortalStorage } from '@/storage';
import { ROUTER_BASENAME } from '@/config';
import { clearReadableCookies } from './cookies';
import { loginPathFor, SESSION_EXPIRED_REASON } from './paths';

let leaving = false;

/**
 * Forced logout (spec §4 and §8: HTTP 401 or the session-expired envelope status). The token is already
 * dead, so the logout endpoint is not called (it would only answer 401 again); the portal's storage and
 * cookies are cleared and the page is replaced by the login page with a full load, which also drops every
 * in-memory cache. The current /app path is kept so the user returns to it after signing in again.
 */
export function forceLogout(): void {
  if (leaving) return;
  leaving = true;
  clearPortalStorage();
  clearReadableCookies(ROUTER_BASENAME);
  const { pathname, search } = window.location;
  const target = loginPathFor(`${pathname}${search}`, SESSION_EXPIRED_REASON);
  window.location.replace(`${ROUTER_BASENAME === '/' ? '' : ROUTER_BASENAME}${target}`);
}
