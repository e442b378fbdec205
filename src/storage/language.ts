/**
 * The language preference under `langKey` (spec §3 "Language preference is stored under langKey"),
 * sealed like every other stored value (spec §1). It is the one portal key without the 'mp.' prefix,
 * so the logout cleanup (prefix only) keeps the language.
 */
import type { StorageCipher } from './cipher';
import { LANG_KEY } from './keys';
import type { StorageLike } from './secureStorage';

export interface LanguagePreference {
  /** The stored language code as written, or null when none; a value that fails to open clears storage (onCorrupt). */
  get(): string | null;
  set(language: string): void;
  remove(): void;
}

/**
 * Builds before this one kept the code in clear ('vi' / 'en'). Those two exact values are sealed in
 * place once instead of counting as tampering, which would sign every such user out and reset their
 * language; any other unreadable value is treated like any failed decryption.
 */
const PLAIN_VALUES_OF_EARLIER_BUILDS: readonly string[] = ['vi', 'en'];

export function createLanguagePreference(options: {
  area: () => StorageLike;
  cipher: StorageCipher;
  onCorrupt: () => void;
}): LanguagePreference {
  const { area, cipher, onCorrupt } = options;
  const set = (language: string) => area().setItem(LANG_KEY, cipher.seal(LANG_KEY, JSON.stringify(language)));
  return {
    get() {
      const sealed = area().getItem(LANG_KEY);
      if (sealed === null) return null;
      const plaintext = cipher.open(LANG_KEY, sealed);
      if (plaintext !== null) {
        try {
          const value: unknown = JSON.parse(plaintext);
          if (typeof value === 'string') return value;
        } catch {
          // Authentic but not a JSON string: handled as a failure below.
        }
      } else if (PLAIN_VALUES_OF_EARLIER_BUILDS.includes(sealed)) {
        set(sealed);
        return sealed;
      }
      onCorrupt();
      return null;
    },
    set,
    remove() {
      area().removeItem(LANG_KEY);
    },
  };
}
