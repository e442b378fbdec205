/**
 * Secrets of the payment integration centre. A credential's secret key must be read back (the server
 * recomputes request signatures and signs webhooks with it), so it is encrypted, not hashed:
 * AES-256-GCM under a key derived (HKDF-SHA256) from the installation secret (TOKEN_PEPPER or the
 * generated one of server/lib/installation-secret). Nothing secret is in the source; changing the
 * installation secret makes stored keys unreadable, and they must then be rotated.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const INFO = 'payment-integration/api-credential-secret/v1';

export interface SecretBox {
  seal(clear: string): string;
  open(sealed: string): string;
}

export function secretBox(installationSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', installationSecret, Buffer.alloc(0), INFO, 32));
  return {
    seal(clear) {
      const iv = randomBytes(12);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv(ALGORITHM, key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}

/** A new access key (public) and secret key (shown once). */
export const newAccessKey = (): string => `ak_${randomBytes(12).toString('hex')}`;
export const newSecretKey = (): string => `sk_${randomBytes(24).toString('base64url')}`;

export const hmacHex = (key: string, payload: string): string => createHmac('sha256', key).update(payload, 'utf8').digest('hex');

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}
