/**
 * Encrypted browser storage of the portal (spec §1: everything the portal keeps in local and session
 * storage is encrypted; if decryption fails, the portal's storage is cleared). What this protects and
 * what it does not: docs/decisions-core.md.
 */
import type { Store } from 'react-admin';
import { createStorageCipher, resolveStorageKeyHex } from './cipher';
import { createRaStoreOn } from './raStore';
import { createSecureStorage, removePrefixedKeys, webStorageArea, type SecureStorage } from './secureStorage';

export { STORAGE_PREFIX, LANG_KEY, StorageKeys } from './keys';
export type { SecureStorage } from './secureStorage';

const localArea = webStorageArea('localStorage');
const sessionArea = webStorageArea('sessionStorage');
const cipher = createStorageCipher(resolveStorageKeyHex(import.meta.env.VITE_STORAGE_KEY as string | undefined));

/** Both areas, prefixed keys only; langKey and other applications' keys stay. */
export function clearPortalStorage(): void {
  removePrefixedKeys(localArea());
  removePrefixedKeys(sessionArea());
}

// A value that fails to verify means storage was altered or comes from another build's key: nothing
// in it is trustworthy, so both areas are cleared and the guards send the user to the login page.
const localStore = createSecureStorage({ area: localArea, cipher, onCorrupt: clearPortalStorage });
const sessionStore = createSecureStorage({ area: sessionArea, cipher, onCorrupt: clearPortalStorage });

export const secureLocal: SecureStorage = localStore;
export const secureSession: SecureStorage = sessionStore;

/** react-admin `Store` on secureLocal, keys under 'ra.' (so 'mp.ra.<key>' in localStorage). */
export function createSecureRaStore(): Store {
  return createRaStoreOn(localStore, localArea);
}
