/** Storage key names of docs/contract.md, kept apart from the crypto so a module that only needs a name does not pull crypto-js in. */

/** Every portal key in localStorage / sessionStorage starts with it; "clear" removes only these. */
export const STORAGE_PREFIX = 'mp.';

/** The language preference (spec §3, §4): sealed like the rest, the one portal key without the prefix. */
export const LANG_KEY = 'langKey';

/** Logical keys (the prefix is added by the storage). */
export const StorageKeys = {
  auth: 'auth',
  common: 'common',
  role: 'role',
  merchants: 'merchants',
  merchantStore: 'merchantStore',
  storeOption: 'storeOption',
  currentStore: 'currentStore',
  currentMerchant: 'currentMerchant',
  storeList: 'storeList',
  businessPartner: 'businessPartner',
  chatTokenKey: 'chatTokenKey',
  wantedPath: 'wantedPath',
  nfcSkipped: 'nfcSkipped',
  reportFilter: (path: string) => `reportFilter:${path}`,
} as const;

/** Keys of react-admin's own store live under this logical prefix (so 'mp.ra.<key>' in storage). */
export const RA_STORE_PREFIX = 'ra.';
