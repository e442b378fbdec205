import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LANG_KEY,
  STORAGE_PREFIX,
  StorageKeys,
  clearAfterDecryptionFailure,
  clearPortalStorage,
  languagePreference,
  secureLocal,
  secureSession,
} from '@/storage';
import { DEFAULT_STORAGE_KEY_HEX, createStorageCipher, resolveStorageKeyHex } from '@/storage/cipher';

const auth = {
  token: 'tok_3f9a8b7c6d5e4f3a2b1c',
  username: 'owner_demo',
  email: 'chu.cuahang@example.vn',
  name: 'Nguyễn Văn Chủ',
  phoneNumber: '0912345678',
  isLoginSSO: false,
};

const SEALED = /^v1\.[A-Za-z0-9+/]+={0,2}\.[A-Za-z0-9+/]+={0,2}\.[A-Za-z0-9+/]+={0,2}$/;

/** Replaces one character of a stored value, keeping it well-formed base64 where possible. */
function flipChar(value: string, index: number): string {
  const c = value[index];
  const replacement = c === 'A' ? 'B' : 'A';
  return value.slice(0, index) + replacement + value.slice(index + 1);
}

function seedOtherKeys() {
  languagePreference.set('en');
  localStorage.setItem('other-app.setting', 'keep me');
  sessionStorage.setItem('other-app.session', 'keep me too');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('secure storage round trip', () => {
  it.each([
    ['an object', auth],
    ['a string', 'Xin chào, Việt Nam'],
    ['a number', 1234567],
    ['zero', 0],
    ['a boolean', false],
    ['null', null],
    ['an array', [1, 'hai', { ba: 3 }]],
    ['an empty object', {}],
    ['a long text', 'đ'.repeat(5000)],
  ])('keeps %s', (_label, value) => {
    secureLocal.set('value', value);
    expect(secureLocal.get('value')).toEqual(value);
    secureSession.set('value', value);
    expect(secureSession.get('value')).toEqual(value);
  });

  it('stores under the prefix, sealed, with no personal data in clear', () => {
    secureLocal.set(StorageKeys.auth, auth);
    secureSession.set(StorageKeys.wantedPath, '/app/user-management');
    const raw = localStorage.getItem(`${STORAGE_PREFIX}auth`);
    expect(raw).toMatch(SEALED);
    for (const secret of [auth.token, auth.username, auth.email, auth.phoneNumber, 'Nguyễn', 'Nguy', 'owner']) {
      expect(raw).not.toContain(secret);
    }
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}wantedPath`)).toMatch(SEALED);
    expect(Object.keys(localStorage)).toEqual(['mp.auth']);
  });

  it('returns null for an absent key without clearing anything', () => {
    secureLocal.set(StorageKeys.common, { merchantId: 1 });
    expect(secureLocal.get('missing')).toBeNull();
    expect(secureLocal.get(StorageKeys.common)).toEqual({ merchantId: 1 });
  });

  it('uses a fresh random IV for every write', () => {
    secureLocal.set('a', auth);
    const first = localStorage.getItem('mp.a')!;
    secureLocal.set('a', auth);
    const second = localStorage.getItem('mp.a')!;
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(Buffer.from(first.split('.')[1], 'base64')).toHaveLength(16);
  });

  it('takes the IV from crypto.getRandomValues and refuses to write without it', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    secureLocal.set('a', 1);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockImplementation(() => {
      throw new Error('no entropy');
    });
    expect(() => secureLocal.set('b', 1)).toThrow('no entropy');
    expect(localStorage.getItem('mp.b')).toBeNull();
  });

  it('removes a key on set(undefined) and remove()', () => {
    secureLocal.set('a', 1);
    secureLocal.set('a', undefined);
    expect(localStorage.getItem('mp.a')).toBeNull();
    secureLocal.set('b', 1);
    secureLocal.remove('b');
    expect(secureLocal.get('b')).toBeNull();
  });

  it('builds report-filter keys per path', () => {
    expect(StorageKeys.reportFilter('/app/report-center/transaction-report')).toBe('reportFilter:/app/report-center/transaction-report');
    secureSession.set(StorageKeys.reportFilter('/x'), { from: '2024-01-01' });
    expect(secureSession.get(StorageKeys.reportFilter('/x'))).toEqual({ from: '2024-01-01' });
  });
});

describe('a value that fails to verify', () => {
  /** Spec §1: ALL local storage (langKey and every other key of the origin), and the portal's session keys. */
  function expectPortalStorageCleared() {
    expect(Object.keys(localStorage)).toEqual([]);
    expect(languagePreference.get()).toBeNull();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith(STORAGE_PREFIX))).toEqual([]);
    expect(sessionStorage.getItem('other-app.session')).toBe('keep me too');
  }

  beforeEach(() => {
    seedOtherKeys();
    secureLocal.set(StorageKeys.auth, auth);
    secureLocal.set(StorageKeys.common, { merchantId: 7 });
    secureSession.set(StorageKeys.wantedPath, '/app/dashboard');
  });

  const raw = () => localStorage.getItem('mp.auth')!;
  const partStart = (part: number) => raw().split('.').slice(0, part).join('.').length + (part > 0 ? 1 : 0);

  it.each([
    ['the version', 0],
    ['the IV', 1],
    ['the ciphertext', 2],
    ['the MAC', 3],
  ])('tampering with one character of %s gives null and clears all local storage', (_label, part) => {
    localStorage.setItem('mp.auth', flipChar(raw(), partStart(part) + 1));
    expect(secureLocal.get(StorageKeys.auth)).toBeNull();
    expectPortalStorageCleared();
  });

  it('a value copied under another key is refused (the key name is authenticated)', () => {
    localStorage.setItem('mp.common', raw());
    expect(secureLocal.get(StorageKeys.common)).toBeNull();
    expectPortalStorageCleared();
  });

  it('a value sealed with another key is refused', () => {
    const other = createStorageCipher('ab'.repeat(32));
    localStorage.setItem('mp.auth', other.seal('mp.auth', JSON.stringify(auth)));
    expect(secureLocal.get(StorageKeys.auth)).toBeNull();
    expectPortalStorageCleared();
  });

  it.each([
    ['plain JSON from an older build', () => JSON.stringify(auth)],
    ['text', () => 'hello'],
    ['empty', () => ''],
    ['the right shape with junk', () => 'v1.AAAA.BBBB.CCCC'],
    ['wrong version', () => raw().replace(/^v1/, 'v2')],
    ['extra part', () => `${raw()}.AAAA`],
    ['not base64', () => raw().replace(/\.([^.]+)$/, '.***')],
  ])('garbage (%s) gives null and clears', (_label, value) => {
    localStorage.setItem('mp.auth', value());
    expect(secureLocal.get(StorageKeys.auth)).toBeNull();
    expectPortalStorageCleared();
  });

  it('a tampered session value clears local storage too', () => {
    sessionStorage.setItem('mp.wantedPath', flipChar(sessionStorage.getItem('mp.wantedPath')!, 10));
    expect(secureSession.get(StorageKeys.wantedPath)).toBeNull();
    expectPortalStorageCleared();
  });

  it('never throws, and a second read is simply absent (no loop)', () => {
    localStorage.setItem('mp.auth', 'garbage');
    expect(() => secureLocal.get(StorageKeys.auth)).not.toThrow();
    expect(secureLocal.get(StorageKeys.auth)).toBeNull();
    secureLocal.set(StorageKeys.auth, auth);
    expect(secureLocal.get(StorageKeys.auth)).toEqual(auth);
  });
});

describe('clearing', () => {
  beforeEach(() => {
    seedOtherKeys();
    secureLocal.set(StorageKeys.auth, auth);
    secureSession.set(StorageKeys.wantedPath, '/app');
  });

  it('secureLocal.clear() removes only the portal keys of localStorage', () => {
    secureLocal.clear();
    expect(localStorage.getItem('mp.auth')).toBeNull();
    expect(sessionStorage.getItem('mp.wantedPath')).not.toBeNull();
    expect(languagePreference.get()).toBe('en');
    expect(localStorage.getItem('other-app.setting')).toBe('keep me');
  });

  it('secureSession.clear() removes only the portal keys of sessionStorage', () => {
    secureSession.clear();
    expect(sessionStorage.getItem('mp.wantedPath')).toBeNull();
    expect(sessionStorage.getItem('other-app.session')).toBe('keep me too');
    expect(localStorage.getItem('mp.auth')).not.toBeNull();
  });

  it('clearPortalStorage() (logout) clears both and keeps the language', () => {
    clearPortalStorage();
    expect(Object.keys(localStorage).sort()).toEqual([LANG_KEY, 'other-app.setting'].sort());
    expect(Object.keys(sessionStorage)).toEqual(['other-app.session']);
    expect(languagePreference.get()).toBe('en');
  });

  it('clearAfterDecryptionFailure() empties localStorage whole, and only the portal keys of sessionStorage', () => {
    clearAfterDecryptionFailure();
    expect(localStorage.length).toBe(0);
    expect(Object.keys(sessionStorage)).toEqual(['other-app.session']);
  });
});

describe('the language preference (langKey)', () => {
  it('is sealed under langKey (no prefix), bound to that name, and reads back', () => {
    languagePreference.set('en');
    const raw = localStorage.getItem(LANG_KEY)!;
    expect(raw).toMatch(SEALED);
    expect(Object.keys(localStorage)).toEqual([LANG_KEY]);
    expect(createStorageCipher(DEFAULT_STORAGE_KEY_HEX).open(LANG_KEY, raw)).toBe('"en"');
    expect(languagePreference.get()).toBe('en');
    languagePreference.remove();
    expect(languagePreference.get()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it.each(['vi', 'en'])('an earlier build’s clear "%s" is sealed in place once, nothing cleared', (code) => {
    secureLocal.set(StorageKeys.auth, auth);
    localStorage.setItem(LANG_KEY, code);
    expect(languagePreference.get()).toBe(code);
    expect(localStorage.getItem(LANG_KEY)).toMatch(SEALED);
    expect(languagePreference.get()).toBe(code);
    expect(secureLocal.get(StorageKeys.auth)).toEqual(auth);
  });

  it.each([
    ['another clear value', () => 'fr'],
    ['upper case', () => 'EN'],
    ['a tampered seal', () => flipChar(localStorage.getItem(LANG_KEY)!, 30)],
    ['a value sealed for another key', () => localStorage.getItem('mp.auth')!],
    ['a seal of something that is not a string', () => createStorageCipher(DEFAULT_STORAGE_KEY_HEX).seal(LANG_KEY, '{"lng":"en"}')],
  ])('%s reads as no language and clears all local storage', (_label, value) => {
    seedOtherKeys();
    secureLocal.set(StorageKeys.auth, auth);
    secureSession.set(StorageKeys.wantedPath, '/app');
    localStorage.setItem(LANG_KEY, value());
    expect(languagePreference.get()).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem('mp.wantedPath')).toBeNull();
    expect(sessionStorage.getItem('other-app.session')).toBe('keep me too');
  });
});

describe('keys', () => {
  it('uses the default key when none is configured, and refuses a malformed one', () => {
    expect(resolveStorageKeyHex(undefined)).toBe(DEFAULT_STORAGE_KEY_HEX);
    expect(resolveStorageKeyHex('  ')).toBe(DEFAULT_STORAGE_KEY_HEX);
    expect(resolveStorageKeyHex('AB'.repeat(32))).toBe('ab'.repeat(32));
    expect(() => resolveStorageKeyHex('abc')).toThrow(/64 hexadecimal/);
    expect(() => resolveStorageKeyHex('zz'.repeat(32))).toThrow(/64 hexadecimal/);
    expect(DEFAULT_STORAGE_KEY_HEX).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a cipher opens only what it sealed, under the same name', () => {
    const cipher = createStorageCipher('12'.repeat(32));
    const sealed = cipher.seal('mp.x', 'Tiếng Việt');
    expect(cipher.open('mp.x', sealed)).toBe('Tiếng Việt');
    expect(cipher.open('mp.y', sealed)).toBeNull();
    expect(createStorageCipher('13'.repeat(32)).open('mp.x', sealed)).toBeNull();
  });
});

describe('bundle hygiene', () => {
  it('imports only the crypto-js modules it uses, never the whole library', () => {
    const dir = join(process.cwd(), 'src', 'storage');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"]crypto-js['"]/);
      for (const [, module] of source.matchAll(/from ['"](crypto-js\/[^'"]+)['"]/g)) {
        expect(['crypto-js/aes', 'crypto-js/hmac-sha256', 'crypto-js/enc-base64', 'crypto-js/enc-hex', 'crypto-js/enc-utf8', 'crypto-js/core']).toContain(module);
      }
    }
  });
});
