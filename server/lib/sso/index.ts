/**
 * Single sign-on: verification of the identity provider's hand-off token (a short-lived JWT) and, for
 * demo mode, the signing side of the built-in issuer. An identity is its issuer and subject (`iss` +
 * `sub`); it opens a portal account only once linked to it (./links.ts). The token must carry the
 * `nonce` the portal made for the browser that started the hand-off (login CSRF).
 * Production points SSO_SECRET (HS256) or SSO_JWKS_URL (RS256/ES256) at the real IdP; demo mode
 * signs with a key derived from the installation's secret (TOKEN_PEPPER or the one generated at
 * first start, never a source constant).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import type { SsoConfig } from '../../config';

/** What the portal reads from a hand-off token. */
export interface SsoIdentity {
  /** Who vouches for the account (`iss`). */
  issuer: string;
  /** The IdP's account id (`sub`): with the issuer, what a link is keyed by. */
  subject: string;
  /** The IdP's name of the account (`preferred_username`): shown, never matched on. */
  username: string | null;
  /** The wallet phone of the account, when the IdP knows it. */
  phoneNumber: string | null;
}

export interface SsoVerifier {
  readonly enabled: boolean;
  /**
   * Null for anything invalid: bad signature, wrong issuer/audience, expired, missing claims, a
   * `nonce` claim other than `nonce` (the value the browser that started the hand-off kept), used before.
   */
  verify(token: string, nonce: string): Promise<SsoIdentity | null>;
}

/** Hand-off tokens are exchanged at once; a minute or two covers a slow redirect. */
export const SSO_TOKEN_LIFETIME_SECONDS = 120;

/** The demo issuer's HS256 key: derived from the installation's secret, so no two installations share it. */
export function demoSsoKey(pepper: string): Uint8Array {
  // Never from an empty or short value: that would be a key anyone can compute.
  if (pepper.length < 32) throw new Error('The demo SSO key needs the installation secret (32+ characters)');
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
    async verify(token, nonce) {
      if (!key || typeof token !== 'string' || token.length > 4096 || typeof nonce !== 'string' || !nonce) return null;
      try {
        const { payload } = await jwtVerify(token, key as Uint8Array, {
          issuer: sso.issuer,
          audience: sso.audience,
          algorithms,
          maxTokenAge: `${SSO_TOKEN_LIFETIME_SECONDS * 5}s`,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.iss !== 'string') return null;
        if (!nonceMatches(payload.nonce, nonce)) return null;
        const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : null;
        const phone = typeof payload.phone_number === 'string' ? payload.phone_number : null;
        if (!firstUse(token, payload.jti, (payload.exp ?? 0) * 1000)) return null;
        return { issuer: payload.iss, subject: payload.sub, username, phoneNumber: phone };
      } catch {
        return null;
      }
    },
  };
}

/** The built-in demo issuer's `iss` (the demo-mode default of SSO_ISSUER, server/config.ts). */
export const DEMO_SSO_ISSUER = 'demo-sso';

/** The demo issuer's subject of a portal account (what the seed links for the demo accounts). */
export const demoSsoSubject = (userId: number) => `demo-sso-${userId}`;

/** Constant-time comparison of the token's `nonce` claim with the browser's value. */
function nonceMatches(claim: unknown, expected: string): boolean {
  if (typeof claim !== 'string') return false;
  const a = createHash('sha256').update(claim).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The demo issuer's token for one account (server/routes/demo), carrying the portal's `nonce`. */
export async function signDemoSsoToken(
  sso: SsoConfig,
  pepper: string,
  identity: { subject: string; username: string; phoneNumber: string | null; nonce: string },
  now = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ preferred_username: identity.username, phone_number: identity.phoneNumber, nonce: identity.nonce })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(identity.subject)
    .setIssuer(sso.issuer)
    .setAudience(sso.audience)
    .setIssuedAt(iat)
    .setJti(randomUUID())
    .setExpirationTime(iat + SSO_TOKEN_LIFETIME_SECONDS)
    .sign(demoSsoKey(pepper));
}
