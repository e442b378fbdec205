import type { SsoHandOff } from '@/domain/authApi';
import { secureSession } from '@/storage';

/** Session storage key (encrypted, prefixed like every portal key; docs/contract.md "Storage"). */
export const SSO_HAND_OFF_KEY = 'ssoHandOff';

/** A hand-off older than this is refused like a wrong one: the IdP's sign-in takes minutes, not hours. */
export const SSO_HAND_OFF_MAX_AGE_MS = 15 * 60_000;

function randomValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Starts an SSO hand-off from this browser (login CSRF): a random `state` and `nonce` are kept in
 * this tab's encrypted session storage and sent to the IdP, OIDC-style, as query parameters of its
 * sign-in address. Returns where to send the browser.
 */
export function beginSsoHandOff(loginUrl: string, purpose: SsoHandOff['purpose'], returnTo?: string, now = Date.now()): string {
  const handOff: SsoHandOff = { state: randomValue(), nonce: randomValue(), purpose, startedAt: now, ...(returnTo ? { returnTo } : {}) };
  secureSession.set(SSO_HAND_OFF_KEY, handOff);
  const url = new URL(loginUrl, window.location.origin);
  url.searchParams.set('state', handOff.state);
  url.searchParams.set('nonce', handOff.nonce);
  return url.href;
}

/**
 * The hand-off this browser started, if the IdP returned its `state`; single use (removed at once).
 * Null when this browser started none, the state differs (a hand-off begun elsewhere, e.g. an
 * attacker's link) or it is too old: the caller then signs nothing in.
 */
export function takeSsoHandOff(returnedState: string | null, now = Date.now()): SsoHandOff | null {
  const stored = secureSession.get<SsoHandOff>(SSO_HAND_OFF_KEY);
  secureSession.remove(SSO_HAND_OFF_KEY);
  if (!stored || !returnedState || stored.state !== returnedState) return null;
  if (!(now - stored.startedAt >= 0 && now - stored.startedAt <= SSO_HAND_OFF_MAX_AGE_MS)) return null;
  return stored;
}

/** What the IdP put in the return address's fragment: the token (`token`, or OIDC's `id_token`) and `state`. */
export function readSsoReturn(hash: string): { token: string | null; state: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return { token: params.get('token') ?? params.get('id_token'), state: params.get('state') };
}

/** An identity returned for linking, waiting for the account's password on the account screen. */
export interface PendingSsoLink {
  token: string;
  nonce: string;
}

// Memory only (never storage): the hand-off token opens a link, and a reload simply drops it.
let pendingLink: PendingSsoLink | null = null;

/** /auth/sso-check hands the returned identity to the account screen, which asks for the password. */
export function holdSsoLink(link: PendingSsoLink): void {
  pendingLink = link;
}

export function pendingSsoLink(): PendingSsoLink | null {
  return pendingLink;
}

export function clearSsoLink(): void {
  pendingLink = null;
}
