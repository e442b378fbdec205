/**
 * react-admin's `Store` (preferences, list params, sidebar state, locale…) on the encrypted storage,
 * following the contract of ra-core's localStorageStore, including cross-tab updates.
 */
import type { Store } from 'react-admin';
import { LANG_KEY, RA_STORE_PREFIX, STORAGE_PREFIX } from './keys';
import type { LanguagePreference } from './language';
import type { SecureStorageArea } from './secureStorage';

/**
 * react-admin keeps the UI language under 'locale'; the portal keeps it under `langKey` (spec §4).
 * The store maps one onto the other so there is a single source of truth: a language chosen on the
 * login page is the one react-admin sees, and react-admin's locale menu writes the portal's preference.
 * `reset()` (react-admin calls it on logout) leaves the language alone.
 */
const LOCALE_KEY = 'locale';

export function createRaStoreOn(storage: SecureStorageArea, language: LanguagePreference): Store {
  const subscriptions = new Map<symbol, { key: string; callback: (value: unknown) => void }>();
  const storageKey = (key: string) => RA_STORE_PREFIX + key;

  const publish = (key: string, value: unknown) => {
    // A callback may unsubscribe others (a component unmounting) while we iterate: iterate over a
    // copy, and skip whoever left meanwhile so no unmounted component is called.
    for (const [id, { key: subscribedKey, callback }] of [...subscriptions.entries()]) {
      if (subscribedKey === key && subscriptions.has(id)) callback(value);
    }
  };

  const getItem = <T = unknown>(key: string, defaultValue?: T): T | undefined => {
    if (key === LOCALE_KEY) return (language.get() as T | null) ?? defaultValue;
    const result = storage.read(storageKey(key));
    // A stored null is a value (react-admin stores nulls); only an absent key yields the default.
    return result.found ? (result.value as T) : defaultValue;
  };

  const removeItem = (key: string) => {
    if (key === LOCALE_KEY) language.remove();
    else storage.remove(storageKey(key));
    publish(key, undefined);
  };

  const raKeys = () =>
    storage
      .keys()
      .filter((key) => key.startsWith(RA_STORE_PREFIX))
      .map((key) => key.slice(RA_STORE_PREFIX.length));

  // Another tab changed storage: tell this tab's subscribers what the value is now.
  const onStorageEvent = (event: StorageEvent) => {
    if (event.key === null) {
      for (const { key } of [...subscriptions.values()]) publish(key, getItem(key));
    } else if (event.key === LANG_KEY) {
      publish(LOCALE_KEY, getItem(LOCALE_KEY));
    } else if (event.key.startsWith(STORAGE_PREFIX + RA_STORE_PREFIX)) {
      const key = event.key.slice((STORAGE_PREFIX + RA_STORE_PREFIX).length);
      publish(key, getItem(key));
    }
  };

  return {
    setup() {
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorageEvent);
    },
    teardown() {
      if (typeof window !== 'undefined') window.removeEventListener('storage', onStorageEvent);
    },
    getItem,
    setItem<T = unknown>(key: string, value: T) {
      if (value === undefined) {
        removeItem(key);
        return;
      }
      if (key === LOCALE_KEY) language.set(String(value));
      else storage.set(storageKey(key), value);
      publish(key, value);
    },
    removeItem,
    removeItems(keyPrefix: string) {
      for (const key of raKeys()) {
        if (key.startsWith(keyPrefix)) {
          storage.remove(storageKey(key));
          publish(key, undefined);
        }
      }
    },
    reset() {
      for (const key of raKeys()) {
        storage.remove(storageKey(key));
        publish(key, undefined);
      }
    },
    subscribe(key: string, callback: (value: unknown) => void) {
      const id = Symbol(key);
      subscriptions.set(id, { key, callback });
      return () => {
        subscriptions.delete(id);
      };
    },
    listItems(keyPrefix?: string) {
      const result: Record<string, unknown> = {};
      for (const key of raKeys()) {
        if (keyPrefix === undefined || key.startsWith(keyPrefix)) {
          const value = getItem(key);
          if (value !== undefined) result[key] = value;
        }
      }
      return result;
    },
  };
}
