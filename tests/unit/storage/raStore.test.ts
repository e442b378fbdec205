import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from 'react-admin';
import { LANG_KEY, StorageKeys, createSecureRaStore, languagePreference, secureLocal } from '@/storage';

let store: Store;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  store = createSecureRaStore();
  store.setup();
});

afterEach(() => {
  store.teardown();
});

describe('createSecureRaStore: react-admin Store contract', () => {
  it('returns the default for an absent key and the value once set', () => {
    expect(store.getItem('sidebar.open')).toBeUndefined();
    expect(store.getItem('sidebar.open', true)).toBe(true);
    store.setItem('sidebar.open', false);
    expect(store.getItem('sidebar.open', true)).toBe(false);
  });

  it('keeps objects and a stored null (which is not "absent")', () => {
    store.setItem('users.listParams', { page: 2, perPage: 20, sort: 'id', order: 'ASC', filter: { q: 'Nguyễn' } });
    expect(store.getItem('users.listParams')).toEqual({ page: 2, perPage: 20, sort: 'id', order: 'ASC', filter: { q: 'Nguyễn' } });
    store.setItem('users.selectedIds', null);
    expect(store.getItem('users.selectedIds', ['default'])).toBeNull();
  });

  it('stores encrypted under mp.ra.', () => {
    store.setItem('users.listParams', { filter: { q: 'Nguyễn Văn' } });
    const raw = localStorage.getItem('mp.ra.users.listParams');
    expect(raw).toMatch(/^v1\./);
    expect(raw).not.toContain('Nguy');
    expect(secureLocal.get('ra.users.listParams')).toEqual({ filter: { q: 'Nguyễn Văn' } });
  });

  it('setItem(undefined) removes the key', () => {
    store.setItem('a', 1);
    store.setItem('a', undefined);
    expect(store.getItem('a', 'default')).toBe('default');
    expect(localStorage.getItem('mp.ra.a')).toBeNull();
  });

  it('notifies subscribers of their key only, until they unsubscribe', () => {
    const onA = vi.fn();
    const onB = vi.fn();
    const unsubscribeA = store.subscribe('a', onA);
    store.subscribe('b', onB);
    store.setItem('a', 1);
    store.setItem('a', { x: 2 });
    store.removeItem('a');
    expect(onA.mock.calls).toEqual([[1], [{ x: 2 }], [undefined]]);
    expect(onB).not.toHaveBeenCalled();
    unsubscribeA();
    store.setItem('a', 3);
    expect(onA).toHaveBeenCalledTimes(3);
  });

  it('does not call a subscriber removed by an earlier one during the same notification', () => {
    const second = vi.fn();
    let unsubscribeSecond = () => {};
    store.subscribe('a', () => unsubscribeSecond());
    unsubscribeSecond = store.subscribe('a', second);
    store.setItem('a', 1);
    store.setItem('a', 2);
    expect(second).not.toHaveBeenCalled();
  });

  it('removeItems(prefix) removes and notifies only matching keys', () => {
    store.setItem('users.listParams', 1);
    store.setItem('users.selectedIds', [1]);
    store.setItem('stores.listParams', 2);
    const onUsers = vi.fn();
    const onStores = vi.fn();
    store.subscribe('users.selectedIds', onUsers);
    store.subscribe('stores.listParams', onStores);
    store.removeItems('users.');
    expect(store.getItem('users.listParams')).toBeUndefined();
    expect(store.getItem('users.selectedIds')).toBeUndefined();
    expect(store.getItem('stores.listParams')).toBe(2);
    expect(onUsers).toHaveBeenCalledWith(undefined);
    expect(onStores).not.toHaveBeenCalled();
  });

  it('reset() removes react-admin keys only: not the session, not the language', () => {
    languagePreference.set('en');
    secureLocal.set(StorageKeys.auth, { token: 't' });
    store.setItem('sidebar.open', true);
    const onSidebar = vi.fn();
    store.subscribe('sidebar.open', onSidebar);
    store.reset();
    expect(store.getItem('sidebar.open')).toBeUndefined();
    expect(onSidebar).toHaveBeenCalledWith(undefined);
    expect(secureLocal.get(StorageKeys.auth)).toEqual({ token: 't' });
    expect(languagePreference.get()).toBe('en');
  });

  it('listItems() lists react-admin keys, optionally by prefix', () => {
    secureLocal.set(StorageKeys.auth, { token: 't' });
    store.setItem('users.listParams', 1);
    store.setItem('stores.listParams', 2);
    expect(store.listItems?.()).toEqual({ 'users.listParams': 1, 'stores.listParams': 2 });
    expect(store.listItems?.('users.')).toEqual({ 'users.listParams': 1 });
  });

  it('returns the default and clears all local storage when a value was tampered with', () => {
    secureLocal.set(StorageKeys.auth, { token: 't' });
    languagePreference.set('en');
    store.setItem('a', 'value');
    localStorage.setItem('mp.ra.a', 'tampered');
    expect(store.getItem('a', 'default')).toBe('default');
    expect(secureLocal.get(StorageKeys.auth)).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});

describe('the locale is the portal language (langKey)', () => {
  it('reads langKey', () => {
    expect(store.getItem('locale')).toBeUndefined();
    languagePreference.set('en');
    expect(store.getItem('locale')).toBe('en');
  });

  it('writes langKey sealed, and notifies', () => {
    const onLocale = vi.fn();
    store.subscribe('locale', onLocale);
    store.setItem('locale', 'en');
    expect(localStorage.getItem(LANG_KEY)).toMatch(/^v1\./);
    expect(languagePreference.get()).toBe('en');
    expect(localStorage.getItem('mp.ra.locale')).toBeNull();
    expect(onLocale).toHaveBeenCalledWith('en');
    store.removeItem('locale');
    expect(localStorage.getItem(LANG_KEY)).toBeNull();
    expect(onLocale).toHaveBeenLastCalledWith(undefined);
  });
});

describe('other tabs', () => {
  function storageEvent(key: string | null, newValue: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  }

  it('tells subscribers the decrypted value written by another tab', () => {
    const onA = vi.fn();
    store.subscribe('a', onA);
    // Another tab writes through its own store; here we only see storage change and the event.
    secureLocal.set('ra.a', { from: 'other tab' });
    storageEvent('mp.ra.a', localStorage.getItem('mp.ra.a'));
    expect(onA).toHaveBeenCalledWith({ from: 'other tab' });
  });

  it('reports removals, language changes and a full clear', () => {
    const onA = vi.fn();
    const onLocale = vi.fn();
    store.subscribe('a', onA);
    store.subscribe('locale', onLocale);
    storageEvent('mp.ra.a', null);
    expect(onA).toHaveBeenLastCalledWith(undefined);
    languagePreference.set('en');
    storageEvent(LANG_KEY, localStorage.getItem(LANG_KEY));
    expect(onLocale).toHaveBeenLastCalledWith('en');
    storageEvent(null, null);
    expect(onA).toHaveBeenCalledTimes(2);
  });

  it('ignores keys that are not react-admin ones, and stops listening after teardown', () => {
    const onA = vi.fn();
    store.subscribe('a', onA);
    storageEvent('mp.auth', 'x');
    storageEvent('other', 'x');
    expect(onA).not.toHaveBeenCalled();
    store.teardown();
    storageEvent('mp.ra.a', null);
    expect(onA).not.toHaveBeenCalled();
  });
});
