/**
 * Security, second factor: on an account with two-factor security on, a code sent to the phone is one
 * factor only (SMS login also needs the password, under the /login lock), and a password reset ends
 * every session and tells the account's other contact. Each test reproduces the attack of someone who
 * holds (or reads) the phone and now fails to get in unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { otpCodes, users } from '../../server/db/schema';
import { SECURE_DEMO_USER } from '../../server/db/seed-auth';
import { DEMO_PASSWORD, DemoUsers } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';
import { freshIp, lastCode, post } from './auth-helpers';

const LOGIN = '/api/authentication/v1/login';
const SMS_OTP = '/api/authentication/v1/login-sms/otp';
const SMS_LOGIN = '/api/authentication/v1/login-sms';
const PASSWORD_CONFIRM = '/api/authentication/login/password/confirm';
const OTP_CONFIRM = '/api/authentication/login/otp/confirm';
const VERIFY = '/api/authentication/v1/password/verify';
const RESET = '/api/authentication/v1/password/change';
const ME = '/api/profile/v1/me';
const OUTBOX = '/api/demo/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ loginThrottle: { maxFailuresPerUser: 3, maxFailuresPerIp: 100, windowMinutes: 15, lockMinutes: 15 } });
});
afterAll(() => t.close());

/** The resend delay is a minute; a test that sends a phone a second code first lets it pass. */
const letResendDelayPass = (phone: string) =>
  t.database.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(otpCodes.address, phone));

const turnOnTwoFactor = (username: string) => t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.username, username));

/** SMS login up to the code: the answer of POST login-sms with the right code. */
async function smsLoginWithCode(phone: string) {
  const sent = await post(t, SMS_OTP, { phoneNumber: phone });
  expect(sent.statusCode).toBe(200);
  const otpId = sent.json().data.otpId as string;
  const otpCode = await lastCode(t, phone);
  return { otpId, otpCode, res: await post(t, SMS_LOGIN, { phoneNumber: phone, otpId, otpCode }) };
}

describe('SMS login on a two-factor account', () => {
  it('the code alone opens nothing: status 21 asks for the password, which finishes the sign-in once', async () => {
    const { otpId, otpCode, res } = await smsLoginWithCode(SECURE_DEMO_USER.phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: ApiStatus.SECOND_FACTOR_REQUIRED,
      message: 'Tài khoản đã bật bảo mật 2 lớp. Vui lòng nhập mật khẩu để hoàn tất đăng nhập.',
      data: { challengeToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), factor: 'PASSWORD' },
    });
    const { challengeToken } = res.json().data as { challengeToken: string };

    // The challenge is not a session, and the code step cannot finish a password challenge.
    expect((await t.call(challengeToken, { method: 'GET', url: ME })).statusCode).toBe(401);
    expect((await post(t, OTP_CONFIRM, { challengeToken, otpId, otpCode })).statusCode).toBe(401);

    const wrong = await post(t, PASSWORD_CONFIRM, { challengeToken, password: 'Wrong@1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: ApiStatus.INVALID_CREDENTIALS, message: 'Mật khẩu không chính xác' });

    const right = await post(t, PASSWORD_CONFIRM, { challengeToken, password: DEMO_PASSWORD });
    expect(right.statusCode).toBe(200);
    const token = right.json().data.token as string;
    expect((await t.call(token, { method: 'GET', url: ME })).json().data.username).toBe(SECURE_DEMO_USER.username);
    // Spent: the same challenge opens no second session.
    expect((await post(t, PASSWORD_CONFIRM, { challengeToken, password: DEMO_PASSWORD })).statusCode).toBe(401);
  });

  it('wrong passwords at that step count toward the /login lock', async () => {
    const user = DemoUsers.cashier;
    await turnOnTwoFactor(user.username);
    const { res } = await smsLoginWithCode(user.phone);
    const { challengeToken } = res.json().data as { challengeToken: string };
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await post(t, PASSWORD_CONFIRM, { challengeToken, password: `Guess@${i}000` }, { ip })).statusCode).toBe(400);
    const third = await post(t, PASSWORD_CONFIRM, { challengeToken, password: 'Guess@2000' }, { ip });
    expect(third.statusCode).toBe(429);
    expect(third.json().status).toBe(ApiStatus.ACCOUNT_LOCKED);
    // Locked everywhere: the right password gets nothing, here or at /login.
    expect((await post(t, PASSWORD_CONFIRM, { challengeToken, password: DEMO_PASSWORD }, { ip })).statusCode).toBe(429);
    expect((await post(t, LOGIN, { username: user.username, password: DEMO_PASSWORD })).json().status).toBe(ApiStatus.ACCOUNT_LOCKED);
  });

  it('without two-factor the code still signs in by itself', async () => {
    const { res } = await smsLoginWithCode(DemoUsers.accountant.phone);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(0);
    expect(res.json().data.token).toEqual(expect.any(String));
  });
});

describe('password reset on a two-factor account', () => {
  it('ends every session and tells the account e-mail (the contact the code did not go to)', async () => {
    const user = DemoUsers.admin;
    // Two sessions open before: say the owner's laptop and phone.
    const sessionsBefore = [await t.login(user.username), await t.login(user.username)];
    await turnOnTwoFactor(user.username);
    await letResendDelayPass(user.phone);

    const sent = await post(t, VERIFY, { phoneNumber: user.phone });
    expect(sent.statusCode).toBe(200);
    const otpId = sent.json().data.otpId as string;
    const otpCode = await lastCode(t, user.phone);
    const reset = await post(t, RESET, { phoneNumber: user.phone, otpId, otpCode, password: 'Reset@2026', passwordConfirm: 'Reset@2026' });
    expect(reset.json()).toEqual({ status: 0, message: 'Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.' });

    for (const token of sessionsBefore) expect((await t.call(token, { method: 'GET', url: ME })).statusCode).toBe(401);

    const mail = await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=${encodeURIComponent(user.email)}` });
    const [notice] = mail.json().data as { channel: string; title: string; text: string; code: string | null }[];
    expect(notice).toMatchObject({ channel: 'EMAIL', title: 'Mật khẩu Ví Xanh của bạn vừa được đặt lại', code: null });
    expect(notice.text).toContain(`Mật khẩu của tài khoản ${user.username} trên cổng doanh nghiệp Ví Xanh vừa được đặt lại lúc`);
    expect(notice.text).toContain('Nếu không phải bạn, hãy liên hệ bộ phận hỗ trợ ngay.');
    expect(notice.text).not.toContain('Reset@2026');

    // The phone got the code only; the new password works (with its second factor).
    const sms = await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=${user.phone}` });
    expect((sms.json().data as { code: string | null }[])[0].code).toBe(otpCode);
    expect((await post(t, LOGIN, { username: user.username, password: 'Reset@2026' })).json().status).toBe(ApiStatus.SECOND_FACTOR_REQUIRED);
  });

  it('tells the other contact only when the owner proved it: an unverified e-mail may be anyone\'s', async () => {
    const user = DemoUsers.cashier;
    const stranger = 'someone.else@example.com';
    await t.database.db.update(users).set({ email: stranger }).where(eq(users.username, user.username));
    await letResendDelayPass(user.phone);

    const sent = await post(t, VERIFY, { phoneNumber: user.phone });
    const otpId = sent.json().data.otpId as string;
    const otpCode = await lastCode(t, user.phone);
    const reset = await post(t, RESET, { phoneNumber: user.phone, otpId, otpCode, password: 'Reset@2026', passwordConfirm: 'Reset@2026' });
    expect(reset.json().status).toBe(0);

    const mail = await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=${encodeURIComponent(stranger)}` });
    expect(mail.json().data).toEqual([]);
  });
});
