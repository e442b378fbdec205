/**
 * The shared one-time-code service (server/lib/otp) on a real database: hashed storage, single use,
 * expiry, purpose/user/subject binding, the tries limit, throttling per address and per IP, and the
 * demo outbox (GET /api/demo/outbox), which does not exist outside demo mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import { otpCodes } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { createNotifier, type OutgoingMessage } from '../../server/lib/notifier';
import { createOtpService, OTP_LIFETIME_SECONDS, OTP_MAX_TRIES, type OtpService } from '../../server/lib/otp';
import { makeApp, type TestApp } from './helpers';

const OUTBOX = '/api/demo/outbox';

describe('OTP service', () => {
  let t: TestApp;
  let clock: Date;
  let otp: OtpService;
  const sent: OutgoingMessage[] = [];
  let ipSeq = 0;
  const freshIp = () => `10.0.0.${++ipSeq}`;

  beforeAll(async () => {
    t = await makeApp();
    clock = new Date('2026-11-22T08:00:00Z');
    const outboxNotifier = createNotifier({ db: t.database.db, demoMode: true, smtpUrl: null, mailFrom: 'x@y.vn', smsWebhookUrl: null });
    otp = createOtpService({
      db: t.database.db,
      notifier: { send: async (m) => { sent.push(m); await outboxNotifier.send(m); } },
      now: () => clock,
      pepper: t.config.tokenPepper,
      limits: { maxPerAddressPerHour: 3, maxPerIpPerHour: 4 },
    });
  });
  afterAll(() => t.close());

  const lastCode = () => sent[sent.length - 1].code!;

  it('sends a 6-digit code, stores only its HMAC, and masks the address', async () => {
    const issued = await otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: '84901000001' }, userId: 1, ip: freshIp(), lang: 'vi' });
    expect(issued.maskedAddress).toBe('0901•••001');
    expect(issued.resendAfterSeconds).toBe(60);
    expect(issued.expiresAt.getTime() - clock.getTime()).toBe(OTP_LIFETIME_SECONDS * 1000);
    const message = sent[sent.length - 1];
    expect(message).toMatchObject({ channel: 'SMS', to: '0901000001' });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.id, issued.otpId));
    expect(row.address).toBe('0901000001');
    expect(row.codeHash).not.toContain(message.code!);
    expect(JSON.stringify(row)).not.toContain(message.code!);
  });

  it('accepts the code once (single use) and answers USED afterwards', async () => {
    const issued = await otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: '0901000002' }, userId: 1, ip: freshIp(), lang: 'vi' });
    const code = lastCode();
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'LOGIN_SMS', userId: 1 })).toBe('OK');
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'LOGIN_SMS', userId: 1 })).toBe('USED');
  });

  it('binds the code to its purpose, user and subject', async () => {
    const issued = await otp.issue({
      purpose: 'PAYOUT_CHANGE', target: { channel: 'SMS', address: '0901000003' }, userId: 7, subject: 'merchant:1:payout:abc', ip: freshIp(), lang: 'en',
    });
    const code = lastCode();
    expect(sent[sent.length - 1].text).toMatch(/payout change code/);
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'ECONTRACT_SIGN', userId: 7, subject: 'merchant:1:payout:abc' })).toBe('NOT_FOUND');
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'PAYOUT_CHANGE', userId: 8, subject: 'merchant:1:payout:abc' })).toBe('NOT_FOUND');
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'PAYOUT_CHANGE', userId: null, subject: 'merchant:1:payout:abc' })).toBe('NOT_FOUND');
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'PAYOUT_CHANGE', userId: 7, subject: 'merchant:1:payout:xyz' })).toBe('NOT_FOUND');
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'PAYOUT_CHANGE', userId: 7 })).toBe('NOT_FOUND');
    expect(await otp.verify({ otpId: 'no-such-id', code, purpose: 'PAYOUT_CHANGE', userId: 7, subject: 'merchant:1:payout:abc' })).toBe('NOT_FOUND');
    // The mismatches did not use up the code.
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'PAYOUT_CHANGE', userId: 7, subject: 'merchant:1:payout:abc' })).toBe('OK');
  });

  it('expires the code after its lifetime', async () => {
    const issued = await otp.issue({ purpose: 'SIGN_UP', target: { channel: 'EMAIL', address: 'New.User@Example.vn' }, ip: freshIp(), lang: 'vi' });
    expect(issued.maskedAddress).toBe('n•••@example.vn');
    const code = lastCode();
    clock = new Date(clock.getTime() + OTP_LIFETIME_SECONDS * 1000);
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'SIGN_UP' })).toBe('EXPIRED');
  });

  it(`voids the code after ${OTP_MAX_TRIES} wrong tries, even for the right code afterwards`, async () => {
    const issued = await otp.issue({ purpose: 'FORGOT_PASSWORD', target: { channel: 'SMS', address: '0901000005' }, userId: 2, ip: freshIp(), lang: 'vi' });
    const code = lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_TRIES; i++) {
      expect(await otp.verify({ otpId: issued.otpId, code: wrong, purpose: 'FORGOT_PASSWORD', userId: 2 })).toBe('WRONG');
    }
    expect(await otp.verify({ otpId: issued.otpId, code: 'abc', purpose: 'FORGOT_PASSWORD', userId: 2 })).toBe('TOO_MANY_TRIES');
    expect(await otp.verify({ otpId: issued.otpId, code, purpose: 'FORGOT_PASSWORD', userId: 2 })).toBe('TOO_MANY_TRIES');
  });

  it('a new code replaces the previous unused one for the same thing', async () => {
    const ip = freshIp();
    const first = await otp.issue({ purpose: 'CHANGE_2FA', target: { channel: 'SMS', address: '0901000006' }, userId: 3, ip, lang: 'vi' });
    const firstCode = lastCode();
    clock = new Date(clock.getTime() + 61_000);
    const second = await otp.issue({ purpose: 'CHANGE_2FA', target: { channel: 'SMS', address: '0901000006' }, userId: 3, ip, lang: 'vi' });
    expect(await otp.verify({ otpId: first.otpId, code: firstCode, purpose: 'CHANGE_2FA', userId: 3 })).toBe('EXPIRED');
    expect(await otp.verify({ otpId: second.otpId, code: lastCode(), purpose: 'CHANGE_2FA', userId: 3 })).toBe('OK');
  });

  it('throttles a resend to the same address within a minute, then per address per hour (429 status 29)', async () => {
    const address = '0901000007';
    const issue = (purpose: 'LOGIN_SMS' | 'LOGIN_2FA' | 'SIGN_UP' = 'LOGIN_SMS') =>
      otp.issue({ purpose, target: { channel: 'SMS', address }, ip: freshIp(), lang: 'vi' });
    await issue();
    const early = await issue().catch((e: unknown) => e);
    expect(early).toBeInstanceOf(ApiError);
    expect(early).toMatchObject({ httpStatus: 429, status: ApiStatus.TOO_MANY_REQUESTS, messageKey: 'messages.tooManyRequests', params: { seconds: 60 } });
    clock = new Date(clock.getTime() + 61_000);
    await issue();
    await issue('SIGN_UP'); // another purpose is not a resend, but counts towards the hourly limit
    const before = sent.length;
    const hourly = await issue('LOGIN_2FA').catch((e: unknown) => e);
    expect(hourly).toMatchObject({ httpStatus: 429, status: ApiStatus.TOO_MANY_REQUESTS });
    expect(Number((hourly as ApiError).headers['retry-after'])).toBeGreaterThan(3000);
    expect(sent.length).toBe(before); // nothing was sent for a refused request
    clock = new Date(clock.getTime() + 3_600_000);
    await expect(issue()).resolves.toMatchObject({ maskedAddress: '0901•••007' });
  });

  it('throttles one IP sending to many addresses', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 4; i++) {
      await otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: `090200000${i}` }, ip, lang: 'vi' });
    }
    const count = sent.length;
    const refused = await otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: '0902000009' }, ip, lang: 'vi' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ httpStatus: 429, status: ApiStatus.TOO_MANY_REQUESTS });
    expect(sent.length).toBe(count);
  });

  it('the demo outbox returns the newest messages to an address, codes included', async () => {
    await otp.issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: '0903000001' }, ip: freshIp(), lang: 'vi' });
    const code = lastCode();
    // Either spelling of the number finds it.
    for (const to of ['0903000001', '84903000001']) {
      const res = await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=${to}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(0);
      expect(body.data[0]).toMatchObject({ channel: 'SMS', to: '0903000001', code });
      expect(body.data[0].text).toContain(code);
    }
    const none = await t.app.inject({ method: 'GET', url: `${OUTBOX}?to=0999999999` });
    expect(none.json().data).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: OUTBOX });
    expect(bad.statusCode).toBe(400);
  });
});

describe('outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ demoMode: false });
  });
  afterAll(() => t.close());

  it('the outbox and the demo SSO issuer do not exist', async () => {
    for (const url of [`${OUTBOX}?to=0901234567`, '/api/demo/sso/authorize', '/api/demo/sso/logout']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });

  it('without a configured channel a code cannot be sent: 503, and no outbox row', async () => {
    const err = await t.app.otp
      .issue({ purpose: 'LOGIN_SMS', target: { channel: 'SMS', address: '0904000001' }, ip: '10.1.1.1', lang: 'vi' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ httpStatus: 503 });
  });

  it('delivers SMS through the configured gateway webhook, without the outbox', async () => {
    const calls: { url: string; body: string }[] = [];
    const notifier = createNotifier({
      db: t.database.db,
      demoMode: false,
      smtpUrl: null,
      mailFrom: 'x@y.vn',
      smsWebhookUrl: 'https://sms.example/send',
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body) });
        return new Response('{}', { status: 200 });
      }) as unknown as typeof fetch,
    });
    await notifier.send({ channel: 'SMS', to: '0904000002', title: 't', text: 'code 123456', code: '123456' });
    expect(calls).toEqual([{ url: 'https://sms.example/send', body: JSON.stringify({ to: '0904000002', text: 'code 123456' }) }]);
  });

  it('delivers e-mail through SMTP (nodemailer transport)', async () => {
    const mails: unknown[] = [];
    const notifier = createNotifier({
      db: t.database.db, demoMode: false, smtpUrl: null, mailFrom: 'Ví Xanh <no-reply@vixanh.vn>', smsWebhookUrl: null,
      transport: { sendMail: async (m: unknown) => { mails.push(m); return {} as never; } },
    });
    await notifier.send({ channel: 'EMAIL', to: 'a@b.vn', title: 'Mã', text: 'code 123456' });
    expect(mails).toEqual([{ from: 'Ví Xanh <no-reply@vixanh.vn>', to: 'a@b.vn', subject: 'Mã', text: 'code 123456' }]);
  });
});
