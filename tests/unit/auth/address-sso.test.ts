// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { channelOf, normaliseAddress } from '../../../server/lib/otp/address';
import { maskContact } from '@/domain/masking';
import { createSsoVerifier, signDemoSsoToken } from '../../../server/lib/sso';
import { otpCodeSchema, signUpAccountSchema } from '@/domain/auth';

describe('addresses', () => {
  it('normalises phones to 0… and e-mails to lower case', () => {
    expect(normaliseAddress('SMS', '+84 901 234 567')).toBe('0901234567');
    expect(normaliseAddress('SMS', '84901234567')).toBe('0901234567');
    expect(normaliseAddress('SMS', '0901234567')).toBe('0901234567');
    expect(normaliseAddress('EMAIL', ' An.Nguyen@Example.VN ')).toBe('an.nguyen@example.vn');
    expect(channelOf('a@b.vn')).toBe('EMAIL');
    expect(channelOf('0901234567')).toBe('SMS');
  });

  it('masks a code destination the one way (src/domain/masking.ts)', () => {
    expect(maskContact('SMS', '0901234567')).toBe('0901•••567');
    expect(maskContact('SMS', '01234567890')).toBe('0123•••890');
    expect(maskContact('EMAIL', 'an@x.vn')).toBe('a•••@x.vn');
    expect(maskContact('EMAIL', 'owner.demo@example.vn')).toBe('o•••@example.vn');
  });
});

describe('shared schemas', () => {
  it('a code is exactly 6 digits', () => {
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456']) expect(otpCodeSchema.safeParse(bad).success).toBe(false);
    expect(otpCodeSchema.safeParse('').error?.issues[0].message).toBe('validation.required');
    expect(otpCodeSchema.safeParse('12').error?.issues[0].message).toBe('validation.auth.otpCode');
  });

  it('sign-up applies the §5 rules and the confirmation', () => {
    const ok = { username: 'shop_01', fullname: 'An', phoneNumber: '0901234567', email: 'a@b.vn', password: 'Shop@2026', passwordConfirm: 'Shop@2026', channel: 'SMS' };
    expect(signUpAccountSchema.safeParse(ok).success).toBe(true);
    const fields = (v: object) => signUpAccountSchema.safeParse({ ...ok, ...v }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fields({ username: '123456' })).toEqual([['username', 'validation.username']]);
    expect(fields({ password: 'weakpass1', passwordConfirm: 'weakpass1' })).toEqual([['password', 'validation.password']]);
    expect(fields({ passwordConfirm: 'Shop@2027' })).toEqual([['passwordConfirm', 'validation.passwordConfirm']]);
    expect(fields({ phoneNumber: '0101234567' })).toEqual([['phoneNumber', 'validation.phone']]);
  });
});

describe('SSO tokens', () => {
  const sso = { loginUrl: null, secret: null, jwksUrl: null, issuer: 'demo-sso', audience: 'merchant-portal' };
  const pepper = 'p'.repeat(40);
  const nonce = 'n'.repeat(32);
  const identity = { subject: 's1', username: 'owner_demo', phoneNumber: '0901234567', nonce };
  const read = { issuer: 'demo-sso', subject: 's1', username: 'owner_demo', phoneNumber: '0901234567' };

  it('verifies the demo issuer token in demo mode, and reads its issuer and subject', async () => {
    const verifier = createSsoVerifier(sso, { enabled: true, pepper });
    expect(await verifier.verify(await signDemoSsoToken(sso, pepper, identity), nonce)).toEqual(read);
  });

  it('refuses a token whose nonce is not the one this browser made (login CSRF)', async () => {
    const verifier = createSsoVerifier(sso, { enabled: true, pepper });
    expect(await verifier.verify(await signDemoSsoToken(sso, pepper, identity), 'm'.repeat(32))).toBeNull();
    expect(await verifier.verify(await signDemoSsoToken(sso, pepper, identity), '')).toBeNull();
  });

  it('is disabled without a key outside demo mode', async () => {
    const verifier = createSsoVerifier(sso, { enabled: false, pepper });
    expect(verifier.enabled).toBe(false);
    expect(await verifier.verify(await signDemoSsoToken(sso, pepper, identity), nonce)).toBeNull();
  });

  it('refuses expired tokens, other issuers or audiences, and other keys', async () => {
    const verifier = createSsoVerifier(sso, { enabled: true, pepper });
    const old = new Date(Date.now() - 10 * 60_000);
    expect(await verifier.verify(await signDemoSsoToken(sso, pepper, identity, old), nonce)).toBeNull();
    expect(await verifier.verify(await signDemoSsoToken({ ...sso, issuer: 'evil' }, pepper, identity), nonce)).toBeNull();
    expect(await verifier.verify(await signDemoSsoToken({ ...sso, audience: 'other-app' }, pepper, identity), nonce)).toBeNull();
    expect(await verifier.verify(await signDemoSsoToken(sso, 'q'.repeat(40), identity), nonce)).toBeNull();
  });

  it('uses the configured shared secret for a real IdP (OIDC nonce claim; no preferred_username needed)', async () => {
    const secret = 's'.repeat(40);
    const verifier = createSsoVerifier({ ...sso, secret, issuer: 'idp' }, { enabled: false, pepper });
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('x')
        .setIssuer('idp')
        .setAudience('merchant-portal')
        .setIssuedAt()
        .setExpirationTime('2m')
        .sign(new Uint8Array(Buffer.from(secret)));
    expect(await verifier.verify(await sign({ nonce }), nonce)).toEqual({ issuer: 'idp', subject: 'x', username: null, phoneNumber: null });
    // No nonce claim: the token was not made for this hand-off.
    expect(await verifier.verify(await sign({ preferred_username: 'owner_demo' }), nonce)).toBeNull();
  });
});
