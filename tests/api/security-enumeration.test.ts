/**
 * Account enumeration and contact squatting. The public ways in (SMS login, forgot password, sign-up)
 * answer an existing and an unknown account the same way, in about the same time; a phone typed into
 * someone's sign-up proves nothing, so it neither receives invitations nor signs in or resets anything
 * until a code sent to it was confirmed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone } from '@/domain/masking';
import { ApiStatus } from '@/domain/api';
import { memberships, users, verifiedContacts } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';
import { lastCode, post, wrongCode } from './auth-helpers';

const SMS_OTP = '/api/authentication/v1/login-sms/otp';
const SMS_LOGIN = '/api/authentication/v1/login-sms';
const SIGN_UP = '/api/onboarding/v1/sign-up';
const VERIFY = '/api/authentication/v1/password/verify';
const RESET = '/api/authentication/v1/password/change';
const CONTACTS = '/api/authentication/v1/users/contacts';
const CONTACT_VERIFY = '/api/authentication/v1/users/contacts/verify';
const RECOVERY = '/api/authentication/v1/users/account-security/recovery-methods';
const TWO_FA = '/api/authentication/v1/users/2FA';
const INVITE = `/api/authorization/v2/merchants/${DemoMerchants.sme.id}/users/invitations`;
const MY_INVITATIONS = '/api/authorization/v2/users/invitations';
const FAKE_OTP_ID = 'AAAAAAAAAAAAAAAAAAAAAAAA';

let t: TestApp;
let phoneSeq = 0;
/** A phone no account uses (a fresh one per call, so the per-address resend limit stays out of the way). */
const unknownPhone = () => `0398${String(100_000 + ++phoneSeq).slice(-6)}`;

/** Accounts with verified phones, made directly: each timing sample needs its own phone. */
async function accountsWithVerifiedPhones(n: number): Promise<string[]> {
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, DemoUsers.owner.username));
  const phones: string[] = [];
  for (let i = 0; i < n; i++) {
    const phone = `0397${String(100_000 + i).slice(-6)}`;
    const [row] = await t.database.db
      .insert(users)
      .values({ username: `enum_user_${i}`, name: 'Khách Ví', phone, passwordHash: owner.passwordHash })
      .returning({ id: users.id });
    await t.database.db.insert(verifiedContacts).values({ userId: row.id, channel: 'SMS', address: phone });
    phones.push(phone);
  }
  return phones;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The answer without what depends on the typed phone or on chance (masked phone, code id, expiry). */
function shapeOf(res: { statusCode: number; json(): { status: number; message: string; data?: Record<string, unknown> } }, phone: string) {
  const body = res.json();
  const masked = maskPhone(phone)!;
  return {
    http: res.statusCode,
    status: body.status,
    message: body.message.replace(masked, '<phone>'),
    data: body.data && Object.fromEntries(Object.entries(body.data).map(([k, v]) => [k, k === 'maskedAddress' ? v === masked : typeof v])),
  };
}

beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('enumeration: the same answer, in about the same time, with or without an account', () => {
  for (const [name, url] of [
    ['SMS login, step 1', SMS_OTP],
    ['forgot password, step 1', VERIFY],
  ] as const) {
    it(`${name}: a known and an unknown phone get the same answer; only the known one gets a code`, async () => {
      const known = DemoUsers.owner.phone;
      const unknown = unknownPhone();
      const a = await post(t, url, { phoneNumber: known }, { lang: 'en' });
      const b = await post(t, url, { phoneNumber: unknown }, { lang: 'en' });
      expect(a.statusCode).toBe(200);
      expect(shapeOf(b, unknown)).toEqual(shapeOf(a, known));
      expect(await lastCode(t, known)).toMatch(/^\d{6}$/);
      await expect(lastCode(t, unknown)).rejects.toThrow(/no code sent/);
      // The quota counts both alike: a second request within the minute is refused for each.
      const again = [await post(t, url, { phoneNumber: known }), await post(t, url, { phoneNumber: unknown })];
      expect(again.map((r) => [r.statusCode, r.json().status])).toEqual([
        [429, ApiStatus.TOO_MANY_REQUESTS],
        [429, ApiStatus.TOO_MANY_REQUESTS],
      ]);
    });
  }

  it('SMS login and forgot password, step 1: about the same time for known and unknown phones', async () => {
    const known = await accountsWithVerifiedPhones(7);
    for (const url of [SMS_OTP, VERIFY]) {
      const times = { known: [] as number[], unknown: [] as number[] };
      // Interleaved, so a busy moment of the machine weighs on both alike.
      for (const phone of known) {
        for (const [kind, number] of [
          ['known', phone],
          ['unknown', unknownPhone()],
        ] as const) {
          const started = performance.now();
          expect((await post(t, url, { phoneNumber: number })).statusCode).toBe(200);
          times[kind].push(performance.now() - started);
        }
      }
      const [k, u] = [median(times.known), median(times.unknown)];
      // The same work is done either way; the bound only catches a skipped step (a send, a write).
      expect(Math.max(k, u) / Math.min(k, u), `${url}: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(2.5);
    }
  });

  it('SMS login and password reset, step 2: a made-up code gets the same refusal for known and unknown phones', async () => {
    for (const [url, extra] of [
      [SMS_LOGIN, {}],
      [RESET, { password: 'Newpass@123', passwordConfirm: 'Newpass@123' }],
    ] as const) {
      const answers = [];
      for (const phone of [DemoUsers.owner.phone, unknownPhone()]) {
        const res = await post(t, url, { phoneNumber: phone, otpId: FAKE_OTP_ID, otpCode: '123456', ...extra }, { lang: 'en' });
        answers.push([res.statusCode, res.json()]);
      }
      expect(answers[1], url).toEqual(answers[0]);
      expect(answers[0]).toEqual([400, { status: ApiStatus.FAILED, message: 'The verification code is not valid. Please get a new one.' }]);
    }
    // A code asked for an unknown phone never signs in, whatever is typed.
    const unknown = unknownPhone();
    const sent = await post(t, SMS_OTP, { phoneNumber: unknown });
    const guess = await post(t, SMS_LOGIN, { phoneNumber: unknown, otpId: sent.json().data.otpId, otpCode: '123456' }, { lang: 'en' });
    expect([guess.statusCode, guess.json().message]).toEqual([400, 'The verification code is incorrect']);
  });

  it('sign-up: without the right code a taken username, phone and e-mail answer like free ones', async () => {
    const free = { username: 'enum_free_01', phoneNumber: '0396000001', email: 'enum.free@example.vn' };
    const taken = { username: DemoUsers.owner.username, phoneNumber: DemoUsers.owner.phone, email: DemoUsers.owner.email };
    const answers = [];
    for (const values of [free, taken]) {
      const res = await post(
        t,
        SIGN_UP,
        { requestType: 'SIGN_UP', fullname: 'Khách Thử', password: 'Moi@12345', passwordConfirm: 'Moi@12345', channel: 'SMS', otpId: FAKE_OTP_ID, otpCode: '123456', ...values },
        { lang: 'en' },
      );
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual([400, { status: ApiStatus.FAILED, message: 'The verification code is not valid. Please get a new one.' }]);
  });

  it('sign-up: with the right code a taken username is told, and the code still works for a free one', async () => {
    const phone = '0396000002';
    const sent = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'SMS', phoneNumber: phone });
    const code = await lastCode(t, phone);
    const body = { requestType: 'SIGN_UP', fullname: 'Khách Mới', phoneNumber: phone, email: 'enum.new@example.vn', password: 'Moi@12345', passwordConfirm: 'Moi@12345', channel: 'SMS', otpId: sent.json().data.otpId, otpCode: code };
    const taken = await post(t, SIGN_UP, { ...body, username: 'OWNER_DEMO' }, { lang: 'en' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'This username is already taken']);
    const res = await post(t, SIGN_UP, { ...body, username: 'enum_new_01' });
    expect(res.statusCode).toBe(200);
    // The phone its code went to is verified; the e-mail is not, until its owner confirms a code there.
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'enum_new_01'));
    const verified = await t.database.db.select().from(verifiedContacts).where(eq(verifiedContacts.userId, row.id));
    expect(verified.map((v) => [v.channel, v.address])).toEqual([['SMS', phone]]);
  });
});

describe('contact squatting', () => {
  it("a squatter who signs up with someone's phone gets no invitation, no SMS login and no reset through it", async () => {
    const victimPhone = '0395000001';
    // The squatter proves their own e-mail and types the victim's phone.
    const sent = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'EMAIL', email: 'squatter@example.vn' });
    const signUp = {
      requestType: 'SIGN_UP',
      username: 'squatter_01',
      fullname: 'Kẻ Chiếm Số',
      phoneNumber: victimPhone,
      email: 'squatter@example.vn',
      password: 'Squat@1234',
      passwordConfirm: 'Squat@1234',
      channel: 'EMAIL',
      otpId: sent.json().data.otpId,
      otpCode: await lastCode(t, 'squatter@example.vn'),
    };
    expect((await post(t, SIGN_UP, signUp)).statusCode).toBe(200);
    const squatter = await t.login('squatter_01', 'Squat@1234');
    const [squatterRow] = await t.database.db.select().from(users).where(eq(users.username, 'squatter_01'));

    // The owner invites the victim's phone: refused with the message that says why, nothing written.
    const owner = await t.login(DemoUsers.owner.username);
    for (const lang of ['vi', 'en'] as const) {
      const res = await post(t, INVITE, { account: victimPhone, role: 'MARKETING' }, { token: owner, lang });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        lang === 'en'
          ? 'No account has verified this phone number yet. Ask the person to sign up with it, or to verify it under Account info, then invite them again.'
          : 'Chưa có tài khoản nào xác thực số điện thoại này. Hãy đề nghị người được mời đăng ký bằng số này, hoặc xác thực số trong Thông tin tài khoản, rồi gửi lại lời mời.',
      );
    }
    expect(await t.database.db.select().from(memberships).where(eq(memberships.userId, squatterRow.id))).toEqual([]);
    expect((await t.call(squatter, { method: 'GET', url: MY_INVITATIONS })).json().data).toEqual([]);

    // The phone opens nothing for the squatter: SMS login and reset get no code (the phone's owner gets a notice).
    expect((await post(t, SMS_OTP, { phoneNumber: victimPhone })).statusCode).toBe(200);
    await expect(lastCode(t, victimPhone)).rejects.toThrow(/no code sent/);
    // Nor can it carry the squatter's second factor.
    const twoFa = await post(t, TWO_FA, {}, { token: squatter, lang: 'en' });
    expect([twoFa.statusCode, twoFa.json().message]).toEqual([400, "Verify the account's phone number under Account info before turning on two-step security"]);

    // The victim signs up with their phone, proving it; now the invitation reaches them, not the squatter.
    const victimSent = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'SMS', phoneNumber: victimPhone });
    const victimCode = (await t.app.inject({ method: 'GET', url: `/api/demo/outbox?to=${victimPhone}` })).json().data.find((m: { code: string | null }) => m.code).code;
    const victimSignUp = { ...signUp, username: 'victim_01', fullname: 'Chủ Số Thật', email: 'victim@example.vn', password: 'Victim@123', passwordConfirm: 'Victim@123', channel: 'SMS', otpId: victimSent.json().data.otpId, otpCode: victimCode };
    expect((await post(t, SIGN_UP, victimSignUp)).statusCode).toBe(200);
    const invited = await post(t, INVITE, { account: victimPhone, role: 'MARKETING' }, { token: owner });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().data.username).toBe('victim_01');
    expect((await t.call(squatter, { method: 'GET', url: MY_INVITATIONS })).json().data).toEqual([]);
    const victim = await t.login('victim_01', 'Victim@123');
    expect((await t.call(victim, { method: 'GET', url: MY_INVITATIONS })).json().data).toHaveLength(1);
  });

  it("verifies a contact later from the account: a code to it, then confirmed; another account's verified contact is refused", async () => {
    // Signed up by e-mail: the phone is unverified.
    const sent = await post(t, SIGN_UP, { requestType: 'SEND_VERIFY_CODE', channel: 'EMAIL', email: 'later@example.vn' });
    const phone = '0394000001';
    const body = { requestType: 'SIGN_UP', username: 'later_01', fullname: 'Xác Thực Sau', phoneNumber: phone, email: 'later@example.vn', password: 'Later@1234', passwordConfirm: 'Later@1234', channel: 'EMAIL', otpId: sent.json().data.otpId, otpCode: await lastCode(t, 'later@example.vn') };
    expect((await post(t, SIGN_UP, body)).statusCode).toBe(200);
    const token = await t.login('later_01', 'Later@1234');
    expect((await t.call(token, { method: 'GET', url: CONTACTS })).json().data).toEqual([
      { channel: 'SMS', maskedAddress: '0394•••001', verified: false, verifiedAt: null },
      { channel: 'EMAIL', maskedAddress: 'l•••@example.vn', verified: true, verifiedAt: expect.any(String) },
    ]);
    expect((await t.call(token, { method: 'GET', url: RECOVERY })).json().data).toEqual([{ type: 'EMAIL', maskedAddress: 'l•••@example.vn' }]);

    const code = await post(t, CONTACT_VERIFY, { channel: 'SMS' }, { token });
    expect(code.json()).toMatchObject({ status: 0, message: 'Mã xác thực gồm 6 chữ số đã được gửi đến 0394•••001' });
    const otpId = code.json().data.otpId as string;
    const smsCode = await lastCode(t, phone);
    expect((await post(t, CONTACT_VERIFY, { channel: 'SMS', otpId, otpCode: wrongCode(smsCode) }, { token })).statusCode).toBe(400);
    const ok = await post(t, CONTACT_VERIFY, { channel: 'SMS', otpId, otpCode: smsCode }, { token, lang: 'en' });
    expect(ok.json()).toEqual({ status: 0, message: 'Phone number verified' });
    expect((await t.call(token, { method: 'GET', url: CONTACTS })).json().data[0]).toMatchObject({ channel: 'SMS', verified: true });
    // Now the phone signs in by SMS.
    const smsSent = await post(t, SMS_OTP, { phoneNumber: phone });
    const login = await post(t, SMS_LOGIN, { phoneNumber: phone, otpId: smsSent.json().data.otpId, otpCode: await lastCode(t, phone) });
    expect(login.json().data.username).toBe('later_01');

    // Another account that typed the same e-mail proves it: refused, the first verification stands.
    const other = await t.login(DemoUsers.bpuOwner.username);
    expect((await post(t, '/api/profile/v1/me', { fullname: 'Chủ BPU', email: 'later@example.vn' }, { token: other })).statusCode).toBe(200);
    const otherSent = await post(t, CONTACT_VERIFY, { channel: 'EMAIL' }, { token: other });
    const taken = await post(t, CONTACT_VERIFY, { channel: 'EMAIL', otpId: otherSent.json().data.otpId, otpCode: await lastCode(t, 'later@example.vn') }, { token: other, lang: 'en' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'This e-mail is already used by another account']);
    const owners = await t.database.db.select().from(verifiedContacts).where(and(eq(verifiedContacts.channel, 'EMAIL'), eq(verifiedContacts.address, 'later@example.vn')));
    expect(owners.map((o) => o.userId)).toHaveLength(1);

    // Unknown channel and unknown fields: the 400 envelope, nothing sent.
    const bad = await post(t, CONTACT_VERIFY, { channel: 'FAX', extra: 1 }, { token, lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['channel', 'extra']);
  });
});
