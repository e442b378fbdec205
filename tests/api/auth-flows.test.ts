/**
 * The public ways in, end to end on the real app and database: SMS login, sign-up (SEND_VERIFY_CODE
 * then SIGN_UP), merchant leads and forgot password, with their bad inputs (reused, expired and other
 * users' codes, too many requests, weak password, taken username, unknown phone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { merchantLeads, otpCodes, sessions, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DemoUsers } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';
import { freshIp, lastCode, outboxCount, post, wrongCode } from './auth-helpers';

const SMS_OTP = '/api/authentication/v1/login-sms/otp';
const SMS_LOGIN = '/api/authentication/v1/login-sms';
const SIGN_UP = '/api/onboarding/v1/sign-up';
const LEADS = '/api/onboarding/v1/merchant-leads';
const VERIFY = '/api/authentication/v1/password/verify';
const RESET = '/api/authentication/v1/password/change';
const LOGIN = '/api/authentication/v1/login';
const ME = '/api/profile/v1/me';

/** What a phone without an account receives instead of a code (and the caller is not told). */
const NO_ACCOUNT_SMS_VI = /^Co yeu cau dang nhap cong doanh nghiep Vi Xanh bang so dien thoai nay/;

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('SMS login', () => {
  const phone = DemoUsers.accountant.phone;

  it('sends a code to the account phone and signs in with it, once', async () => {
    const sent = await post(t, SMS_OTP, { phoneNumber: phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 0, message: 'Mã xác thực gồm 6 chữ số đã được gửi đến 0912•••678', data: { maskedAddress: '0912•••678', resendAfterSeconds: 60 } });
    const { otpId } = sent.json().data;
    const code = await lastCode(t, phone);

    const wrong = await post(t, SMS_LOGIN, { phoneNumber: phone, otpId, otpCode: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ status: ApiStatus.FAILED, message: 'Mã xác thực không chính xác' });

    const res = await post(t, SMS_LOGIN, { phoneNumber: phone, otpId, otpCode: code });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    expect(res.json().data).toMatchObject({ username: DemoUsers.accountant.username, phoneNumber: phone });
    expect((await t.call(token, { method: 'GET', url: ME })).json().data.username).toBe(DemoUsers.accountant.username);

    const reused = await post(t, SMS_LOGIN, { phoneNumber: phone, otpId, otpCode: code }, { lang: 'en' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('The verification code has already been used. Please get a new one.');
  });

  it('answers a phone without an account as one with (both languages), and sends it no code', async () => {
    const vi = await post(t, SMS_OTP, { phoneNumber: '0999888777' });
    expect(vi.statusCode).toBe(200);
    expect(vi.json()).toMatchObject({ status: ApiStatus.OK, message: 'Mã xác thực gồm 6 chữ số đã được gửi đến 0999•••777', data: { maskedAddress: '0999•••777', resendAfterSeconds: 60 } });
    const en = await post(t, SMS_OTP, { phoneNumber: '0999888776' }, { lang: 'en' });
    expect(en.json().message).toBe('A 6-digit verification code was sent to 0999•••776');
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/demo/outbox?to=0999888777' })).json().data as { text: string; code: string | null }[];
    expect(outbox.map((m) => [NO_ACCOUNT_SMS_VI.test(m.text), m.code])).toEqual([[true, null]]);
  });

  it('refuses a malformed phone with the §5 message and writes nothing', async () => {
    const before = await t.database.db.select().from(otpCodes);
    const res = await post(t, SMS_OTP, { phoneNumber: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0]).toMatchObject({ field: 'phoneNumber' });
    expect(res.json().data.errors[0].message).toContain('Số điện thoại gồm 10 hoặc 11 chữ số và bắt đầu bằng số 0');
    expect(await t.database.db.select().from(otpCodes)).toHaveLength(before.length);
  });

  it("refuses another user's code", async () => {
    const ownerPhone = DemoUsers.owner.phone;
    const sent = await post(t, SMS_OTP, { phoneNumber: ownerPhone });
    const code = await lastCode(t, ownerPhone);
    // The owner's code presented for the cashier's phone.
    const res = await post(t, SMS_LOGIN, { phoneNumber: DemoUsers.cashier.phone, otpId: sent.json().data.otpId, otpCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Mã xác thực không hợp lệ. Vui lòng lấy mã mới.');
    // …and it still works for its owner.
    const ok = await post(t, SMS_LOGIN, { phoneNumber: ownerPhone, otpId: sent.json().data.otpId, otpCode: code });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phone2 = DemoUsers.nfc.phone;
    const sent = await post(t, SMS_OTP, { phoneNumber: phone2 });
    const code = await lastCode(t, phone2);
    await t.database.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpCodes.id, sent.json().data.otpId));
    const res = await post(t, SMS_LOGIN, { phoneNumber: phone2, otpId: sent.json().data.otpId, otpCode: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Mã xác thực đã hết hạn. Vui lòng lấy mã mới.');
  });

  it('throttles a resend within a minute: HTTP 429, envelope status 29, Retry-After', async () => {
    const phone3 = DemoUsers.noMerchant.phone;
    expect((await post(t, SMS_OTP, { phoneNumber: phone3 })).statusCode).toBe(200);
    const again = await post(t, SMS_OTP, { phoneNumber: phone3 });
    expect(again.statusCode).toBe(429);
    expect(again.json().status).toBe(ApiStatus.TOO_MANY_REQUESTS);
    expect(again.json().message).toMatch(/^Bạn thao tác quá nhiều lần. Vui lòng thử lại sau \d+ giây.$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(await outboxCount(t, phone3)).toBe(1);
  });

  it('locks the code after 5 wrong tries (429) even for the right code', async () => {
    const phone4 = DemoUsers.admin.phone;
    const sent = await post(t, SMS_OTP, { phoneNumber: phone4 });
    const code = await lastCode(t, phone4);
    const otpId = sent.json().data.otpId;
    for (let i = 0; i < 4; i++) expect((await post(t, SMS_LOGIN, { phoneNumber: phone4, otpId, otpCode: wrongCode(code) })).statusCode).toBe(400);
    const fifth = await post(t, SMS_LOGIN, { phoneNumber: phone4, otpId, otpCode: wrongCode(code) });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Bạn đã nhập sai mã quá nhiều lần. Vui lòng lấy mã mới.');
    expect((await post(t, SMS_LOGIN, { phoneNumber: phone4, otpId, otpCode: code })).statusCode).toBe(429);
  });

  it('never logs the code', async () => {
    const codes = (await t.database.db.select().from(otpCodes)).length;
    expect(codes).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: `/api/demo/outbox?to=${DemoUsers.accountant.phone}` });
    for (const m of res.json().data as { code: string }[]) {
      expect(t.logs.some((line) => line.includes(m.code) && line.includes('"msg"') && !line.includes('/api/demo/outbox'))).toBe(false);
    }
  });
});

describe('sign-up', () => {
  const account = {
    username: 'new_shop_01',
    fullname: 'Lê Văn Bình',
    phoneNumber: '0977000111',
    email: 'binh.le@example.vn',
    password: 'Moi@12345',
    passwordConfirm: 'Moi@12345',
    channel: 'EMAIL',
  };

  it('SEND_VERIFY_CODE sends a 6-digit code by e-mail; SIGN_UP creates the account, which can sign in', async () => {
    const sent = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'EMAIL', email: account.email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('Mã xác thực gồm 6 chữ số đã được gửi đến b•••@example.vn');
    const code = await lastCode(t, account.email);
    const { otpId } = sent.json().data;

    // A weak password: 400 on the field, and the code is not spent.
    const weak = await post(t, SIGN_UP, { ...account, requestType: 'SIGN_UP', password: 'weakpass', passwordConfirm: 'weakpass', otpId, otpCode: code });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.errors[0].field).toBe('password');
    const mismatch = await post(t, SIGN_UP, { ...account, requestType: 'SIGN_UP', passwordConfirm: 'Other@12345', otpId, otpCode: code });
    expect(mismatch.json().data.errors.map((e: { field: string }) => e.field)).toEqual(['passwordConfirm']);

    // A taken username: 409 once the code is checked, and the code is given back so the user can fix it.
    const taken = await post(t, SIGN_UP, { ...account, requestType: 'SIGN_UP', username: 'Owner_Demo', otpId, otpCode: code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: ApiStatus.CONFLICT, message: 'Tên đăng nhập đã tồn tại' });
    // Without the right code nothing tells whether a username or phone is in use.
    const takenPhone = await post(t, SIGN_UP, { ...account, requestType: 'SIGN_UP', username: 'Owner_Demo', phoneNumber: DemoUsers.owner.phone, otpId, otpCode: wrongCode(code) }, { lang: 'en' });
    expect(takenPhone.json().message).toBe('The verification code is incorrect');

    // A code sent to another address does not create this account.
    const other = await post(t, SIGN_UP, { ...account, requestType: 'SIGN_UP', channel: 'SMS', otpId, otpCode: code });
    expect(other.statusCode).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.username, account.username))).toHaveLength(0);

    const res = await post(t, SIGN_UP, { ...account, requestType: 'SIGN_UP', otpId, otpCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, message: 'Đăng ký tài khoản thành công' });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, account.username));
    expect(row).toMatchObject({ name: 'Lê Văn Bình', phone: '0977000111', email: 'binh.le@example.vn', twoFactorEnabled: false });
    expect(row.passwordHash).not.toContain(account.password);
    expect(await t.login(account.username, account.password)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reused = await post(t, SIGN_UP, { ...account, username: 'new_shop_02', phoneNumber: '0977000112', email: 'binh.le@example.vn', requestType: 'SIGN_UP', otpId, otpCode: code });
    expect(reused.statusCode).toBe(400); // the code is spent
  });

  it('sends by SMS when asked, and refuses a missing address or an unknown requestType', async () => {
    const sms = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'SMS', phoneNumber: '0977000222' });
    expect(sms.statusCode).toBe(200);
    expect(await lastCode(t, '0977000222')).toMatch(/^\d{6}$/);
    const missing = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'EMAIL' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors[0].field).toBe('email');
    const unknown = await post(t, SIGN_UP, { requestType: 'HACK' });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('merchant leads', () => {
  it('records a lead without auth; invalid input writes nothing', async () => {
    const bad = await post(t, LEADS, { businessName: '', contactName: 'An', phoneNumber: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['businessName', 'phoneNumber']);
    expect(await t.database.db.select().from(merchantLeads)).toHaveLength(0);
    const res = await post(t, LEADS, { businessName: 'Tiệm bánh Hoa Mai', contactName: 'Trần An', phoneNumber: '0912000333', email: 'an@hoamai.vn', note: '3 cửa hàng' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 0, message: 'Đã ghi nhận thông tin. Chúng tôi sẽ liên hệ với bạn sớm.' });
    expect(await t.database.db.select().from(merchantLeads)).toHaveLength(1);
  });
});

describe('forgot password', () => {
  const user = DemoUsers.cashier;

  it('unknown phone: the same answer as a known one, and no code sent', async () => {
    const res = await post(t, VERIFY, { phoneNumber: '0388000999' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Mã xác thực gồm 6 chữ số đã được gửi đến 0388•••999');
    await expect(lastCode(t, '0388000999')).rejects.toThrow(/no code sent/);
  });

  it('verify sends a code; change sets the new password, ends every session; the old password fails', async () => {
    const oldToken = await t.login(user.username);
    const sent = await post(t, VERIFY, { phoneNumber: user.phone });
    expect(sent.statusCode).toBe(200);
    const code = await lastCode(t, user.phone);
    const { otpId } = sent.json().data;
    const weak = await post(t, RESET, { phoneNumber: user.phone, otpId, otpCode: code, password: 'short', passwordConfirm: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.errors[0].message).toContain('Mật khẩu phải chứa 8-16 ký tự');

    // A code of another purpose (SMS login of the same phone) does not reset the password.
    const login = await post(t, SMS_OTP, { phoneNumber: user.phone });
    const loginCode = await lastCode(t, user.phone);
    const wrongPurpose = await post(t, RESET, { phoneNumber: user.phone, otpId: login.json().data.otpId, otpCode: loginCode, password: 'Newpass@123', passwordConfirm: 'Newpass@123' });
    expect(wrongPurpose.statusCode).toBe(400);

    const res = await post(t, RESET, { phoneNumber: user.phone, otpId, otpCode: code, password: 'Newpass@123', passwordConfirm: 'Newpass@123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Đặt lại mật khẩu thành công. Vui lòng đăng nhập bằng mật khẩu mới.');

    expect((await t.call(oldToken, { method: 'GET', url: ME })).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'POST', url: LOGIN, payload: { username: user.username, password: DEMO_PASSWORD }, remoteAddress: freshIp() });
    expect(old.statusCode).toBe(400);
    expect(await t.login(user.username, 'Newpass@123')).toBeTruthy();
    const live = await t.database.db.select().from(sessions);
    expect(live.filter((s) => s.revokedAt === null).length).toBeGreaterThan(0);

    const reused = await post(t, RESET, { phoneNumber: user.phone, otpId, otpCode: code, password: 'Other@1234', passwordConfirm: 'Other@1234' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Mã xác thực đã được sử dụng. Vui lòng lấy mã mới.');
  });
});
