/** Payout settings: /profile/v2/merchants/periods, /:merchantId/payouts, …/validate, …/update with one-time codes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { inVietnam } from '@/domain/time';
import { count, desc, eq } from 'drizzle-orm';
import { memberships, merchants, payoutAccounts, payoutAuditEntries, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import { makeApp, type TestApp } from './helpers';

const SME: number = DemoMerchants.sme.id;
const OTHER: number = DemoMerchants.other.id;
const TOP: number = DemoMerchants.topBrand.id;
const IP = '198.51.100.23';
const base = (m: number) => `/api/profile/v2/merchants/${m}/payouts`;
const PERIODS = '/api/profile/v2/merchants/periods';

const smeBank = {
  wallet: 'BANK',
  period: 'SRP.0001',
  reconciliationTime: '17:00',
  accountNumber: '0041000123456',
  accountName: 'CONG TY TNHH CA PHE SONG HAN',
  bankBrand: 'Chi nhánh Đà Nẵng',
  bankCityId: 'DN',
  bankNameId: 'VCB',
};

/** The newest one-time code sent to `address`, read from the demo outbox like a person reads their phone. */
async function latestCode(t: TestApp, token: string, address: string): Promise<string> {
  const res = await t.call(token, { method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(address)}` });
  expect(res.statusCode, res.body).toBe(200);
  const [newest] = res.json().data as Array<{ code: string | null }>;
  if (!newest?.code) throw new Error(`no code in the outbox for ${address}`);
  return newest.code;
}

interface OutboxEntry {
  id: number;
  channel: 'SMS' | 'EMAIL';
  title: string;
  text: string;
  code: string | null;
}

/** Messages sent to `address` after message `afterId`, newest first (the demo outbox). */
async function sentTo(t: TestApp, token: string, address: string, afterId = 0): Promise<OutboxEntry[]> {
  const res = await t.call(token, { method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(address)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as OutboxEntry[]).filter((m) => m.id > afterId);
}
const newestId = async (t: TestApp, token: string, address: string) => (await sentTo(t, token, address))[0]?.id ?? 0;

/** A shared-JSON message filled as i18next fills it (`{{name}}`). */
const fill = (template: string, params: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name]);

/** HH:mm DD/MM/YYYY in Vietnam of now and of a minute ago (a notice sent across a minute's turn). */
const nowTexts = () => [0, 60_000].map((ago) => format(new Date(Date.now() - ago), 'HH:mm dd/MM/yyyy', { in: inVietnam }));

/** Checks one payout notice: the language's exact text with the time it was sent, and no whole account number. */
function expectNotice(message: OutboxEntry | undefined, api: typeof viApi, params: { merchant: string; account: string }, wholeAccount?: string) {
  expect(message, 'notice sent').toBeDefined();
  const at = /\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/.exec(message!.text)?.[0] ?? '';
  expect(nowTexts()).toContain(at);
  expect(message!.title).toBe(fill(api.payouts.notice.title, params));
  expect(message!.text).toBe(fill(api.payouts.notice.text, { ...params, at, hotline: '1900 636 652' }));
  expect(message!.code).toBeNull();
  if (wholeAccount) expect(JSON.stringify(message)).not.toContain(wholeAccount);
}

describe('payouts', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let accountant: string;
  let cashier: string;

  const get = (token: string, merchantId = SME, query = '') => t.call(token, { method: 'GET', url: `${base(merchantId)}${query}` });
  const validate = (token: string, params: Record<string, string>, merchantId = SME) =>
    t.call(token, { method: 'GET', url: `${base(merchantId)}/validate?${new URLSearchParams(params)}` });
  const update = (token: string, body: Record<string, unknown>, merchantId = SME, query = '') =>
    t.call(token, { method: 'POST', url: `${base(merchantId)}/update${query}`, payload: body, remoteAddress: IP, headers: { 'user-agent': 'vitest' } });
  const auditCount = async (merchantId = SME) =>
    (await t.database.db.select({ n: count() }).from(payoutAuditEntries).where(eq(payoutAuditEntries.merchantId, merchantId)))[0].n;
  const stored = async (merchantId = SME) => {
    const [m] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    const [a] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.merchantId, merchantId));
    return { wallet: m.payoutWallet, period: m.payoutPeriod, todo: m.todoActions, ...a };
  };
  const versionOf = async (merchantId = SME) => (await get(owner, merchantId)).json().data.version as number;

  beforeAll(async () => {
    t = await makeApp();
    [owner, admin, accountant, cashier] = await Promise.all(['owner_demo', 'admin_demo', 'accountant_demo', 'cashier_demo'].map((u) => t.login(u)));
  });
  afterAll(() => t.close());

  it('GET /periods lists SRP.0000 and SRP.0001 with names in the caller’s language', async () => {
    const vi = await t.call(owner, { method: 'GET', url: PERIODS });
    expect(vi.statusCode).toBe(200);
    expect(vi.json().data).toEqual([
      { code: 'SRP.0000', name: viApi.payouts.periods.realTime },
      { code: 'SRP.0001', name: viApi.payouts.periods.nextDay },
    ]);
    expect((await t.call(owner, { method: 'GET', url: `${PERIODS}?lang=en` })).json().data[1].name).toBe(enApi.payouts.periods.nextDay);
    expect((await t.call(null, { method: 'GET', url: PERIODS })).statusCode).toBe(401);
  });

  it('GET payouts shows the seeded bank account, destinations, version and audit trail to the owner', async () => {
    const res = await get(owner);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ merchantId: SME, ...smeBank, canChange: true, destinations: ['VIXANH_WALLET', 'GOLDEN_POCKET', 'BANK'] });
    expect(data.version).toBeGreaterThanOrEqual(1);
    expect(data.audit.length).toBeGreaterThan(0);
    expect(data.audit[0]).toMatchObject({ action: 'UPDATE_PAYOUT', actorUsername: DemoUsers.owner.username });
    // The trail never holds a whole account number.
    expect(JSON.stringify(data.audit)).not.toContain(smeBank.accountNumber);
  });

  it('administrator and merchant accountant see but cannot change; a cashier sees nothing', async () => {
    for (const token of [admin, accountant]) {
      const res = await get(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.canChange).toBe(false);
      const refused = await update(token, { reqType: 'UPDATE', version: res.json().data.version, ...smeBank, period: 'SRP.0000' });
      expect(refused.statusCode).toBe(403);
      expect((await validate(token, smeBank)).statusCode).toBe(403);
    }
    const cashierRes = await get(cashier);
    expect(cashierRes.statusCode).toBe(403);
    expect(cashierRes.json()).toMatchObject({ status: 3, message: viApi.messages.forbidden });
    expect((await stored()).period).toBe('SRP.0001');
  });

  it('another merchant’s payouts: 403 on read, validate and update, and nothing changes', async () => {
    const before = await stored(OTHER);
    const audits = await auditCount(OTHER);
    expect((await get(owner, OTHER)).statusCode).toBe(403);
    expect((await validate(owner, smeBank, OTHER)).statusCode).toBe(403);
    const res = await update(owner, { reqType: 'UPDATE', version: 1, ...smeBank, period: 'SRP.0000' }, OTHER);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(3);
    expect((await update(owner, { reqType: 'SEND_OTP', version: 1, ...smeBank, accountNumber: '9999999999' }, OTHER)).statusCode).toBe(403);
    expect(await stored(OTHER)).toEqual(before);
    expect(await auditCount(OTHER)).toBe(audits);
  });

  it('validate tells which fields change and whether a one-time code is needed', async () => {
    const same = (await validate(owner, smeBank)).json().data;
    expect(same).toEqual({ changes: [], details: {}, requiresOtp: false });
    const period = (await validate(owner, { ...smeBank, period: 'SRP.0000', reconciliationTime: '20:00' })).json().data;
    expect(period).toEqual({
      changes: ['period', 'reconciliationTime'],
      details: { period: { from: 'SRP.0001', to: 'SRP.0000' }, reconciliationTime: { from: '17:00', to: '20:00' } },
      requiresOtp: false,
    });
    // Old → new for the confirmation: account numbers masked the one way (••••6789), names as they are.
    const account = (await validate(owner, { ...smeBank, accountNumber: '0041000999999', accountName: 'NGUYEN VAN AN' })).json().data;
    expect(account).toEqual({
      changes: ['accountNumber', 'accountName'],
      details: { accountNumber: { from: '••••3456', to: '••••9999' }, accountName: { from: smeBank.accountName, to: 'NGUYEN VAN AN' } },
      requiresOtp: true,
    });
    expect(JSON.stringify(account)).not.toContain('0041000999999');
    const wallet = (await validate(owner, { wallet: 'VIXANH_WALLET', period: 'SRP.0001', reconciliationTime: '17:00' })).json().data;
    expect(wallet.requiresOtp).toBe(true);
    expect(wallet.changes).toContain('wallet');
  });

  it('bad input: 400 status 2 naming the field in the caller’s language, nothing written', async () => {
    const before = await stored();
    const audits = await auditCount();
    const version = await versionOf();
    const mailId = await newestId(t, owner, DemoUsers.owner.email);
    const bad = await update(owner, { reqType: 'UPDATE', version, ...smeBank, accountNumber: '12ab', accountName: 'Nguyễn Văn A' });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.status).toBe(2);
    const messages = body.data.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain(`${viApi.fields.accountNumber}: ${viValidation.validation.payout.accountNumber}`);
    expect(messages).toContain(`${viApi.fields.accountName}: ${viValidation.validation.payout.accountName}`);
    const en = await update(owner, { reqType: 'UPDATE', version, ...smeBank, bankNameId: '' }, SME, '?lang=en');
    expect(en.json().data.errors[0].message).toBe(`${enApi.fields.bankNameId}: ${enValidation.validation.required}`);
    for (const body of [
      { reqType: 'UPDATE', version, ...smeBank, period: 'SRP.9' },
      { reqType: 'UPDATE', version, ...smeBank, wallet: 'MOMO_WALLET' },
      { reqType: 'UPDATE', version, ...smeBank, reconciliationTime: '17:30' },
      { reqType: 'UPDATE', version, wallet: 'GOLDEN_POCKET', period: 'SRP.0001', reconciliationTime: '17:00', accountNumber: '0041000123456' },
      { reqType: 'DELETE', version, ...smeBank },
      { reqType: 'UPDATE', ...smeBank },
      { reqType: 'UPDATE', version, ...smeBank, extra: 1 },
      { reqType: 'UPDATE', version, ...smeBank, accountNumber: '0041000999999', otpId: 'x', otpCode: '12ab56' },
    ]) {
      const res = await update(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(2);
    }
    expect((await validate(owner, { ...smeBank, bankCityId: 'ZZ' })).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect(await sentTo(t, owner, DemoUsers.owner.email, mailId)).toEqual([]);
  });

  it('a change that needs no code is saved, versioned and audited with who, when, what and IP (no notice: the money goes where it went)', async () => {
    const version = await versionOf();
    const mailId = await newestId(t, owner, DemoUsers.owner.email);
    const res = await update(owner, { reqType: 'UPDATE', version, ...smeBank, period: 'SRP.0000', reconciliationTime: '20:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ period: 'SRP.0000', reconciliationTime: '20:00', version: version + 1, updatedBy: DemoUsers.owner.username });
    const row = await stored();
    expect(row).toMatchObject({ period: 'SRP.0000', reconciliationTime: '20:00', version: version + 1 });
    const [entry] = await t.database.db.select().from(payoutAuditEntries).where(eq(payoutAuditEntries.merchantId, SME)).orderBy(desc(payoutAuditEntries.id)).limit(1);
    expect(entry).toMatchObject({ action: 'UPDATE_PAYOUT', changes: ['period', 'reconciliationTime'], ip: IP, userAgent: 'vitest', otpVerified: false });
    expect(entry.details).toEqual({ period: { from: 'SRP.0001', to: 'SRP.0000' }, reconciliationTime: { from: '17:00', to: '20:00' } });
    expect(Date.now() - entry.createdAt.getTime()).toBeLessThan(60_000);
    expect(await sentTo(t, owner, DemoUsers.owner.email, mailId)).toEqual([]);
  });

  it('saving what is saved is a harmless success: no new version, no audit entry (retries are safe)', async () => {
    const current = (await get(owner)).json().data;
    const audits = await auditCount();
    const res = await update(owner, { reqType: 'UPDATE', version: 1, wallet: current.wallet, period: current.period, reconciliationTime: current.reconciliationTime, accountNumber: current.accountNumber, accountName: current.accountName, bankBrand: current.bankBrand, bankCityId: current.bankCityId, bankNameId: current.bankNameId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(current.version);
    expect(await auditCount()).toBe(audits);
  });

  it('an update from a stale version is refused with 409 and writes nothing', async () => {
    const version = await versionOf();
    const audits = await auditCount();
    const res = await update(owner, { reqType: 'UPDATE', version: version - 1, ...smeBank, period: 'SRP.0001' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 9, message: viApi.payouts.staleVersion });
    expect(await auditCount()).toBe(audits);
  });

  it('changing the account without a code: 400 status 21, nothing written', async () => {
    const before = await stored();
    const res = await update(owner, { reqType: 'UPDATE', version: await versionOf(), ...smeBank, period: 'SRP.0000', reconciliationTime: '20:00', accountNumber: '0041000999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 21, message: viApi.payouts.otpRequired });
    expect(await stored()).toEqual(before);
  });

  it('SEND_OTP is refused when nothing that needs a code changes', async () => {
    const res = await update(owner, { reqType: 'SEND_OTP', version: await versionOf(), ...smeBank, period: 'SRP.0001' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(viApi.payouts.otpNotNeeded);
  });

  describe('with a one-time code (shared OTP service, demo outbox)', () => {
    const next = { ...smeBank, period: 'SRP.0000', reconciliationTime: '20:00', accountNumber: '0071000555666', bankNameId: 'ACB', bankBrand: 'Chi nhánh Hải Châu' };
    const secondOwner = DemoUsers.bpuOwner;
    const sme = { merchant: DemoMerchants.sme.name };

    beforeAll(async () => {
      // A second owner of the SME: the notice reaches every owner, on each verified contact.
      const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, secondOwner.username));
      await t.database.db.insert(memberships).values({ merchantId: SME, userId: row.id, roles: ['MERCHANT_OWNER'] });
    });

    it('sends a code to the owner’s phone, refuses a wrong code and a code for other settings, saves with the right one', async () => {
      const version = await versionOf();
      const watched = [DemoUsers.owner.email, DemoUsers.owner.phone, secondOwner.email, secondOwner.phone, DemoUsers.accountant.email, DemoUsers.accountant.phone];
      const before = Object.fromEntries(await Promise.all(watched.map(async (a) => [a, await newestId(t, owner, a)] as const)));
      const sent = await update(owner, { reqType: 'SEND_OTP', version, ...next });
      expect(sent.statusCode, sent.body).toBe(200);
      const challenge = sent.json().data;
      expect(challenge.otpId).toBeTruthy();
      expect(challenge.maskedAddress).not.toContain(DemoUsers.owner.phone);
      const code = await latestCode(t, owner, DemoUsers.owner.phone);
      // The code never reaches the logs.
      expect(t.logs.join('\n')).not.toContain(`"${code}"`);

      const wrong = await update(owner, { reqType: 'UPDATE', version, ...next, otpId: challenge.otpId, otpCode: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(viApi.payouts.otpWrong);

      // The code is bound to these settings: another account number with the same code is refused.
      const other = await update(owner, { reqType: 'UPDATE', version, ...next, accountNumber: '0071000777888', otpId: challenge.otpId, otpCode: code });
      expect(other.statusCode).toBe(400);
      expect((await stored()).accountNumber).toBe(smeBank.accountNumber);

      // Sending again within a minute is throttled (the shared service's resend rule).
      const again = await update(owner, { reqType: 'SEND_OTP', version, ...next });
      expect(again.statusCode).toBe(429);
      expect(again.json().status).toBe(29);
      // Refused attempts change nothing, so nobody is told of a change.
      for (const address of [DemoUsers.owner.email, secondOwner.email, secondOwner.phone]) expect(await sentTo(t, owner, address, before[address])).toEqual([]);

      const saved = await update(owner, { reqType: 'UPDATE', version, ...next, otpId: challenge.otpId, otpCode: code });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ accountNumber: '0071000555666', bankNameId: 'ACB', version: version + 1 });
      const [entry] = await t.database.db.select().from(payoutAuditEntries).where(eq(payoutAuditEntries.merchantId, SME)).orderBy(desc(payoutAuditEntries.id)).limit(1);
      expect(entry).toMatchObject({ otpVerified: true, ip: IP, changes: ['accountNumber', 'bankBrand', 'bankNameId'] });
      expect(entry.details).toMatchObject({ accountNumber: { from: '••••3456', to: '••••5666' } });

      // The owners hear of it on their other channels, in the caller's language, account masked.
      const mails = await sentTo(t, owner, DemoUsers.owner.email, before[DemoUsers.owner.email]);
      expect(mails).toHaveLength(1);
      expectNotice(mails[0], viApi, { ...sme, account: '••••5666' }, next.accountNumber);
      expect(mails[0].channel).toBe('EMAIL');
      // The acting owner's phone, where the code went, got the code only.
      expect((await sentTo(t, owner, DemoUsers.owner.phone, before[DemoUsers.owner.phone])).map((m) => m.code)).toEqual([code]);
      for (const address of [secondOwner.email, secondOwner.phone]) {
        const got = await sentTo(t, owner, address, before[address]);
        expect(got, address).toHaveLength(1);
        expectNotice(got[0], viApi, { ...sme, account: '••••5666' }, next.accountNumber);
      }
      // Not an owner: not told.
      for (const address of [DemoUsers.accountant.email, DemoUsers.accountant.phone]) expect(await sentTo(t, owner, address, before[address])).toEqual([]);

      // Single use: the same code cannot save again.
      const replay = await update(owner, { reqType: 'UPDATE', version: version + 1, ...next, accountNumber: '0071000999000', otpId: challenge.otpId, otpCode: code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(viApi.payouts.otpInvalid);
    });

    it('a notice that cannot be delivered is logged without its text; the change stands', async () => {
      const second = await t.login(secondOwner.username);
      const version = await versionOf();
      const moved = { ...next, accountNumber: '0071000123999', accountName: 'NGUYEN THANH TUNG' };
      const sent = await update(second, { reqType: 'SEND_OTP', version, ...moved });
      expect(sent.statusCode, sent.body).toBe(200);
      const code = await latestCode(t, second, secondOwner.phone);
      const notifier = t.app.notifier;
      const send = notifier.send.bind(notifier);
      // The gateway is down for everything but codes.
      notifier.send = async (message) => {
        if (message.code === undefined) throw new Error('gateway down');
        return send(message);
      };
      try {
        const res = await update(second, { reqType: 'UPDATE', version, ...moved, otpId: sent.json().data.otpId, otpCode: code });
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        notifier.send = send;
      }
      expect(await stored()).toMatchObject({ accountNumber: '0071000123999', accountName: 'NGUYEN THANH TUNG' });
      const failures = t.logs.filter((line) => line.includes('payout change notice not delivered'));
      // The first owner's phone and e-mail and the second owner's e-mail (the code went to the phone).
      expect(failures).toHaveLength(3);
      expect(failures.join('\n')).not.toContain('••••3999');
    });

    it('moving money to the wallet clears the bank account and the payout notice todo; the owner is told in English', async () => {
      const otherOwner = await t.login(DemoUsers.otherOwner.username);
      await t.database.db.update(merchants).set({ todoActions: ['SHOW_POPUP_NOTIFY_PAYOUT'] }).where(eq(merchants.id, OTHER));
      const version = (await get(otherOwner, OTHER)).json().data.version;
      const wallet = { wallet: 'VIXANH_WALLET', period: 'SRP.0000', reconciliationTime: '20:00' };
      const mailId = await newestId(t, otherOwner, DemoUsers.otherOwner.email);
      const sent = await update(otherOwner, { reqType: 'SEND_OTP', version, ...wallet }, OTHER);
      expect(sent.statusCode, sent.body).toBe(200);
      const code = await latestCode(t, otherOwner, DemoUsers.otherOwner.phone);
      // A code sent to one owner is useless to another user, even with the otpId.
      const stolen = await update(owner, { reqType: 'UPDATE', version: await versionOf(), ...wallet, otpId: sent.json().data.otpId, otpCode: code });
      expect(stolen.statusCode).toBe(400);
      const res = await update(otherOwner, { reqType: 'UPDATE', version, ...wallet, otpId: sent.json().data.otpId, otpCode: code }, OTHER, '?lang=en');
      expect(res.statusCode, res.body).toBe(200);
      const row = await stored(OTHER);
      expect(row).toMatchObject({ wallet: 'VIXANH_WALLET', accountNumber: null, bankNameId: null });
      expect(row.todo).not.toContain('SHOW_POPUP_NOTIFY_PAYOUT');
      const mails = await sentTo(t, otherOwner, DemoUsers.otherOwner.email, mailId);
      expect(mails).toHaveLength(1);
      expectNotice(mails[0], enApi, { merchant: DemoMerchants.other.name, account: fill(enApi.payouts.notice.destinations.wallet, { product: 'Ví Xanh' }) });
    });
  });

  it('the TOP_BRAND (payout notice pending) reads its wallet destination with default bank fields', async () => {
    const data = (await get(owner, TOP)).json().data;
    expect(data).toMatchObject({ wallet: 'GOLDEN_POCKET', period: 'SRP.0000', accountNumber: null, version: 1 });
  });
});
