import { API_BASE_URL } from '@/config';
import { getChosenMerchantId } from '@/authProvider/session';
import { httpClient } from './httpClient';
import { createApiContext } from './api/context';
import { authApi } from './api/auth';
import { meApi } from './api/me';
import { merchantsApi } from './api/merchants';
import { accessApi } from './api/access';
import { storesApi } from './api/stores';
import { healthApi } from './api/health';

export type ShellApi = ReturnType<typeof authApi> &
  ReturnType<typeof meApi> &
  ReturnType<typeof merchantsApi> &
  ReturnType<typeof accessApi> &
  ReturnType<typeof storesApi> &
  ReturnType<typeof healthApi>;

/**
 * The named calls the sign-in pages and the authProvider make (sign-in, codes, the chosen merchant's
 * roles, stores and menu), without the other domains: the login page loads this, not the whole
 * dataProvider (./index.ts), which the lazy areas (QueryArea, AdminApp) bring with them.
 */
function createShellApi(): ShellApi {
  const ctx = createApiContext(API_BASE_URL, getChosenMerchantId);
  return {
    ...authApi(httpClient, ctx),
    ...meApi(httpClient, ctx),
    ...merchantsApi(httpClient, ctx),
    ...accessApi(httpClient, ctx),
    ...storesApi(httpClient, ctx),
    ...healthApi(httpClient, ctx),
  };
}

export const shellApi: ShellApi = createShellApi();
