import { ROUTER_BASENAME } from '@/config';

/**
 * Paths of the shell (router-relative, i.e. without the /portal basename) and the one rule for which
 * "wanted paths" may be returned to after sign-in or onboarding.
 */
/** Segments of spec §2, spelled once: the router and the pages (`ChooseMerchantPage.path`) use these. */
export const AuthPaths = {
  login: 'login',
  loginSms: 'login-sms',
  forgotPassword: 'forgot-passwd',
  signup: 'signup',
  ssoCheck: 'sso-check',
} as const;
export const OnboardPaths = {
  chooseMerchant: 'merchants-choose',
  econtractSign: 'econtract-sign',
  authenticationNfc: 'authentication-nfc',
} as const;

export const LOGIN_PATH = `/auth/${AuthPaths.login}`;
export const CHOOSE_MERCHANT_PATH = `/onboard/${OnboardPaths.chooseMerchant}`;
export const ECONTRACT_SIGN_PATH = `/onboard/${OnboardPaths.econtractSign}`;
export const AUTHENTICATION_NFC_PATH = `/onboard/${OnboardPaths.authenticationNfc}`;
export const HEALTH_PATH = '/health';
export const APP_PATH = '/app';
export const WELCOME_PATH = '/app/welcome';
/** The provider's operator area (INTERNAL_USER only). */
export const OPS_PATH = '/ops';

/** Query parameter of the login page carrying the wanted path. */
export const REDIRECT_PARAM = 'redirect';
/** Query parameter telling the login page why the user is there (a forced logout). */
export const REASON_PARAM = 'reason';
export const SESSION_EXPIRED_REASON = 'session';

/**
 * A wanted path is only ever a path inside /app: anything else (another origin, a protocol-relative
 * '//host', backslashes that some browsers read as slashes, the onboarding steps themselves) is
 * refused, so ?redirect= can never become an open redirect or a loop. The basename may be included.
 */
export function sanitizeAppPath(raw: unknown, basename: string = ROUTER_BASENAME): string | null {
  if (typeof raw !== 'string') return null;
  let path = raw.trim();
  if (!path) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(path) || path.startsWith('//')) return null;
  if (basename && basename !== '/' && (path === basename || path.startsWith(`${basename}/`))) {
    path = path.slice(basename.length) || '/';
  }
  if (path !== APP_PATH && !path.startsWith(`${APP_PATH}/`) && !path.startsWith(`${APP_PATH}?`)) return null;
  try {
    // Resolving against a dummy origin normalises dot segments ('/app/../auth') and must stay on it.
    const url = new URL(path, 'https://portal.invalid');
    if (url.origin !== 'https://portal.invalid') return null;
    if (url.pathname !== APP_PATH && !url.pathname.startsWith(`${APP_PATH}/`)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The login page URL that brings the user back to `wanted` afterwards. */
export function loginPathFor(wanted?: string | null, reason?: string, basename: string = ROUTER_BASENAME): string {
  const params = new URLSearchParams();
  const safe = sanitizeAppPath(wanted, basename);
  if (safe) params.set(REDIRECT_PARAM, safe);
  if (reason) params.set(REASON_PARAM, reason);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}
