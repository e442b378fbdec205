/**
 * Single sign-on: verification of the identity provider's hand-off token (a short-lived JWT) and, for
 * demo mode, the signing side of the built-in issuer. Production points SSO_SECRET (HS256) or
 * SSO_JWKS_URL (RS256/ES256) at the real IdP; demo mode signs with a key derived from the pepper.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import type { SsoConfig } from '../../config';

/** What the portal reads from a hand-off token. */
export interface SsoIdentity {
  /** The IdP's account id. */
  subject: string;
  /** The portal username of that account. */
  username: string;
  /** The wallet phone of the account, when the IdP knows it. */
  phoneNumber: string | null;
}

export interface SsoVerifier {
  readonly enabled: boolean;
  /** Null for anything invalid: bad signature, wrong issuer/audience, expired, missing claims, used before. */
  verify(token: string): Promise<SsoIdentity | null>;
}

/** Hand-off tokens are exchanged at once; a minute or two covers a slow redirect. */
export const SSO_TOKEN_LIFETIME_SECONDS = 120;

export function demoSsoKey(pepper: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', pepper).update('demo-sso-issuer').digest());
}

export function createSsoVerifier(sso: SsoConfig, demo: { enabled: boolean; pepper: string }): SsoVerifier {
  let key: Uint8Array | JWTVerifyGetKey | null = null;
  if (sso.jwksUrl) key = createRemoteJWKSet(new URL(sso.jwksUrl));
  else if (sso.secret) key = new Uint8Array(Buffer.from(sso.secret, 'utf8'));
  else if (demo.enabled) key = demoSsoKey(demo.pepper);
  const algorithms = sso.jwksUrl ? ['RS256', 'ES256'] : ['HS256'];
  // A hand-off token opens one session: one caught in transit (history, a proxy) cannot open another.
  // Kept in memory until the token expires (one process; only validly signed tokens get here).
  const used = new Map<string, number>();
  const firstUse = (token: string, jti: unknown, expiresAtMs: number): boolean => {
    const now = Date.now();
    for (const [id, until] of used) if (until <= now) used.delete(id);
    const id = typeof jti === 'string' && jti ? `jti:${jti}` : createHash('sha256').update(token).digest('base64url');
    if (used.has(id)) return false;
    used.set(id, expiresAtMs);
    return true;
  };

  return {
    enabled: key !== null,
    async verify(token) {
      if (!key || typeof token !== 'string' || token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, key as Uint8Array, {
          issuer: sso.issuer,
          audience: sso.audience,
          algorithms,
          maxTokenAge: `${SSO_TOKEN_LIFETIME_SECONDS * 5}s`,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const username = payload.preferred_username;
        if (typeof payload.sub !== 'string' || typeof username !== 'string') return null;
        const phone = typeof payload.phone_number === 'string' ? payload.phone_number : null;
        if (!firstUse(token, payload.jti, (payload.exp ?? 0) * 1000)) return null;
        return { subject: payload.sub, username, phoneNumber: phone };
      } catch {
        return null;
      }
    },
  };
}

/** The demo issuer's token for one account (server/routes/demo). */
export async function signDemoSsoToken(
  sso: SsoConfig,
  pepper: string,
  identity: SsoIdentity,
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ preferred_username: identity.username, phone_number: identity.phoneNumber })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(identity.subject)
    .setIssuer(sso.issuer)
    .setAudience(sso.audience)
    .setIssuedAt(iat)
    .setJti(randomUUID())
    .setExpirationTime(iat + SSO_TOKEN_LIFETIME_SECONDS)
    .sign(demoSsoKey(pepper));
}
