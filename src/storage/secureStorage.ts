/**
 * Encrypted key/value storage over a Web Storage area (docs/contract.md "Storage").
 */
import type { StorageCipher } from './cipher';
import { STORAGE_PREFIX } from './keys';

export interface SecureStorage {
  /** The value, or null when absent; on a value that fails to verify, decrypt or parse: calls onCorrupt (clears storage), returns null. */
  get<T>(key: string): T | null;
  /** Stores `value` encrypted; `undefined` removes the key (JSON has no undefined). */
  set<T>(key: string, value: T): void;
  remove(key: string): void;
  /** Removes only the portal's (prefixed) keys of this area. */
  clear(): void;
}

/** Internal extras used by the react-admin store: telling "absent" from a stored null, listing keys. */
export interface SecureStorageArea extends SecureStorage {
  read(key: string): { found: false } | { found: true; value: unknown };
  /** Logical keys (without the prefix) present in this area. */
  keys(): string[];
}

/**
 * Browsers can refuse storage (disabled cookies and site data, some embedded or privacy modes):
 * the getter itself throws. The portal then keeps state in memory for the life of the page rather
 * than crash; the user simply has to sign in again after a reload.
 */
class MemoryStorage implements StorageLike {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  clear() {
    this.values.clear();
  }
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length' | 'clear'>;

export function webStorageArea(name: 'localStorage' | 'sessionStorage'): () => StorageLike {
  let fallback: MemoryStorage | null = null;
  return () => {
    try {
      const area = typeof window === 'undefined' ? undefined : window[name];
      if (area) return area;
    } catch {
      // Access denied by the browser: use memory below.
    }
    fallback ??= new MemoryStorage();
    return fallback;
  };
}

/** Removes every prefixed key of a storage area; everything else (langKey, other keys of the origin) stays. */
export function removePrefixedKeys(area: StorageLike, prefix: string = STORAGE_PREFIX): void {
  const doomed: string[] = [];
  for (let i = 0; i < area.length; i++) {
    const key = area.key(i);
    if (key !== null && key.startsWith(prefix)) doomed.push(key);
  }
  for (const key of doomed) area.removeItem(key);
}

export function createSecureStorage(options: {
  area: () => StorageLike;
  cipher: StorageCipher;
  /** Called when a stored value fails verification: the caller clears whatever must go with it. */
  onCorrupt: () => void;
}): SecureStorageArea {
  const { area, cipher, onCorrupt } = options;
  const fullKey = (key: string) => STORAGE_PREFIX + key;

  const read: SecureStorageArea['read'] = (key) => {
    const name = fullKey(key);
    const sealed = area().getItem(name);
    if (sealed === null) return { found: false };
    const plaintext = cipher.open(name, sealed);
    if (plaintext !== null) {
      try {
        return { found: true, value: JSON.parse(plaintext) };
      } catch {
        // Authentic but unparsable: treated like tampering below.
      }
    }
    // Tampered, written with another key, or garbage: nothing stored can be trusted any more.
    onCorrupt();
    return { found: false };
  };

  return {
    read,
    get<T>(key: string): T | null {
      const result = read(key);
      return result.found ? ((result.value ?? null) as T | null) : null;
    },
    set<T>(key: string, value: T): void {
      const json = JSON.stringify(value);
      if (json === undefined) {
        area().removeItem(fullKey(key));
        return;
      }
      area().setItem(fullKey(key), cipher.seal(fullKey(key), json));
    },
    remove(key: string): void {
      area().removeItem(fullKey(key));
    },
    clear(): void {
      removePrefixedKeys(area());
    },
    keys(): string[] {
      const storage = area();
      const result: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key !== null && key.startsWith(STORAGE_PREFIX)) result.push(key.slice(STORAGE_PREFIX.length));
      }
      return result;
    },
  };
}
