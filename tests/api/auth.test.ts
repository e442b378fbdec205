/**
 * POST /authentication/v1/login and /logout, and the session rules every protected route shares:
 * token format, revocation, absolute and idle expiry, throttling and the temporary lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { loginThrottles, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/db/repositories/sessions';
import { DEMO_PASSWORD, DemoUsers } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const LOGIN = '/api/authentication/v1/login';
const LOGOUT = '/api/authentication/v1/logout';
const ME = '/api/profile/v1/me';

const INVALID_VI = 'Mật khẩu hoặc tên đăng nhập không chính xác';
const INVALID_EN = 'The password or username is incorrect';
const LOCKED_VI = 'Tài khoản tạm thời bị khoá do đăng nhập sai nhiều lần. Vui lòng thử lại sau 15 phút.';
const LOCKED_EN = 'The account is temporarily locked after too many failed sign-ins. Please try again in 15 minutes.';

function post(t: TestApp, payload: unknown, opts: { lang?: string; remoteAddress?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: opts.lang ? `${LOGIN}?lang=${opts.lang}` : LOGIN,
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.remoteAddress,
  });
}

describe('login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('signs in a demo account and returns an opaque token and the profile', async () => {
    const res = await post(t, { username: DemoUsers.owner.username, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 0,
      message: 'Thành công',
      data: { username: 'owner_demo', name: 'Nguyễn Minh Anh', email: 'owner.demo@example.vn', phoneNumber: '0901234567' },
    });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.data).sort()).toEqual(['email', 'name', 'phoneNumber', 'token', 'userType', 'username']);
    expect(body.data.userType).toBe('M4B_USER');

    // Only the HMAC of the token is stored, and the sign-in is recorded.
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((s) => s.tokenHash === body.data.token)).toBe(false);
    expect(rows.some((s) => s.tokenHash === hashToken(t.config.tokenPepper, body.data.token))).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'owner_demo'));
    expect(user.lastLoginAt).not.toBeNull();
    expect(Date.now() - user.lastLoginAt!.getTime()).toBeLessThan(60_000);
  });

  it('matches the username case-insensitively and answers in English when asked', async () => {
    const res = await post(t, { username: 'Accountant_Demo', password: DEMO_PASSWORD }, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, message: 'Success', data: { username: 'accountant_demo' } });
  });

  it('gives the same answer for an unknown user and a wrong password, in both languages', async () => {
    const unknown = await post(t, { username: 'no_such_user', password: DEMO_PASSWORD }, { remoteAddress: '10.1.0.1' });
    const wrong = await post(t, { username: 'admin_demo', password: 'Wrong@1234' }, { remoteAddress: '10.1.0.2' });
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ status: ApiStatus.INVALID_CREDENTIALS, message: INVALID_VI });
    expect(wrong.json()).toEqual(unknown.json());

    const unknownEn = await post(t, { username: 'no_such_user', password: 'Wrong@1234' }, { lang: 'en', remoteAddress: '10.1.0.3' });
    const wrongEn = await post(t, { username: 'admin_demo', password: 'Wrong@1234' }, { lang: 'en', remoteAddress: '10.1.0.4' });
    expect(unknownEn.json()).toEqual({ status: 10, message: INVALID_EN });
    expect(wrongEn.json()).toEqual(unknownEn.json());
  });

  it('spends comparable time on unknown users (a password hash is verified either way)', async () => {
    const time = async (username: string, i: number) => {
      const started = performance.now();
      await post(t, { username, password: 'Wrong@1234' }, { remoteAddress: `10.2.0.${i}` });
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`ghost_user_${i}`, i));
      known.push(await time('bpu_owner_demo', 10 + i));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it.each([
    ['a missing username', { password: 'x' }, 'username', 'Tên đăng nhập: Vui lòng nhập thông tin bắt buộc'],
    ['a missing password', { username: 'owner_demo' }, 'password', 'Mật khẩu: Vui lòng nhập thông tin bắt buộc'],
    ['an empty username', { username: '', password: 'x' }, 'username', 'Tên đăng nhập: Vui lòng nhập thông tin bắt buộc'],
    ['a blank password', { username: 'owner_demo', password: '' }, 'password', 'Mật khẩu: Vui lòng nhập thông tin bắt buộc'],
    ['a malformed password', { username: 'owner_demo', password: 'short' }, 'password', 'Mật khẩu: Mật khẩu phải chứa 8-16 ký tự bao gồm ít nhất 1 chữ số, chữ hoa, chữ thường và ký tự đặc biệt'],
    ['an all-digit username', { username: '0901234567', password: 'Demo@1234' }, 'username', 'Tên đăng nhập: Tên đăng nhập phải chứa từ 6 đến 20 ký tự, chỉ gồm chữ hoa, chữ thường, chữ số và dấu gạch dưới'],
    ['a numeric username', { username: 123456, password: 'x' }, 'username', 'Tên đăng nhập: Vui lòng nhập thông tin bắt buộc'],
    ['an object password', { username: 'owner_demo', password: { $ne: '' } }, 'password', 'Mật khẩu: Vui lòng nhập thông tin bắt buộc'],
    ['an extra field', { username: 'owner_demo', password: 'Demo@1234', isAdmin: true }, 'isAdmin', 'isAdmin: Trường này không được hỗ trợ'],
  ])('refuses %s with HTTP 400 status 2 naming the field', async (_name, payload, field, message) => {
    const res = await post(t, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(ApiStatus.VALIDATION);
    expect(body.message).toBe(message);
    expect(body.data.errors).toContainEqual({ field, message });
  });

  it('names the field in English with lang=en and falls back to Vietnamese for an unknown lang', async () => {
    const en = await post(t, { password: 'Demo@1234' }, { lang: 'en' });
    expect(en.json()).toEqual({
      status: 2,
      message: 'Username: Please fill in this required field',
      data: { errors: [{ field: 'username', message: 'Username: Please fill in this required field' }] },
    });
    const fr = await post(t, { password: 'Demo@1234' }, { lang: 'fr' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().message).toBe('Tên đăng nhập: Vui lòng nhập thông tin bắt buộc');
  });

  it('refuses a request without a body and one with a non-object body', async () => {
    const none = await t.app.inject({ method: 'POST', url: LOGIN });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: 2, message: 'Nội dung yêu cầu: Vui lòng nhập thông tin bắt buộc' });
    const array = await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(array.statusCode).toBe(400);
    expect(array.json().status).toBe(2);
  });

  it('refuses a query parameter it does not know', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${LOGIN}?debug=1`, payload: { username: 'owner_demo', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 2, message: 'debug: Trường này không được hỗ trợ' });
  });
});

describe('logout and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  const me = (token: string | null, headers: Record<string, string> = {}) =>
    t.call(token, { method: 'GET', url: ME, headers });

  it('revokes the token: later calls and a second logout get HTTP 401 status 1326', async () => {
    const token = await t.login('owner_demo');
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.call(token, { method: 'POST', url: LOGOUT });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 0, message: 'Thành công' });
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 1326, message: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.' });
    const again = await t.call(token, { method: 'POST', url: `${LOGOUT}?lang=en` });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ status: 1326, message: 'Your session has expired. Please sign in again.' });
  });

  it('accepts a logout sent with a JSON content type and an empty body', async () => {
    const token = await t.login('owner_demo');
    const out = await t.call(token, { method: 'POST', url: LOGOUT, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alive', async () => {
    const a = await t.login('owner_demo');
    const b = await t.login('owner_demo');
    await t.call(a, { method: 'POST', url: LOGOUT });
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', null, {}],
    ['a Basic scheme', null, { authorization: 'Basic b3duZXJfZGVtbzpEZW1vQDEyMzQ=' }],
    ['a short token', null, { authorization: 'Bearer abc' }],
    ['a token with bad characters', null, { authorization: `Bearer ${'!'.repeat(43)}` }],
    ['Bearer without a token', null, { authorization: 'Bearer ' }],
  ])('answers %s with HTTP 401 status 78', async (_name, token, headers) => {
    const res = await me(token, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 78, message: 'Token không hợp lệ. Vui lòng đăng nhập lại.' });
  });

  it('answers a well-formed unknown token with HTTP 401 status 1326', async () => {
    const res = await me('A'.repeat(43));
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(1326);
  });

  it('ends a session at its absolute expiry', async () => {
    const token = await t.login('admin_demo');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(t.config.tokenPepper, token)));
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(1326);
  });

  it('gives sessions an absolute lifetime of SESSION_ABSOLUTE_HOURS', async () => {
    const token = await t.login('admin_demo');
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(t.config.tokenPepper, token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 3_600_000);
  });

  it('ends a session idle for 20 minutes and keeps one idle for 19', async () => {
    const idle = await t.login('admin_demo');
    const active = await t.login('admin_demo');
    const setLastSeen = (token: string, minutesAgo: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(sessions.tokenHash, hashToken(t.config.tokenPepper, token)));
    await setLastSeen(idle, 20);
    await setLastSeen(active, 19);
    expect((await me(idle)).json().status).toBe(1326);
    expect((await me(active)).statusCode).toBe(200);
    // The idle session stays dead, and the active one's idle clock restarted.
    const [dead] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(t.config.tokenPepper, idle)));
    expect(dead.revokedAt).not.toBeNull();
    const [alive] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(t.config.tokenPepper, active)));
    expect(Date.now() - alive.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});

describe('throttling and lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ loginThrottle: { maxFailuresPerUser: 5, maxFailuresPerIp: 12, windowMinutes: 15, lockMinutes: 15 } });
  });
  afterAll(() => t.close());

  it('locks a username for 15 minutes on the 5th failure, even against the right password', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await post(t, { username: 'accountant_demo', password: `Wrong@12${i}` }, { remoteAddress: `10.3.0.${i}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(10);
    }
    const fifth = await post(t, { username: 'accountant_demo', password: 'Wrong@125' }, { remoteAddress: '10.3.0.5' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ status: ApiStatus.ACCOUNT_LOCKED, message: LOCKED_VI });
    expect(Number(fifth.headers['retry-after'])).toBe(900);

    const right = await post(t, { username: 'accountant_demo', password: DEMO_PASSWORD }, { lang: 'en', remoteAddress: '10.3.0.6' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ status: 11, message: LOCKED_EN });

    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'accountant_demo'));
    expect(user.failedLogins).toBe(5);
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('locks unknown usernames exactly like existing ones', async () => {
    let last;
    for (let i = 1; i <= 5; i++) {
      last = await post(t, { username: 'nobody_here', password: `Wrong@12${i}` }, { remoteAddress: `10.4.0.${i}` });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toEqual({ status: 11, message: LOCKED_VI });
  });

  it('lets the user in once the lock is over, and a success resets the count', async () => {
    await t.database.db
      .update(loginThrottles)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(sql`${loginThrottles.scope} = 'user' and ${loginThrottles.key} = 'accountant_demo'`);
    const ok = await post(t, { username: 'accountant_demo', password: DEMO_PASSWORD }, { remoteAddress: '10.3.0.7' });
    expect(ok.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'accountant_demo'));
    expect(user.failedLogins).toBe(0);
    expect(user.lockedUntil).toBeNull();
    const wrong = await post(t, { username: 'accountant_demo', password: 'Wrong@121' }, { remoteAddress: '10.3.0.8' });
    expect(wrong.json().status).toBe(10);
  });

  it('refuses an IP after too many failures across usernames with HTTP 429 status 29', async () => {
    const ip = '10.9.9.9';
    for (let i = 1; i < 12; i++) {
      const res = await post(t, { username: `guess_${i}`, password: 'Wrong@121' }, { remoteAddress: ip });
      expect(res.json().status).toBe(10);
    }
    const twelfth = await post(t, { username: 'guess_12', password: 'Wrong@121' }, { remoteAddress: ip });
    expect(twelfth.statusCode).toBe(429);
    expect(twelfth.json()).toEqual({ status: 29, message: 'Bạn thao tác quá nhiều lần. Vui lòng thử lại sau 900 giây.' });
    // Even a correct password from that IP waits; another IP is unaffected.
    const blocked = await post(t, { username: 'bpu_owner_demo', password: DEMO_PASSWORD }, { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post(t, { username: 'bpu_owner_demo', password: DEMO_PASSWORD }, { remoteAddress: '10.9.9.10' });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('request rate limit on login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ rateLimit: { apiPerMinute: 1000, loginPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('answers the 4th attempt in a minute from one IP with HTTP 429 status 29 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await post(t, { username: 'x_user', password: 'x' }, { remoteAddress: '10.5.0.1' })).statusCode).toBe(400);
    const res = await post(t, { username: 'x_user', password: 'x' }, { lang: 'en', remoteAddress: '10.5.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json().status).toBe(29);
    expect(res.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
