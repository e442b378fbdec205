/**
 * Authentication of the signed merchant API. A request carries
 *   X-Access-Key: the credential's access key,
 *   X-Timestamp:  unix seconds when it was signed,
 *   X-Signature:  hex HMAC-SHA256, under the secret key, of
 *                 "<METHOD>\n<path with query, as sent>\n<timestamp>\n<raw body>".
 * Refused: an unknown, revoked or expired key; a wrong signature; a timestamp more than 5 minutes away
 * from the server's clock; and a signature already accepted once (replay), remembered in
 * `merchant_api_nonces` for twice the allowed age, after which the timestamp check refuses it anyway.
 */
import { and, eq, lt } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { canonicalRequest, type IntegrationEnvironment, SIGNATURE_HEADERS, SIGNATURE_MAX_AGE_SECONDS } from '@/domain/paymentIntegration';
import type { Db } from '../../db/client';
import { apiCredentials, merchantApiNonces } from '../../db/schema';
import { ApiError } from '../../errors';
import { hmacHex, sameSignature, type SecretBox } from './crypto';

/** The OpenAPI security scheme of signed requests (registered by server/plugins/docs.ts). */
export const MERCHANT_SIGNATURE_SCHEME = 'merchantHmacSignature';
export const merchantSignatureSecurityScheme = {
  type: 'apiKey',
  in: 'header',
  name: SIGNATURE_HEADERS.signature,
  description:
    `HMAC-SHA256 request signature with the integration centre's credentials (no session token): headers ` +
    `${SIGNATURE_HEADERS.accessKey} (access key), ${SIGNATURE_HEADERS.timestamp} (unix seconds) and ${SIGNATURE_HEADERS.signature} = hex ` +
    `HMAC-SHA256 under the secret key of "<METHOD>\\n<path with query>\\n<timestamp>\\n<raw body>". Timestamps more than ` +
    `${SIGNATURE_MAX_AGE_SECONDS / 60} minutes off and replayed signatures are refused (401).`,
} as const;
/** The `security` of every signed route's schema: the signature, never the bearer token. */
export const signedRouteSecurity = [{ [MERCHANT_SIGNATURE_SCHEME]: [] as string[] }];

export interface SignedCaller {
  credentialId: number;
  merchantId: number;
  environment: IntegrationEnvironment;
  /** The user who created the key: refunds made with it are recorded as theirs. */
  createdBy: number | null;
}

export interface SignedRequest {
  method: string;
  /** The path with its query string, exactly as received. */
  url: string;
  accessKey: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
}

export const signatureErrors = {
  invalid: () => new ApiError(401, ApiStatus.UNAUTHORIZED, 'paymentIntegration.errors.signatureInvalid'),
  expired: () => new ApiError(401, ApiStatus.UNAUTHORIZED, 'paymentIntegration.errors.timestampExpired'),
  replayed: () => new ApiError(401, ApiStatus.UNAUTHORIZED, 'paymentIntegration.errors.replayed'),
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? undefined : v);
/** Header values of a Fastify request (a repeated header is refused as missing). */
export const signedHeadersOf = (headers: Record<string, string | string[] | undefined>) => ({
  accessKey: one(headers['x-access-key']),
  timestamp: one(headers['x-timestamp']),
  signature: one(headers['x-signature']),
});

/** The signature a client computes (also used by the tests and the page's worked example). */
export function signRequest(secretKey: string, method: string, url: string, timestamp: string, body: string): string {
  return hmacHex(secretKey, canonicalRequest(method, url, timestamp, body));
}

export async function verifySignedRequest(db: Db, box: SecretBox, request: SignedRequest, now: Date): Promise<SignedCaller> {
  const { accessKey, timestamp, signature } = request;
  if (!accessKey || !timestamp || !signature || !/^\d{1,13}$/.test(timestamp) || accessKey.length > 100) throw signatureErrors.invalid();
  const [row] = await db.select().from(apiCredentials).where(eq(apiCredentials.accessKey, accessKey));
  const usable = row && (row.status === 'ACTIVE' || (row.status === 'ROTATED' && row.expiresAt !== null && row.expiresAt > now));
  if (!usable) throw signatureErrors.invalid();
  const expected = signRequest(box.open(row.secretEncrypted), request.method, request.url, timestamp, request.body);
  if (!sameSignature(expected, signature)) throw signatureErrors.invalid();
  // Judged after the signature: an attacker cannot learn anything from a forged request's clock.
  // Unix seconds, or milliseconds (13 digits): with milliseconds two identical calls in one second are
  // two requests, not a replay.
  const seconds = timestamp.length === 13 ? Number(timestamp) / 1000 : Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_MAX_AGE_SECONDS) throw signatureErrors.expired();
  await db.delete(merchantApiNonces).where(lt(merchantApiNonces.seenAt, new Date(now.getTime() - 2 * SIGNATURE_MAX_AGE_SECONDS * 1000)));
  const fresh = await db
    .insert(merchantApiNonces)
    .values({ accessKey, signature: signature.toLowerCase(), seenAt: now })
    .onConflictDoNothing()
    .returning({ accessKey: merchantApiNonces.accessKey });
  if (fresh.length === 0) throw signatureErrors.replayed();
  await db.update(apiCredentials).set({ lastUsedAt: now }).where(and(eq(apiCredentials.id, row.id)));
  return { credentialId: row.id, merchantId: row.merchantId, environment: row.environment as IntegrationEnvironment, createdBy: row.createdBy };
}
