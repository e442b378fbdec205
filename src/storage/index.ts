/**
 * Encrypted browser storage of the portal (spec §1: everything the portal keeps in local and session
 * storage is encrypted, the language preference included; if decryption fails, all local storage is
 * cleared). What this protects and what it does not: docs/decisions-core.md.
 */
import type { Store } from 'react-admin';
import { createStorageCipher, resolveStorageKeyHex } from './cipher';
import { createLanguagePreference, type LanguagePreference } from './language';
import { createRaStoreOn } from './raStore';
import { createSecureStorage, removePrefixedKeys, webStorageArea, type SecureStorage } from './secureStorage';

export { STORAGE_PREFIX, LANG_KEY, StorageKeys } from './keys';
export type { SecureStorage } from './secureStorage';
export type { LanguagePreference } from './language';

const localArea = webStorageArea('localStorage');
const sessionArea = webStorageArea('sessionStorage');
const cipher = createStorageCipher(resolveStorageKeyHex(import.meta.env.VITE_STORAGE_KEY as string | undefined));

/** Both areas, prefixed keys only; langKey and other applications' keys stay. */
export function clearPortalStorage(): void {
  removePrefixedKeys(localArea());
  removePrefixedKeys(sessionArea());
}

/**
 * Spec §1 "If decryption fails, all local storage is cleared": every localStorage key of the origin
 * (langKey too, so the language falls back to vi), and the portal's keys of this tab's sessionStorage.
 * A value that fails to verify means storage was altered or comes from another build's key: nothing in
 * it is trustworthy, and the guards then send the user to the login page.
 */
export function clearAfterDecryptionFailure(): void {
  localArea().clear();
  removePrefixedKeys(sessionArea());
}

const localStore = createSecureStorage({ area: localArea, cipher, onCorrupt: clearAfterDecryptionFailure });
const sessionStore = createSecureStorage({ area: sessionArea, cipher, onCorrupt: clearAfterDecryptionFailure });

export const secureLocal: SecureStorage = localStore;
export const secureSession: SecureStorage = sessionStore;

/** The sealed `langKey` of localStorage (read by src/i18n before the first render). */
export const languagePreference: LanguagePreference = createLanguagePreference({
  area: localArea,
  cipher,
  onCorrupt: clearAfterDecryptionFailure,
});

/** react-admin `Store` on secureLocal, keys under 'ra.' (so 'mp.ra.<key>' in localStorage). */
export function createSecureRaStore(): Store {
  return createRaStoreOn(localStore, languagePreference);
}
