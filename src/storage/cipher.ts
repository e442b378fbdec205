/**
 * Authenticated encryption of stored values: AES-256-CBC with a random IV per write, then
 * HMAC-SHA256 (encrypt-then-MAC) over the version, the storage key name, the IV and the ciphertext.
 * The MAC is verified, in constant time, before anything is decrypted.
 *
 * Only the crypto-js modules used are imported (the whole library is ~27 KB gzip, these ~3 KB).
 * Keys are explicit 256-bit values: crypto-js's passphrase mode (a string key) derives keys with
 * MD5-based EVP_BytesToKey and is never used here.
 */
import AES from 'crypto-js/aes';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import CryptoJS from 'crypto-js/core';

type WordArray = CryptoJS.lib.WordArray;

export const STORAGE_FORMAT_VERSION = 'v1';

/**
 * Key used when VITE_STORAGE_KEY is not set (development, tests, the demo build). It is public by
 * construction: every key the browser uses ships in the bundle (see docs/decisions-core.md).
 */
export const DEFAULT_STORAGE_KEY_HEX = '6d702e73746f726167652e64656d6f2e6b65792e323032352e7631000000aa55';

const HEX_256 = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The master key from configuration, or the default when unset. A set but malformed value stops the
 * app at start: silently falling back would make a misconfigured build look secure.
 */
export function resolveStorageKeyHex(configured: string | undefined): string {
  const value = configured?.trim();
  if (!value) return DEFAULT_STORAGE_KEY_HEX;
  if (!HEX_256.test(value)) {
    throw new Error('VITE_STORAGE_KEY must be 64 hexadecimal characters (a 256-bit key).');
  }
  return value.toLowerCase();
}

function randomBytes(count: number): WordArray {
  const cryptoApi = globalThis.crypto;
  if (!cryptoApi?.getRandomValues) {
    // Never fall back to Math.random: a predictable IV would break CBC's confidentiality.
    throw new Error('A secure random generator (crypto.getRandomValues) is required.');
  }
  const bytes = cryptoApi.getRandomValues(new Uint8Array(count));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return Hex.parse(hex);
}

/** Constant-time equality of two MACs, so timing does not reveal how many leading bytes match. */
function macEquals(a: WordArray, b: WordArray): boolean {
  if (a.sigBytes !== b.sigBytes || a.words.length !== b.words.length) return false;
  let diff = 0;
  for (let i = 0; i < a.words.length; i++) diff |= a.words[i] ^ b.words[i];
  return diff === 0;
}

export interface StorageCipher {
  /** Encrypts `plaintext` bound to `name` (the storage key): 'v1.<iv>.<ciphertext>.<mac>' in base64. */
  seal(name: string, plaintext: string): string;
  /** The plaintext, or null when the value is malformed, was altered, moved to another key, or made with another key. */
  open(name: string, sealed: string): string | null;
}

export function createStorageCipher(masterKeyHex: string): StorageCipher {
  const master = Hex.parse(resolveStorageKeyHex(masterKeyHex));
  // Separate keys for encryption and authentication, derived deterministically from the master key.
  const encKey = HmacSHA256('mp.storage.enc', master);
  const macKey = HmacSHA256('mp.storage.mac', master);

  // The key name is authenticated too: a valid value copied under another key is refused.
  const mac = (name: string, ivB64: string, ctB64: string) =>
    HmacSHA256(`${STORAGE_FORMAT_VERSION}|${name}|${ivB64}|${ctB64}`, macKey);

  return {
    seal(name, plaintext) {
      const iv = randomBytes(16);
      const encrypted = AES.encrypt(Utf8.parse(plaintext), encKey, {
        iv,
        mode: CryptoJS.mode.CBC,
        padding: CryptoJS.pad.Pkcs7,
      });
      const ivB64 = Base64.stringify(iv);
      const ctB64 = Base64.stringify(encrypted.ciphertext);
      return `${STORAGE_FORMAT_VERSION}.${ivB64}.${ctB64}.${Base64.stringify(mac(name, ivB64, ctB64))}`;
    },
    open(name, sealed) {
      const parts = sealed.split('.');
      if (parts.length !== 4) return null;
      const [version, ivB64, ctB64, macB64] = parts;
      if (version !== STORAGE_FORMAT_VERSION || ![ivB64, ctB64, macB64].every((p) => BASE64.test(p))) return null;
      if (!macEquals(mac(name, ivB64, ctB64), Base64.parse(macB64))) return null;
      try {
        const iv = Base64.parse(ivB64);
        const ciphertext = Base64.parse(ctB64);
        if (iv.sigBytes !== 16 || ciphertext.sigBytes === 0 || ciphertext.sigBytes % 16 !== 0) return null;
        const decrypted = AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), encKey, {
          iv,
          mode: CryptoJS.mode.CBC,
          padding: CryptoJS.pad.Pkcs7,
        });
        return Utf8.stringify(decrypted);
      } catch {
        // Malformed UTF-8 or padding: only reachable with a valid MAC under a changed cipher setup.
        return null;
      }
    },
  };
}
