/** E-contracts: /contract/v1/merchants/:merchantId/econtracts (list, detail, history, PDF, pending, sign with a code). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { econtractEvents, econtracts, merchants, otpCodes } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { contentHashOf } from '../../server/routes/econtracts/document';
import type { EContract, EContractDetail } from '../../src/domain/econtracts';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const TOP = DemoMerchants.topBrand.id;
const OTHER = DemoMerchants.other.id;
const IP = '198.51.100.23';

const listUrl = (merchantId: number, query = '') => `/api/contract/v1/merchants/${merchantId}/econtracts${query ? `?${query}` : ''}`;
const contractUrl = (merchantId: number, id: number | string, rest = '') => `/api/contract/v1/merchants/${merchantId}/econtracts/${id}${rest}`;

describe('econtracts', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let accountant: string;
  let otherOwner: string;
  let topPendingId: number;
  let otherContractId: number;
  let foreignPendingId: number;
  let foreignPendingMerchant: number;

  const outboxCodes = async (token: string, phone: string): Promise<string[]> => {
    const res = await t.call(token, { method: 'GET', url: `/api/demo/outbox?to=${encodeURIComponent(phone)}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as Array<{ code: string | null }>).map((m) => m.code).filter((c): c is string => Boolean(c));
  };
  const sendCode = (token: string, merchantId: number, id: number, query = '') =>
    t.call(token, { method: 'POST', url: contractUrl(merchantId, id, `/otp${query}`), remoteAddress: IP });
  const sign = (token: string, merchantId: number, id: number, body: unknown, query = '') =>
    t.call(token, { method: 'POST', url: contractUrl(merchantId, id, `/sign${query}`), payload: body as object, remoteAddress: IP });
  const statusOf = async (id: number) => (await t.database.db.select({ s: econtracts.status }).from(econtracts).where(eq(econtracts.id, id)))[0].s;
  const todoOf = async (merchantId: number) =>
    (await t.database.db.select({ todo: merchants.todoActions }).from(merchants).where(eq(merchants.id, merchantId)))[0].todo;

  beforeAll(async () => {
    t = await makeApp();
    [owner, admin, accountant, otherOwner] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.admin.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.otherOwner.username),
    ]);
    const db = t.database.db;
    topPendingId = (await db.select({ id: econtracts.id }).from(econtracts).where(and(eq(econtracts.merchantId, TOP), eq(econtracts.status, 'PENDING'))))[0].id;
    otherContractId = (await db.select({ id: econtracts.id }).from(econtracts).where(eq(econtracts.merchantId, OTHER)))[0].id;
    const [foreign] = await db
      .select({ id: econtracts.id, merchantId: econtracts.merchantId })
      .from(econtracts)
      .where(and(eq(econtracts.status, 'PENDING'), ne(econtracts.merchantId, TOP)))
      .orderBy(asc(econtracts.id))
      .limit(1);
    foreignPendingId = foreign.id;
    foreignPendingMerchant = foreign.merchantId;
  });
  afterAll(() => t.close());

  describe('seed', () => {
    it('gives every merchant with SIGN_CONTRACT exactly the pending contract it must sign, and no other merchant one', async () => {
      const rows = await t.database.db
        .select({ id: merchants.id, todo: merchants.todoActions, n: count(econtracts.id) })
        .from(merchants)
        .leftJoin(econtracts, and(eq(econtracts.merchantId, merchants.id), eq(econtracts.status, 'PENDING')))
        .groupBy(merchants.id);
      for (const row of rows) expect(row.n, `merchant ${row.id}`).toBe(row.todo.includes('SIGN_CONTRACT') ? 1 : 0);
      expect(rows.find((r) => r.id === TOP)!.n).toBe(1);
    });
  });

  describe('list', () => {
    it('pages the SME’s contracts newest first over several pages, with type, version, status, signed at and signer', async () => {
      const res = await t.call(owner, { method: 'GET', url: listUrl(SME) });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page.pageSize).toBe(20);
      expect(page.content).toHaveLength(20);
      expect(page.totalElements).toBeGreaterThan(40);
      const rows = page.content as EContract[];
      const issued = rows.map((c) => c.issuedAt);
      expect(issued).toEqual([...issued].sort().reverse());
      const signed = rows.find((c) => c.status === 'SIGNED')!;
      expect(signed.signer).toEqual({ userId: expect.any(Number), username: DemoUsers.owner.username, name: DemoUsers.owner.name });
      expect(signed.signedAt).not.toBeNull();
      expect(signed.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(signed.version).toMatch(/^\d{4}\.\d$/);

      const last = Math.floor((page.totalElements - 1) / 20);
      const tail = (await t.call(owner, { method: 'GET', url: listUrl(SME, `pageNumber=${last}`) })).json().data;
      expect(tail.content).toHaveLength(page.totalElements - last * 20);
      const ids = new Set([...rows, ...tail.content].map((c: EContract) => c.id));
      expect(ids.size).toBe(rows.length + tail.content.length);
    });

    it('filters by status and type', async () => {
      const cancelled = (await t.call(owner, { method: 'GET', url: listUrl(SME, 'status=CANCELLED') })).json().data;
      expect(cancelled.totalElements).toBe(1);
      expect(cancelled.content[0]).toMatchObject({ status: 'CANCELLED', signer: null, signedAt: null, contentHash: null });
      const payment = (await t.call(owner, { method: 'GET', url: listUrl(SME, 'type=PAYMENT_SERVICE&pageSize=100') })).json().data.content as EContract[];
      expect(payment.map((c) => c.version).sort()).toEqual(['2024.1', '2025.1']);
    });

    it('refuses bad filters and unknown parameters, in the caller’s language', async () => {
      const bad = await t.call(owner, { method: 'GET', url: listUrl(SME, 'status=DONE') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status).toBe(2);
      const unknown = await t.call(owner, { method: 'GET', url: listUrl(SME, 'merchant=6&lang=en') });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('merchant');
      expect((await t.call(owner, { method: 'GET', url: listUrl(SME, 'pageSize=30') })).statusCode).toBe(400);
    });

    it('is for owners, administrators and legal only: an accountant is refused (403, no logout)', async () => {
      expect((await t.call(admin, { method: 'GET', url: listUrl(SME) })).statusCode).toBe(200);
      const res = await t.call(accountant, { method: 'GET', url: listUrl(SME) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 3, message: viApi.messages.forbidden });
    });

    it('never shows another merchant’s contracts', async () => {
      const res = await t.call(owner, { method: 'GET', url: listUrl(OTHER) });
      expect(res.statusCode).toBe(403);
      expect((await t.call(owner, { method: 'GET', url: listUrl(SME, 'pageSize=100') })).json().data.content.map((c: EContract) => c.id)).not.toContain(
        otherContractId,
      );
    });
  });

  describe('detail and document', () => {
    it('shows a signed contract with its parties, content, history and a hash that matches its content', async () => {
      const [first] = (await t.call(owner, { method: 'GET', url: listUrl(SME, 'status=SIGNED') })).json().data.content as EContract[];
      const res = await t.call(owner, { method: 'GET', url: contractUrl(SME, first.id) });
      expect(res.statusCode).toBe(200);
      const detail = res.json().data as EContractDetail;
      expect(detail.parties).toMatchObject({ merchantName: DemoMerchants.sme.name, partnerCode: DemoMerchants.sme.partnerCode, representative: DemoUsers.owner.name });
      expect(detail.canSign).toBe(false);
      expect(detail.history.map((e) => e.action)).toEqual(['SIGNED', 'OTP_SENT', 'ISSUED']);
      expect(detail.sections.some((s) => s.paragraphs.some((p) => p.includes(DemoMerchants.sme.name)))).toBe(true);
      expect(JSON.stringify(detail.sections)).not.toMatch(/\$\{/);
      const rendered = {
        contractNo: detail.contractNo,
        type: detail.type,
        version: detail.version,
        title: detail.title,
        issuedOn: new Date(new Date(detail.issuedAt).getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
        parties: { ...detail.parties, merchantType: 'SME' },
        sections: detail.sections,
      };
      expect(contentHashOf(rendered)).toBe(detail.contentHash);
    });

    it('answers 404 for another merchant’s contract id and for an unknown one, 403 for a merchant the caller is not in', async () => {
      for (const url of [contractUrl(SME, otherContractId), contractUrl(SME, 999_999), contractUrl(SME, otherContractId, '/document')]) {
        const res = await t.call(owner, { method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().status).toBe(4);
      }
      expect((await t.call(owner, { method: 'GET', url: contractUrl(OTHER, otherContractId) })).statusCode).toBe(403);
      expect((await t.call(otherOwner, { method: 'GET', url: contractUrl(OTHER, otherContractId) })).statusCode).toBe(200);
    });

    it('serves the PDF inline for reading and as an attachment for download; only downloads enter the history', async () => {
      const before = (await t.database.db.select({ n: count() }).from(econtractEvents).where(eq(econtractEvents.contractId, topPendingId)))[0].n;
      const inline = await t.call(owner, { method: 'GET', url: contractUrl(TOP, topPendingId, '/document?disposition=inline') });
      expect(inline.statusCode).toBe(200);
      expect(inline.headers['content-type']).toBe('application/pdf');
      expect(String(inline.headers['content-disposition'])).toMatch(/^inline; filename="hop-dong_HD-MC_PHOVIET-\d{4}\.pdf"$/);
      expect(inline.headers['cache-control']).toBe('no-store');
      expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // The Vietnamese font is embedded (subset), so the document reads the same in every viewer…
      const raw = inline.rawPayload.toString('latin1');
      // Embedded (FontFile2) with a ToUnicode map, so the text can also be searched and copied.
      expect(raw.includes('/FontFile2') && raw.includes('/ToUnicode') && /\/BaseFont \/DejaVuSans-\d+/.test(raw)).toBe(true);
      const afterInline = (await t.database.db.select({ n: count() }).from(econtractEvents).where(eq(econtractEvents.contractId, topPendingId)))[0].n;
      expect(afterInline).toBe(before);

      const download = await t.call(owner, { method: 'GET', url: contractUrl(TOP, topPendingId, '/document'), remoteAddress: IP });
      expect(download.statusCode).toBe(200);
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
      const history = (await t.call(owner, { method: 'GET', url: contractUrl(TOP, topPendingId) })).json().data.history;
      expect(history[0]).toMatchObject({ action: 'DOWNLOADED', actorUsername: DemoUsers.owner.username, ip: IP });
    });

    it('rebuilds a signed contract’s PDF byte for byte', async () => {
      const [first] = (await t.call(owner, { method: 'GET', url: listUrl(SME, 'status=SIGNED') })).json().data.content as EContract[];
      const a = await t.call(owner, { method: 'GET', url: contractUrl(SME, first.id, '/document?disposition=inline') });
      const b = await t.call(owner, { method: 'GET', url: contractUrl(SME, first.id, '/document?disposition=inline') });
      expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    });
  });

  describe('onboarding and signing', () => {
    it('gives the TOP_BRAND owner its pending contract with the signer’s details; the SME has none', async () => {
      const res = await t.call(owner, { method: 'GET', url: `${listUrl(TOP)}/pending` });
      expect(res.statusCode).toBe(200);
      const pending = res.json().data as EContractDetail;
      expect(pending).toMatchObject({ id: topPendingId, status: 'PENDING', type: 'PAYMENT_SERVICE', version: '2025.1', canSign: true, signer: null });
      expect(pending.signerPreview).toEqual({ name: DemoUsers.owner.name, username: DemoUsers.owner.username, maskedPhone: '0901•••567' });
      expect(pending.parties.merchantName).toBe(DemoMerchants.topBrand.name);
      expect((await t.call(owner, { method: 'GET', url: `${listUrl(SME)}/pending` })).json().data).toBeNull();
    });

    it('lets an administrator read but not sign: no sign action, and the code is refused', async () => {
      const [first] = (await t.call(admin, { method: 'GET', url: listUrl(SME) })).json().data.content as EContract[];
      expect((await t.call(admin, { method: 'GET', url: contractUrl(SME, first.id) })).json().data).toMatchObject({ canSign: false, signerPreview: null });
      const res = await sendCode(admin, SME, first.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 3, message: viApi.econtracts.notSigner });
    });

    it('validates the sign body with the shared schema and changes nothing on bad input', async () => {
      const missing = await sign(owner, TOP, topPendingId, { otpId: 'abc' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(`${viApi.fields.otpCode}: ${viValidation.validation.required}`);
      const letters = await sign(owner, TOP, topPendingId, { otpId: 'abc', otpCode: '12ab56' });
      expect(letters.json().message).toBe(`${viApi.fields.otpCode}: ${viValidation.validation.econtract.code}`);
      const extra = await sign(owner, TOP, topPendingId, { otpId: 'abc', otpCode: '123456', signer: 'x' });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().data.errors[0].field).toBe('signer');
      expect(await statusOf(topPendingId)).toBe('PENDING');
    });

    it('refuses a wrong code, a code sent for another contract and a reused code; signs with the right one', async () => {
      const phone = DemoUsers.owner.phone;
      const sent = await sendCode(owner, TOP, topPendingId);
      expect(sent.statusCode, sent.body).toBe(200);
      const { otpId, maskedAddress, resendAfterSeconds } = sent.json().data;
      expect(maskedAddress).toBe('0901•••567');
      expect(resendAfterSeconds).toBeGreaterThan(0);
      const [code] = await outboxCodes(owner, phone);
      expect(code).toMatch(/^\d{6}$/);
      // The code never appears in the logs.
      expect(t.logs.join('\n')).not.toContain(code);

      const wrong = await sign(owner, TOP, topPendingId, { otpId, otpCode: code === '000000' ? '111111' : '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ status: 1, message: viApi.econtracts.otp.WRONG });
      const wrongEn = await sign(owner, TOP, topPendingId, { otpId, otpCode: code === '000000' ? '111111' : '000000' }, '?lang=en');
      expect(wrongEn.json().message).toBe(enApi.econtracts.otp.WRONG);
      expect(await statusOf(topPendingId)).toBe('PENDING');

      // The same code does not sign another merchant's contract (403: not a member) nor a contract id of
      // another merchant under the caller's merchant (404): and neither changes.
      const foreign = await sign(owner, foreignPendingMerchant, foreignPendingId, { otpId, otpCode: code });
      expect(foreign.statusCode).toBe(403);
      const foreignUnderOwn = await sign(owner, TOP, foreignPendingId, { otpId, otpCode: code });
      expect(foreignUnderOwn.statusCode).toBe(404);
      expect(await statusOf(foreignPendingId)).toBe('PENDING');

      const signed = await sign(owner, TOP, topPendingId, { otpId, otpCode: code });
      expect(signed.statusCode, signed.body).toBe(200);
      const detail = signed.json().data as EContractDetail;
      expect(detail).toMatchObject({ status: 'SIGNED', canSign: false, signer: { username: DemoUsers.owner.username, name: DemoUsers.owner.name } });
      expect(Date.now() - new Date(detail.signedAt!).getTime()).toBeLessThan(60_000);
      expect(detail.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(detail.history.slice(0, 2).map((e) => e.action)).toEqual(['SIGNED', 'OTP_SENT']);
      expect(detail.history[0]).toMatchObject({ actorUsername: DemoUsers.owner.username, ip: IP });
      const [row] = await t.database.db.select().from(econtracts).where(eq(econtracts.id, topPendingId));
      expect(row).toMatchObject({ status: 'SIGNED', signerIp: IP, signerName: DemoUsers.owner.name, contentHash: detail.contentHash });
      expect(row.snapshot).toMatchObject({ merchantName: DemoMerchants.topBrand.name, representative: DemoUsers.owner.name });

      // SIGN_CONTRACT is gone; the other todo stays.
      expect(await todoOf(TOP)).toEqual(['SHOW_POPUP_NOTIFY_PAYOUT']);
      const merchant = (await t.call(owner, { method: 'GET', url: `/api/profile/v2/merchants/${TOP}` })).json().data;
      expect(merchant.todoActions).not.toContain('SIGN_CONTRACT');
      expect((await t.call(owner, { method: 'GET', url: `${listUrl(TOP)}/pending` })).json().data).toBeNull();

      // Signed once: the code cannot be reused, and the contract cannot be signed again.
      const again = await sign(owner, TOP, topPendingId, { otpId, otpCode: code });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ status: 9, message: viApi.econtracts.notPending });
      expect((await sendCode(owner, TOP, topPendingId)).statusCode).toBe(409);
    });

    it('binds codes to one contract, and refuses expired, reused and brute-forced codes (demo re-issue replays the flow)', async () => {
      const phone = DemoUsers.owner.phone;
      // Codes may be sent once a minute per address: tests move earlier sends back instead of waiting.
      const allowResend = () => t.database.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 120_000) });
      const firstCode = (await outboxCodes(owner, phone))[0];
      const firstOtp = (await t.database.db.select({ id: otpCodes.id }).from(otpCodes).where(eq(otpCodes.subject, `contract:${topPendingId}`)))[0].id;

      // Demo mode: the contract can be issued again, so the signing flow can be replayed.
      const reissued = await t.call(owner, { method: 'POST', url: `${listUrl(TOP)}/demo-reissue` });
      expect(reissued.statusCode, reissued.body).toBe(200);
      const newId = reissued.json().data.id as number;
      expect(newId).not.toBe(topPendingId);
      expect(reissued.json().data.contractNo).toBe('HD-MC_PHOVIET-0003');
      expect(reissued.json().data).toMatchObject({ status: 'PENDING', canSign: true });
      expect(await todoOf(TOP)).toContain('SIGN_CONTRACT');

      // The code that signed the first contract is bound to it: for the new one it does not exist.
      const other = await sign(owner, TOP, newId, { otpId: firstOtp, otpCode: firstCode });
      expect(other.json()).toMatchObject({ status: 1, message: viApi.econtracts.otp.NOT_FOUND });

      await allowResend();
      const expiring = (await sendCode(owner, TOP, newId)).json().data.otpId as string;
      const expiringCode = (await outboxCodes(owner, phone))[0];
      await t.database.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(otpCodes.id, expiring));
      const expired = await sign(owner, TOP, newId, { otpId: expiring, otpCode: expiringCode });
      expect(expired.json()).toMatchObject({ status: 1, message: viApi.econtracts.otp.EXPIRED });

      await allowResend();
      const guessed = (await sendCode(owner, TOP, newId)).json().data.otpId as string;
      const guessedCode = (await outboxCodes(owner, phone))[0];
      const wrong = guessedCode === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await sign(owner, TOP, newId, { otpId: guessed, otpCode: wrong })).statusCode);
      expect(answers).toEqual([400, 400, 400, 400, 429]);
      const locked = await sign(owner, TOP, newId, { otpId: guessed, otpCode: guessedCode });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ status: 29, message: viApi.econtracts.otp.TOO_MANY_TRIES });
      expect(await statusOf(newId)).toBe('PENDING');

      await allowResend();
      const good = (await sendCode(owner, TOP, newId)).json().data.otpId as string;
      const goodCode = (await outboxCodes(owner, phone))[0];
      expect((await sign(owner, TOP, newId, { otpId: good, otpCode: goodCode })).statusCode).toBe(200);
      // Even if the contract were pending again, a used code never signs twice.
      await t.database.db.update(econtracts).set({ status: 'PENDING', signedAt: null, contentHash: null, snapshot: null }).where(eq(econtracts.id, newId));
      const reused = await sign(owner, TOP, newId, { otpId: good, otpCode: goodCode });
      expect(reused.json()).toMatchObject({ status: 1, message: viApi.econtracts.otp.USED });
      expect(await statusOf(newId)).toBe('PENDING');
    });

    it('does not exist outside demo mode', async () => {
      const prod = await makeApp({ demoMode: false });
      try {
        const token = await prod.login(DemoUsers.owner.username);
        const res = await prod.call(token, { method: 'POST', url: `${listUrl(TOP)}/demo-reissue` });
        expect(res.statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    });
  });
});
