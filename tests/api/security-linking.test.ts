/**
 * Security, SSO linking and the demo identity provider: an SSO identity (issuer + subject) opens only
 * the portal account it was linked to by that account's owner; a hand-off is bound to the browser that
 * started it (nonce); the demo IdP's password form is throttled and locked exactly like /login.
 * Each test reproduces an attack that used to work and now fails to get in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { sessions, ssoIdentities, ssoLinkEvents, users } from '../../server/db/schema';
import { AUTH_TEST_USERS } from '../../server/db/seed-auth';
import { DEMO_PASSWORD, DemoUsers } from '../../server/db/seed-fixtures';
import { signDemoSsoToken } from '../../server/lib/sso';
import type { Config } from '../../server/config';
import { makeApp, type TestApp } from './helpers';
import { freshIp, post } from './auth-helpers';

const LOGIN = '/api/authentication/v1/login';
const SSO_SIGN_ON = '/api/authentication/v1/sso/sign-on';
const SSO_LINK = '/api/authentication/v1/sso/link';
const SSO_UNLINK = '/api/authentication/v1/sso/unlink';
const ME = '/api/profile/v1/me';
const IDP_FORM = '/api/demo/sso/authorize';

/** What the portal made for the browser that started the hand-off. */
const NONCE = 'nonce-of-this-browser-0123456789';
const NOT_LINKED_VI =
  'Tài khoản SSO này chưa được liên kết với tài khoản nào trên cổng doanh nghiệp. Hãy đăng nhập bằng tên đăng nhập và mật khẩu, rồi chọn "Liên kết số ví Ví Xanh" trong Thông tin tài khoản.';
const SSO_INVALID_VI = 'Phiên đăng nhập SSO không hợp lệ hoặc đã hết hạn';
const CURRENT_PASSWORD_WRONG_VI = 'Mật khẩu hiện tại không chính xác';
const LOCKED_VI = 'Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau 15 phút.';

describe('SSO identities are linked by issuer and subject', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  /** A token of the configured issuer (the demo one here), as any IdP holding its key would sign it. */
  const tokenOf = (subject: string, username: string, { nonce = NONCE, config = t.config as Config } = {}) =>
    signDemoSsoToken(config.auth.sso, config.tokenPepper, { subject, username, phoneNumber: null, nonce });
  const idOf = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0].id;
  const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0].n;

  it('refuses an identity nobody linked, even when it carries a portal username, and says how to link it', async () => {
    const before = await sessionCount();
    // The attack: any account of the IdP named like a portal user used to open that user's account.
    const vi = await post(t, SSO_SIGN_ON, { token: await tokenOf('idp-stranger-1', DemoUsers.owner.username), nonce: NONCE });
    expect(vi.statusCode).toBe(403);
    expect(vi.json()).toEqual({ status: ApiStatus.FORBIDDEN, message: NOT_LINKED_VI });
    const en = await post(t, SSO_SIGN_ON, { token: await tokenOf('idp-stranger-2', 'OWNER_DEMO'), nonce: NONCE }, { lang: 'en' });
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe(
      'This SSO account is not linked to any business portal account. Sign in with your username and password, then choose "Link the Ví Xanh wallet number" under Account info.',
    );
    expect(await sessionCount()).toBe(before);
  });

  it('POST /sso/link links iss + sub to the signed-in account; that identity then opens it, whatever name it carries', async () => {
    const user = AUTH_TEST_USERS.sso;
    const token = await t.login(user.username);
    expect((await t.call(token, { method: 'GET', url: ME })).json().data.linkedSSO).toBe(false);

    const linked = await post(t, SSO_LINK, { token: await tokenOf('idp-42', 'someone_else'), nonce: NONCE, password: DEMO_PASSWORD }, { token });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ status: 0, message: 'Liên kết với số ví Ví Xanh thành công' });
    const rows = await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'idp-42'));
    expect(rows.map((r) => [r.issuer, r.subject, r.userId])).toEqual([['demo-sso', 'idp-42', await idOf(user.username)]]);
    expect((await t.call(token, { method: 'GET', url: ME })).json().data.linkedSSO).toBe(true);

    // The name in the token is not what is matched: this one names another portal user.
    const signOn = await post(t, SSO_SIGN_ON, { token: await tokenOf('idp-42', DemoUsers.owner.username), nonce: NONCE });
    expect(signOn.statusCode).toBe(200);
    expect(signOn.json().data).toMatchObject({ username: user.username, isLoginSSO: true, linkedSSO: true });
  });

  it('the same subject from another issuer opens nothing, and an identity linked to one account cannot be linked to another', async () => {
    const ownerId = await idOf(DemoUsers.owner.username);
    await t.database.db.insert(ssoIdentities).values({ issuer: 'https://other-idp.example', subject: 'shared-7', userId: ownerId });
    const other = await post(t, SSO_SIGN_ON, { token: await tokenOf('shared-7', DemoUsers.owner.username), nonce: NONCE });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(NOT_LINKED_VI);

    // A token of an issuer the portal does not trust is refused outright, even for a linked subject.
    const foreignIssuer = { ...t.config, auth: { ...t.config.auth, sso: { ...t.config.auth.sso, issuer: 'https://other-idp.example' } } };
    const foreign = await post(t, SSO_SIGN_ON, { token: await tokenOf('shared-7', 'x', { config: foreignIssuer }), nonce: NONCE });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe(SSO_INVALID_VI);

    // idp-42 belongs to auth_sso_demo (previous test): the owner's session cannot take it over.
    const owner = await t.login(DemoUsers.owner.username);
    const taken = await post(t, SSO_LINK, { token: await tokenOf('idp-42', 'x'), nonce: NONCE, password: DEMO_PASSWORD }, { token: owner });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: ApiStatus.CONFLICT, message: 'Tài khoản SSO này đã được liên kết với một tài khoản khác' });
    const rows = await t.database.db.select().from(ssoIdentities).where(and(eq(ssoIdentities.issuer, 'demo-sso'), eq(ssoIdentities.subject, 'idp-42')));
    expect(rows.map((r) => r.userId)).toEqual([await idOf(AUTH_TEST_USERS.sso.username)]);
  });

  it('linking needs a session opened by the account itself, a valid token and this browser’s nonce; nothing is written otherwise', async () => {
    const before = await t.database.db.select({ n: count() }).from(ssoIdentities);
    const token = await t.login(AUTH_TEST_USERS.password.username);
    const wrongNonce = await post(t, SSO_LINK, { token: await tokenOf('idp-77', 'x'), nonce: 'another-browser-nonce-000000', password: DEMO_PASSWORD }, { token });
    expect(wrongNonce.statusCode).toBe(401);
    expect(wrongNonce.json().message).toBe(SSO_INVALID_VI);
    expect((await post(t, SSO_LINK, { token: await tokenOf('idp-77', 'x'), nonce: NONCE, password: DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await post(t, SSO_LINK, { token: 'x', nonce: 'short', password: DEMO_PASSWORD }, { token })).statusCode).toBe(400);

    // A session opened by SSO cannot add identities: a stolen IdP account must not plant a second way in.
    const sso = await post(t, SSO_SIGN_ON, { token: await tokenOf('idp-42', 'x'), nonce: NONCE });
    const refused = await post(t, SSO_LINK, { token: await tokenOf('idp-78', 'x'), nonce: NONCE, password: DEMO_PASSWORD }, { token: sso.json().data.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Vui lòng đăng nhập bằng tên đăng nhập và mật khẩu (không qua SSO) để liên kết tài khoản SSO');
    expect(await t.database.db.select({ n: count() }).from(ssoIdentities)).toEqual(before);
  });

  it('linking needs the account’s current password: none or a wrong one is refused, links nothing and keeps the token usable', async () => {
    // The attack: a session left open (or a stolen token) planting the holder's own IdP identity.
    const user = AUTH_TEST_USERS.password;
    const token = await t.login(user.username);
    const identities = async () => t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'idp-planted'));
    const handOff = await tokenOf('idp-planted', 'attacker');

    const none = await post(t, SSO_LINK, { token: handOff, nonce: NONCE }, { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().status).toBe(ApiStatus.VALIDATION);
    expect(none.json().data.errors).toEqual([expect.objectContaining({ field: 'password' })]);
    const wrong = await post(t, SSO_LINK, { token: handOff, nonce: NONCE, password: 'Guess@1234' }, { token });
    expect(wrong.statusCode).toBe(400);
    // The same refusal as the account screen's password check.
    expect(wrong.json()).toEqual({ status: ApiStatus.INVALID_CREDENTIALS, message: CURRENT_PASSWORD_WRONG_VI });
    const check = await post(t, '/api/authentication/v1/password/check-password', { password: 'Guess@1234' }, { token });
    expect(check.json()).toEqual(wrong.json());
    expect(await identities()).toEqual([]);
    expect(await t.database.db.select().from(ssoLinkEvents).where(eq(ssoLinkEvents.subject, 'idp-planted'))).toEqual([]);

    // The password is checked before the token, so a typo does not spend the hand-off; the owner's link is audited.
    const linked = await post(t, SSO_LINK, { token: handOff, nonce: NONCE, password: DEMO_PASSWORD }, { token, ip: '10.9.8.7' });
    expect(linked.statusCode).toBe(200);
    expect((await identities()).map((r) => r.userId)).toEqual([await idOf(user.username)]);
    const events = await t.database.db.select().from(ssoLinkEvents).where(eq(ssoLinkEvents.subject, 'idp-planted'));
    expect(events).toEqual([expect.objectContaining({ userId: await idOf(user.username), action: 'LINK', issuer: 'demo-sso', ip: '10.9.8.7' })]);
    expect(events[0].sessionId).toEqual(expect.any(Number));
  });

  it('POST /sso/unlink with the password removes the identity: it no longer signs in, and the sessions it opened end', async () => {
    const user = DemoUsers.nfc;
    const token = await t.login(user.username);
    // A wrongly linked identity, already used to sign in once.
    expect((await post(t, SSO_LINK, { token: await tokenOf('idp-wrong', 'x'), nonce: NONCE, password: DEMO_PASSWORD }, { token })).statusCode).toBe(200);
    const ssoSession = (await post(t, SSO_SIGN_ON, { token: await tokenOf('idp-wrong', 'x'), nonce: NONCE })).json().data.token as string;
    expect((await t.call(ssoSession, { method: 'GET', url: ME })).statusCode).toBe(200);

    const noPassword = await post(t, SSO_UNLINK, {}, { token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().data.errors).toEqual([expect.objectContaining({ field: 'password' })]);
    const wrong = await post(t, SSO_UNLINK, { password: 'Guess@1234' }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: ApiStatus.INVALID_CREDENTIALS, message: CURRENT_PASSWORD_WRONG_VI });
    expect((await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, await idOf(user.username)))).map((r) => r.subject)).toEqual(['idp-wrong']);

    const done = await post(t, SSO_UNLINK, { password: DEMO_PASSWORD }, { token, lang: 'en' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 0, message: 'The SSO account was unlinked' });
    expect(await t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, await idOf(user.username)))).toEqual([]);
    expect((await t.call(token, { method: 'GET', url: ME })).json().data.linkedSSO).toBe(false);
    const events = await t.database.db.select().from(ssoLinkEvents).where(eq(ssoLinkEvents.subject, 'idp-wrong'));
    expect(events.map((e) => e.action).sort()).toEqual(['LINK', 'UNLINK']);

    const again = await post(t, SSO_SIGN_ON, { token: await tokenOf('idp-wrong', 'x'), nonce: NONCE });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(NOT_LINKED_VI);
    expect((await t.call(ssoSession, { method: 'GET', url: ME })).statusCode).toBe(401);
    // The session that unlinked (opened with the password) stays.
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(200);
  });

  it('refuses a hand-off whose nonce is not the one this browser sent (login CSRF)', async () => {
    // The attacker's own hand-off (their nonce) replayed in the victim's browser, which sends its own.
    const attackers = await tokenOf('idp-42', 'x', { nonce: 'attacker-nonce-0123456789abcdef' });
    const res = await post(t, SSO_SIGN_ON, { token: attackers, nonce: NONCE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: ApiStatus.TOKEN_INVALID, message: SSO_INVALID_VI });
    // No nonce at all is a bad request, not a sign-in.
    const missing = await post(t, SSO_SIGN_ON, { token: attackers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors ?? missing.json().data?.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'nonce' })]));
  });
});

describe('the demo identity provider form shares the /login throttle and lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ loginThrottle: { maxFailuresPerUser: 3, maxFailuresPerIp: 6, windowMinutes: 15, lockMinutes: 15 } });
  });
  afterAll(() => t.close());

  const handOff = `state=${'s'.repeat(24)}&nonce=${NONCE}`;
  // Loopback, like every demo request (the demo routes answer nothing else).
  const form = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: IDP_FORM,
      payload: `username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}&${handOff}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const LOCKED = 'Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau 15 phút.';

  it('locks a username after the allowed wrong guesses, and the lock holds at /login too', async () => {
    const user = DemoUsers.owner.username;
    for (let i = 0; i < 2; i++) {
      const wrong = await form(user, `Guess@${i}000`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain('Mật khẩu hoặc tên đăng nhập không chính xác');
    }
    const third = await form(user, 'Guess@2000');
    expect(third.statusCode).toBe(429);
    expect(third.body).toContain(LOCKED);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // The right password no longer gets a token, here or at /login.
    const right = await form(user, DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers.location).toBeUndefined();
    const login = await post(t, LOGIN, { username: user, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(429);
    expect(login.json().status).toBe(ApiStatus.ACCOUNT_LOCKED);
  });

  it('a lock started at /login closes the IdP form as well', async () => {
    const user = DemoUsers.accountant.username;
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await post(t, LOGIN, { username: user, password: `Guess@${i}000` }, { ip });
    const right = await form(user, DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain(LOCKED);
    expect(right.headers.location).toBeUndefined();
  });

  it('refuses the address after too many wrong guesses across usernames, like /login', async () => {
    // Three failures from this address so far (first test); three more reach the limit of six.
    for (const ghost of ['ghost_a1', 'ghost_a2']) expect((await form(ghost, 'Guess@1000')).statusCode).toBe(401);
    const sixth = await form('ghost_a3', 'Guess@1000');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toMatch(/Bạn thao tác quá nhiều lần\. Vui lòng thử lại sau \d+ giây\./);
    const other = await form(DemoUsers.cashier.username, DEMO_PASSWORD);
    expect(other.statusCode).toBe(429);
    expect(other.headers.location).toBeUndefined();
  });
});

describe('the password of /sso/link and /sso/unlink shares the /login throttle and lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ loginThrottle: { maxFailuresPerUser: 3, maxFailuresPerIp: 50, windowMinutes: 15, lockMinutes: 15 } });
  });
  afterAll(() => t.close());

  const tokenOf = (subject: string) =>
    signDemoSsoToken(t.config.auth.sso, t.config.tokenPepper, { subject, username: 'x', phoneNumber: null, nonce: NONCE });
  const linkedTo = async (username: string) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    return t.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, user.id));
  };

  it('wrong passwords at /sso/link lock the account, at /login too; the right password then links nothing', async () => {
    const user = DemoUsers.cashier.username;
    const session = await t.login(user);
    const before = await linkedTo(user);
    for (let i = 0; i < 2; i++) {
      const wrong = await post(t, SSO_LINK, { token: await tokenOf(`guess-${i}`), nonce: NONCE, password: `Guess@${i}000` }, { token: session });
      expect(wrong.json()).toEqual({ status: ApiStatus.INVALID_CREDENTIALS, message: CURRENT_PASSWORD_WRONG_VI });
    }
    const third = await post(t, SSO_UNLINK, { password: 'Guess@2000' }, { token: session });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ status: ApiStatus.ACCOUNT_LOCKED, message: LOCKED_VI });

    const right = await post(t, SSO_LINK, { token: await tokenOf('guess-right'), nonce: NONCE, password: DEMO_PASSWORD }, { token: session });
    expect(right.statusCode).toBe(429);
    expect(await linkedTo(user)).toEqual(before);
    const login = await post(t, LOGIN, { username: user, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(429);
    expect(login.json().status).toBe(ApiStatus.ACCOUNT_LOCKED);
  });

  it('a lock started at /login refuses the right password at /sso/link and /sso/unlink', async () => {
    const user = DemoUsers.accountant.username;
    const session = await t.login(user);
    const before = await linkedTo(user);
    for (let i = 0; i < 3; i++) await post(t, LOGIN, { username: user, password: `Guess@${i}000` }, { ip: freshIp() });
    const link = await post(t, SSO_LINK, { token: await tokenOf('after-lock'), nonce: NONCE, password: DEMO_PASSWORD }, { token: session });
    expect(link.statusCode).toBe(429);
    expect(link.json().status).toBe(ApiStatus.ACCOUNT_LOCKED);
    const unlink = await post(t, SSO_UNLINK, { password: DEMO_PASSWORD }, { token: session });
    expect(unlink.statusCode).toBe(429);
    expect(await linkedTo(user)).toEqual(before);
    expect(before).toHaveLength(1);
  });
});
