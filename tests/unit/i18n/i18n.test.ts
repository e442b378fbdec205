import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type * as I18nModuleNamespace from '@/i18n';
import { createStorageCipher, DEFAULT_STORAGE_KEY_HEX } from '@/storage/cipher';

type I18nModule = typeof I18nModuleNamespace;

/** langKey as the portal writes it: sealed with the build's storage key (the default one in tests). */
const cipher = createStorageCipher(DEFAULT_STORAGE_KEY_HEX);
const sealLanguage = (lng: string) => cipher.seal('langKey', JSON.stringify(lng));
const storedLanguage = () => {
  const raw = localStorage.getItem('langKey');
  return raw === null ? null : JSON.parse(cipher.open('langKey', raw) ?? 'null');
};


/** Serves src/i18n/{lng}/{ns}.json the way the server does at {BASE_URL}locales/{lng}/{ns}.json. */
function serveLocales() {
  const requested: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    requested.push(url);
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(url);
    if (!match) return { status: 404, json: async () => ({}) };
    try {
      const body = readFileSync(join(process.cwd(), 'src', 'i18n', match[1], `${match[2]}.json`), 'utf8');
      return { status: 200, json: async () => JSON.parse(body) };
    } catch {
      return { status: 404, json: async () => ({}) };
    }
  });
  vi.stubGlobal('fetch', fetch);
  return requested;
}

function stubReload() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}

async function freshModule(): Promise<I18nModule> {
  vi.resetModules();
  return import('@/i18n');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('language preference', () => {
  it.each([
    [null, 'vi'],
    ['vi', 'vi'],
    ['en', 'en'],
    ['fr', 'vi'],
    ['EN', 'vi'],
    ['', 'vi'],
  ])('sealed langKey %s → %s', async (stored, expected) => {
    if (stored !== null) localStorage.setItem('langKey', sealLanguage(stored));
    const { getLanguage } = await freshModule();
    expect(getLanguage()).toBe(expected);
  });

  it.each([
    ['vi', 'vi'],
    ['en', 'en'],
  ])('a clear langKey %s of an earlier build still reads %s, and is sealed from then on', async (stored, expected) => {
    localStorage.setItem('langKey', stored);
    localStorage.setItem('mp.auth', 'kept');
    const { getLanguage } = await freshModule();
    expect(getLanguage()).toBe(expected);
    expect(localStorage.getItem('langKey')).not.toBe(stored);
    expect(storedLanguage()).toBe(expected);
    expect(localStorage.getItem('mp.auth')).toBe('kept');
  });

  it.each(['fr', 'v1.AAAA.BBBB.CCCC', ''])('an unreadable langKey (%j) means vi and clears all local storage', async (stored) => {
    localStorage.setItem('langKey', stored);
    localStorage.setItem('mp.auth', 'anything');
    localStorage.setItem('other.key', 'x');
    const { getLanguage } = await freshModule();
    expect(getLanguage()).toBe('vi');
    expect(localStorage.length).toBe(0);
  });

  it('ignores the browser language: only langKey counts', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    const { getLanguage } = await freshModule();
    expect(getLanguage()).toBe('vi');
  });

  it('setLanguage stores langKey, then reloads', async () => {
    const { setLanguage } = await freshModule();
    const reload = stubReload();
    reload.mockImplementation(() => expect(storedLanguage()).toBe('en'));
    setLanguage('en');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storedLanguage()).toBe('en');
    expect(localStorage.getItem('langKey')).toMatch(/^v1\./);
  });

  it('setLanguage refuses an unsupported language without touching anything', async () => {
    const { setLanguage } = await freshModule();
    const reload = stubReload();
    const sealed = sealLanguage('vi');
    localStorage.setItem('langKey', sealed);
    expect(() => setLanguage('fr' as never)).toThrow(TypeError);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('langKey')).toBe(sealed);
  });
});

describe('initI18n', () => {
  it('starts in Vietnamese by default, caches the choice, and loads only portal, ra and validation', async () => {
    const requested = serveLocales();
    const { initI18n, i18n } = await freshModule();
    await initI18n();
    expect(i18n.language).toBe('vi');
    expect(storedLanguage()).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(requested.sort()).toEqual(['/locales/vi/portal.json', '/locales/vi/ra.json', '/locales/vi/validation.json']);
    expect(i18n.t('ra.action.save')).toBe('Lưu');
    expect(i18n.t('validation.phone')).toBe('Số điện thoại gồm 10 hoặc 11 chữ số và bắt đầu bằng số 0');
    expect(i18n.t('validation.byteLength', { max: 255 })).toBe('Nội dung không được vượt quá 255 byte');
    expect(i18n.t('ra.notification.updated', { count: 1, smart_count: 1 })).toBe('Đã cập nhật 1 mục');
    expect(i18n.t('ra.notification.updated', { count: 3, smart_count: 3 })).toBe('Đã cập nhật 3 mục');
  });

  it('loads English with Vietnamese as the fallback', async () => {
    localStorage.setItem('langKey', sealLanguage('en'));
    const requested = serveLocales();
    const { initI18n, i18n } = await freshModule();
    await initI18n();
    expect(i18n.language).toBe('en');
    expect(new Set(requested)).toEqual(
      new Set(['en', 'vi'].flatMap((l) => ['portal', 'ra', 'validation'].map((ns) => `/locales/${l}/${ns}.json`))),
    );
    expect(i18n.t('ra.action.save')).toBe('Save');
    expect(i18n.t('ra.notification.updated', { count: 1, smart_count: 1 })).toBe('Element updated');
    expect(i18n.t('ra.notification.updated', { count: 2, smart_count: 2 })).toBe('2 elements updated');
    expect(i18n.t('validation.username')).toBe(
      'The username must contain 6 to 20 characters, only uppercase, lowercase, digits and underscore',
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it('initialises once however often it is called', async () => {
    const requested = serveLocales();
    const { initI18n } = await freshModule();
    await Promise.all([initI18n(), initI18n()]);
    await initI18n();
    expect(requested).toHaveLength(3);
  });

  it('does not read "a: b" texts as namespace:key', async () => {
    serveLocales();
    const { initI18n, i18n } = await freshModule();
    await initI18n();
    expect(i18n.t('Tên đăng nhập: không hợp lệ')).toBe('Tên đăng nhập: không hợp lệ');
  });
});

describe('useRaI18nProvider', () => {
  it('gives react-admin a provider on the shared, already loaded instance, without fetching again', async () => {
    localStorage.setItem('langKey', sealLanguage('en'));
    const requested = serveLocales();
    const { initI18n, useRaI18nProvider, i18n } = await freshModule();
    await initI18n();
    const before = requested.length;
    const { result } = renderHook(() => useRaI18nProvider());
    await waitFor(() => expect(result.current).not.toBeNull());
    const provider = result.current!;
    expect(requested).toHaveLength(before);
    expect(i18n.language).toBe('en');
    expect(provider.getLocale()).toBe('en');
    expect(provider.getLocales?.()).toEqual([
      { locale: 'vi', name: 'Tiếng Việt' },
      { locale: 'en', name: 'English' },
    ]);
    expect(provider.translate('ra.action.save')).toBe('Save');
    expect(provider.translate('ra.notification.updated', { smart_count: 1 })).toBe('Element updated');
    expect(provider.translate('ra.notification.updated', { smart_count: 5 })).toBe('5 elements updated');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 57 })).toBe('1-20 of 57');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 12345 })).toBe('1-20 of 12,345');
    expect(provider.translate('ra.page.empty', { name: 'users' })).toBe('No users yet.');
    expect(provider.translate('validation.phone')).toBe('The phone number has 10 or 11 digits and starts with 0');
    expect(provider.translate('portal.some.missing.key', { _: 'Fallback text' })).toBe('Fallback text');
    expect(provider.translate('Request aborted: Merchant ID is required', { _: 'Request aborted: Merchant ID is required' })).toBe(
      'Request aborted: Merchant ID is required',
    );
  });

  it('translates react-admin messages in Vietnamese, plural included', async () => {
    serveLocales();
    const { initI18n, useRaI18nProvider } = await freshModule();
    await initI18n();
    const { result } = renderHook(() => useRaI18nProvider());
    await waitFor(() => expect(result.current).not.toBeNull());
    const provider = result.current!;
    expect(provider.getLocale()).toBe('vi');
    expect(provider.translate('ra.action.cancel')).toBe('Huỷ');
    expect(provider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('Đã chọn 3 mục');
    expect(provider.translate('ra.message.bulk_delete_title', { smart_count: 2, name: 'cửa hàng' })).toBe('Xoá 2 cửa hàng');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 57 })).toBe('1-20 trên 57');
    expect(provider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 12345 })).toBe('1-20 trên 12.345');
  });

  it('initialises on its own when the app did not call initI18n first', async () => {
    const requested = serveLocales();
    const { useRaI18nProvider, i18n } = await freshModule();
    const { result } = renderHook(() => useRaI18nProvider());
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(i18n.language).toBe('vi');
    expect(requested).toHaveLength(3);
    expect(result.current!.translate('ra.action.save')).toBe('Lưu');
  });

  it("routes react-admin's locale change through setLanguage: stored, then reloaded", async () => {
    serveLocales();
    const { initI18n, useRaI18nProvider } = await freshModule();
    await initI18n();
    const { result } = renderHook(() => useRaI18nProvider());
    await waitFor(() => expect(result.current).not.toBeNull());
    const reload = stubReload();
    await result.current!.changeLocale('vi');
    expect(reload).not.toHaveBeenCalled();
    await result.current!.changeLocale('en');
    expect(storedLanguage()).toBe('en');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
