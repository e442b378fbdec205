/**
 * Build-time settings of the portal. Every value comes from a `VITE_*` variable with a default, so the
 * same source builds the demo product and can be aimed at another API that speaks the same contract
 * (architecture.md: "The portal's own settings are build-time VITE_* variables with defaults").
 */

/** A setting is "unset" when missing or blank: an empty `VITE_X=` in a .env must not erase a default. */
function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

const env = import.meta.env;

/** Base of the merchant API; relative by default so the portal and API share one origin. */
export const API_BASE_URL = setting(env.VITE_API_BASE_URL, '/api').replace(/\/+$/, '');
/** The product's name, used where the spec writes `{product}`. */
export const PRODUCT_NAME = setting(env.VITE_PRODUCT_NAME, 'Ví Xanh');
/** The product's code (spec §3 `{product}Account`, `{product}_WALLET`). */
export const PRODUCT_CODE = setting(env.VITE_PRODUCT_CODE, 'VIXANH');
export const SUPPORT_EMAIL = setting(env.VITE_SUPPORT_EMAIL, 'hotro@vixanh.vn');
export const COMPANY_ADDRESS = setting(
  env.VITE_COMPANY_ADDRESS,
  'Công ty Cổ phần Ví Xanh, 10 Phạm Văn Bạch, phường Cầu Giấy, Hà Nội',
);
/** Store links default to the stores' own search pages, which always resolve, until an operator sets the app's page. */
export const APP_STORE_URL = setting(env.VITE_APP_STORE_URL, 'https://www.apple.com/vn/app-store/');
export const PLAY_STORE_URL = setting(
  env.VITE_PLAY_STORE_URL,
  'https://play.google.com/store/search?q=V%C3%AD%20Xanh&c=apps',
);
/** Where a user signed in by SSO is sent on logout (spec §4). Empty: SSO users go to the login page too. */
export const SSO_LOGOUT_URL = setting(env.VITE_SSO_LOGOUT_URL, '');
export const HOTLINE = setting(env.VITE_HOTLINE, '1900 636 652');

/** Spec §1: app version and build label shown in the footer. */
export const APP_VERSION = '1.25.100';
export const BUILD_LABEL = 'production-1.25.100';

/**
 * The router's basename: Vite's `base` without its trailing slash ('/portal'). Taken from the build so
 * the router, the hard redirects of a forced logout and the asset URLs can never disagree.
 */
export const ROUTER_BASENAME = (env.BASE_URL ?? '/portal/').replace(/\/+$/, '') || '/';
