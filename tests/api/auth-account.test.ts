/**
 * Two-factor sign-in, the own account's security (password check/change, 2FA on/off, Smart OTP,
 * security info, recovery methods, profile update) and SSO (sign-on with the demo issuer's token,
 * SSO sessions, the demo issuer's form), on the real app and database. Linking and its attacks:
 * security-linking.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { otpCodes, sessions, users } from '../../server/db/schema';
import { SECURE_DEMO_USER } from '../../server/db/seed-auth';
import { DEMO_PASSWORD, DemoUsers } from '../../server/db/seed-fixtures';
import { demoSsoSubject, signDemoSsoToken } from '../../server/lib/sso';
import { makeApp, type TestApp } from './helpers';
import { freshIp, lastCode, post, wrongCode } from './auth-helpers';

const LOGIN = '/api/authentication/v1/login';
const CONFIRM = '/api/authentication/login/otp/confirm';
const ME = '/api/profile/v1/me';
const TWO_FA = '/api/authentication/v1/users/2FA';
const TWO_FA_OFF = '/api/authentication/v1/users/2FA/toggle-off';
const TWO_FA_CONFIG = '/api/authentication/v1/users/2FA/config';
const TWO_FA_REGISTER = '/api/authentication/v1/users/2FA/register';
const CHECK = '/api/authentication/v1/password/check-password';
const CHANGE = '/api/authentication/v1/password';
const SECURITY = '/api/authentication/v1/users/account-security-info';
const RECOVERY = '/api/authentication/v1/users/account-security/recovery-methods';
const SSO_SIGN_ON = '/api/authentication/v1/sso/sign-on';
const SSO_LINK = '/api/authentication/v1/sso/link';
const SSO_CONFIG = '/api/authentication/v1/sso/config';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const passwordLogin = (username: string, password = DEMO_PASSWORD) => post(t, LOGIN, { username, password });

describe('two-factor sign-in', () => {
  it('a correct password with 2FA on gets status 21 and a challenge that opens nothing else', async () => {
    const res = await passwordLogin(SECURE_DEMO_USER.username);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(ApiStatus.SECOND_FACTOR_REQUIRED);
    expect(body.message).toBe('Vui lòng nhập mã xác thực đã gửi đến 0945•••123 để hoàn tất đăng nhập');
    expect(body.data.token).toBeUndefined();
    const { challengeToken, otpId } = body.data;
    // The challenge is not a session.
    for (const url of [ME, '/api/profile/v2/merchants', TWO_FA_CONFIG]) {
      expect((await t.call(challengeToken, { method: 'GET', url })).statusCode).toBe(401);
    }
    const code = await lastCode(t, SECURE_DEMO_USER.phone);
    const wrong = await post(t, CONFIRM, { challengeToken, otpId, otpCode: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    const ok = await post(t, CONFIRM, { challengeToken, otpId, otpCode: code });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.token;
    expect((await t.call(token, { method: 'GET', url: ME })).json().data.username).toBe(SECURE_DEMO_USER.username);
    // The challenge is spent.
    const again = await post(t, CONFIRM, { challengeToken, otpId, otpCode: code });
    expect(again.statusCode).toBe(401);
  });

  it('a wrong password never reaches the second step', async () => {
    const res = await passwordLogin(SECURE_DEMO_USER.username, 'Wrong@1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(ApiStatus.INVALID_CREDENTIALS);
  });

  it('a forged challenge token is refused', async () => {
    const res = await post(t, CONFIRM, { challengeToken: 'A'.repeat(43), otpId: 'x', otpCode: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Phiên xác thực đã hết hạn. Vui lòng đăng nhập lại.');
  });
});

describe('two-factor settings', () => {
  it('turns on with a code (message of §7), then login asks for the code, then turns off', async () => {
    const user = DemoUsers.admin;
    const token = await t.login(user.username);
    const config = await t.call(token, { method: 'GET', url: TWO_FA_CONFIG });
    expect(config.json().data).toEqual({ enabled: false, channel: 'SMS', maskedPhone: '0934•••890', smartOtp: 'NONE' });

    const sent = await post(t, TWO_FA, {}, { token });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(t, user.phone);
    const badCode = await post(t, TWO_FA, { otpId: sent.json().data.otpId, otpCode: '12' }, { token });
    expect(badCode.statusCode).toBe(400);
    const on = await post(t, TWO_FA, { otpId: sent.json().data.otpId, otpCode: code }, { token });
    expect(on.json()).toEqual({ status: 0, message: 'Đã BẬT cài đặt bảo mật 2 lớp' });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    expect(row.twoFactorEnabled).toBe(true);

    const login = await passwordLogin(user.username);
    expect(login.json().status).toBe(ApiStatus.SECOND_FACTOR_REQUIRED);

    // The "on" code cannot turn it off.
    const offSent = await post(t, TWO_FA_OFF, {}, { token });
    const offCode = await lastCode(t, user.phone);
    const crossed = await post(t, TWO_FA_OFF, { otpId: sent.json().data.otpId, otpCode: code }, { token });
    expect(crossed.statusCode).toBe(400);
    const off = await post(t, TWO_FA_OFF, { otpId: offSent.json().data.otpId, otpCode: offCode }, { token, lang: 'en' });
    expect(off.json()).toEqual({ status: 0, message: 'Two-step security is OFF' });
    const offVi = (await t.database.db.select().from(users).where(eq(users.username, user.username)))[0];
    expect(offVi.twoFactorEnabled).toBe(false);
    expect((await passwordLogin(user.username)).json().status).toBe(0);
  });

  it('Smart OTP registration asks the user to confirm in the wallet app', async () => {
    const token = await t.login(DemoUsers.accountant.username);
    const res = await post(t, TWO_FA_REGISTER, {}, { token });
    expect(res.json()).toEqual({ status: 0, message: 'Vui lòng mở ứng dụng Ví Xanh để xác nhận đăng ký Smart OTP' });
    expect((await t.call(token, { method: 'GET', url: TWO_FA_CONFIG })).json().data.smartOtp).toBe('PENDING');
  });

  it('needs a session', async () => {
    expect((await post(t, TWO_FA, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: SECURITY })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('check-password, then change: other sessions end, this one stays, the old password fails', async () => {
    const user = DemoUsers.nfc;
    const other = await t.login(user.username);
    const token = await t.login(user.username);

    const wrong = await post(t, CHECK, { password: 'Nope@1234' }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Mật khẩu hiện tại không chính xác');
    expect((await post(t, CHECK, { password: DEMO_PASSWORD }, { token })).json()).toEqual({ status: 0, message: 'Mật khẩu chính xác' });

    const weak = await post(t, CHANGE, { currentPassword: DEMO_PASSWORD, password: 'abc', passwordConfirm: 'abc' }, { token });
    expect(weak.statusCode).toBe(400);
    const [before] = await t.database.db.select().from(users).where(eq(users.username, user.username));
    const badCurrent = await post(t, CHANGE, { currentPassword: 'Nope@1234', password: 'Fresh@2026', passwordConfirm: 'Fresh@2026' }, { token });
    expect(badCurrent.statusCode).toBe(400);
    const same = await post(t, CHANGE, { currentPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, passwordConfirm: DEMO_PASSWORD }, { token });
    expect(same.statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.username, user.username)))[0].passwordHash).toBe(before.passwordHash);

    const res = await post(t, CHANGE, { currentPassword: DEMO_PASSWORD, password: 'Fresh@2026', passwordConfirm: 'Fresh@2026' }, { token });
    expect(res.json()).toEqual({ status: 0, message: 'Đổi mật khẩu thành công' });
    expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(200);
    expect((await t.call(other, { method: 'GET', url: ME })).statusCode).toBe(401);
    expect((await passwordLogin(user.username)).statusCode).toBe(400);
    expect((await passwordLogin(user.username, 'Fresh@2026')).statusCode).toBe(200);

    const info = await t.call(token, { method: 'GET', url: SECURITY });
    expect(info.json().data).toMatchObject({ twoFactorEnabled: false, linkedSSO: true }); // seeded demo-SSO link
    expect(info.json().data.passwordChangedAt).not.toBeNull();
    expect(info.json().data.activeSessions).toBe(2);
  });

  it('never logs passwords', () => {
    expect(t.logs.some((line) => line.includes('Fresh@2026') || line.includes(DEMO_PASSWORD))).toBe(false);
  });
});

describe('own account', () => {
  it('lists masked recovery methods (verified contacts only) and updates name and e-mail (a new one is unverified)', async () => {
    const token = await t.login(DemoUsers.bpuOwner.username);
    const methods = await t.call(token, { method: 'GET', url: RECOVERY });
    expect(methods.json().data).toEqual([
      { type: 'PHONE', maskedAddress: '0708•••456' },
      { type: 'EMAIL', maskedAddress: 'b•••@example.vn' },
    ]);
    // Another account's e-mail is stored unverified: whether it is in use is not told, and it recovers nothing.
    const taken = await post(t, ME, { fullname: 'Chủ BPU', email: DemoUsers.owner.email }, { token });
    expect(taken.statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: RECOVERY })).json().data).toEqual([{ type: 'PHONE', maskedAddress: '0708•••456' }]);
    const bad = await post(t, ME, { fullname: '', email: 'x@' }, { token });
    expect(bad.statusCode).toBe(400);
    const res = await post(t, ME, { fullname: 'Chủ BPU Mới', email: 'bpu.new@example.vn' }, { token });
    expect(res.json()).toEqual({ status: 0, message: 'Cập nhật thông tin tài khoản thành công' });
    expect((await t.call(token, { method: 'GET', url: ME })).json().data).toMatchObject({ name: 'Chủ BPU Mới', email: 'bpu.new@example.vn' });
  });
});

describe('SSO', () => {
  // What the portal made for the browser that started the hand-off; the token carries it back.
  const NONCE = 'browser-nonce-0123456789abcdef';
  const idOf = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0].id;
  /** The demo issuer's token of an account (its subject at that issuer), as the demo form would sign it. */
  const tokenFor = async (username: string, phone: string | null, config = t.config, nonce = NONCE) =>
    signDemoSsoToken(config.auth.sso, config.tokenPepper, { subject: demoSsoSubject(await idOf(username)), username, phoneNumber: phone, nonce });

  it('publishes the demo issuer as the SSO login address', async () => {
    const res = await t.app.inject({ method: 'GET', url: SSO_CONFIG });
    expect(res.json().data).toEqual({ loginUrl: '/api/demo/sso/authorize' });
  });

  it('signs on with the token of a linked identity: an SSO session whose logout goes to the SSO sign-out address', async () => {
    const user = DemoUsers.otherOwner;
    const handOff = await tokenFor(user.username, user.phone);
    const res = await post(t, SSO_SIGN_ON, { token: handOff, nonce: NONCE });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: user.username, isLoginSSO: true, ssoLogoutUrl: '/api/demo/sso/logout', linkedSSO: true, walletPhone: user.phone });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.isSso, true));
    expect(session).toBeDefined();

    // The hand-off token opens one session only: replaying it is refused.
    const replay = await post(t, SSO_SIGN_ON, { token: handOff, nonce: NONCE });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Phiên đăng nhập SSO không hợp lệ hoặc đã hết hạn');

    // An SSO session cannot link another identity: linking needs the account's own sign-in.
    const refused = await post(t, SSO_LINK, { token: await tokenFor(DemoUsers.owner.username, null), nonce: NONCE, password: DEMO_PASSWORD }, { token: res.json().data.token });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a forged, foreign or tampered token', async () => {
    const other = { ...t.config, tokenPepper: 'another-pepper-0123456789-0123456789-xx' };
    for (const token of ['not-a-jwt', await tokenFor(DemoUsers.owner.username, null, other), (await tokenFor(DemoUsers.owner.username, null)).slice(0, -3) + 'abc']) {
      const res = await post(t, SSO_SIGN_ON, { token, nonce: NONCE });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Phiên đăng nhập SSO không hợp lệ hoặc đã hết hạn');
    }
  });

  it('with 2FA on, SSO sign-on also asks for the second factor', async () => {
    // The first test sent this phone a sign-in code moments ago: a minute passes (no resend throttle).
    await t.database.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(otpCodes.address, SECURE_DEMO_USER.phone));
    const res = await post(t, SSO_SIGN_ON, { token: await tokenFor(SECURE_DEMO_USER.username, SECURE_DEMO_USER.phone), nonce: NONCE }, { ip: freshIp() });
    expect(res.json().status).toBe(ApiStatus.SECOND_FACTOR_REQUIRED);
  });

  it('the demo issuer form checks the password and returns to sso-check with the token in the fragment and the state in the URL', async () => {
    const handOff = `state=${'s'.repeat(22)}&nonce=${NONCE}`;
    const page = await t.app.inject({ method: 'GET', url: `/api/demo/sso/authorize?${handOff}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="username">Tên đăng nhập</label>');
    expect(page.body).toContain(`<input type="hidden" name="nonce" value="${NONCE}">`);
    // Without the portal's state and nonce there is no hand-off to answer.
    expect((await t.app.inject({ method: 'GET', url: '/api/demo/sso/authorize' })).statusCode).toBe(400);
    const form = (password: string) => ({
      method: 'POST' as const,
      url: '/api/demo/sso/authorize',
      payload: `username=owner_demo&password=${encodeURIComponent(password)}&${handOff}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const bad = await t.app.inject(form('nope'));
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toContain('Mật khẩu hoặc tên đăng nhập không chính xác');
    const good = await t.app.inject(form(DEMO_PASSWORD));
    expect(good.statusCode).toBe(303);
    const location = good.headers.location as string;
    expect(location).toMatch(new RegExp(`^/portal/auth/sso-check#token=[^&]+&state=${'s'.repeat(22)}$`));
    const token = decodeURIComponent(location.split('#token=')[1].split('&')[0]);
    expect((await post(t, SSO_SIGN_ON, { token, nonce: NONCE })).json().data.username).toBe('owner_demo');
  });
});
