/** Biometric (chip-ID/NFC) onboarding check: /authentication/v2/merchants/:merchantId/biometric. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { biometricSessions, biometricSkips, merchants } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import type { BiometricSession, BiometricState } from '../../src/domain/econtracts';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import { makeApp, type TestApp } from './helpers';

const NFC = DemoMerchants.nfc.id;
const SME = DemoMerchants.sme.id;
const base = (merchantId: number) => `/api/authentication/v2/merchants/${merchantId}/biometric`;

describe('biometric check', () => {
  let t: TestApp;
  let nfc: string;
  let owner: string;
  let admin: string;

  const todoOf = async (merchantId: number) =>
    (await t.database.db.select({ todo: merchants.todoActions }).from(merchants).where(eq(merchants.id, merchantId)))[0].todo;
  const setTodo = (merchantId: number, todo: string[]) => t.database.db.update(merchants).set({ todoActions: todo }).where(eq(merchants.id, merchantId));
  const skipCount = async (merchantId: number) =>
    (await t.database.db.select({ n: count() }).from(biometricSkips).where(eq(biometricSkips.merchantId, merchantId)))[0].n;
  const start = async (token: string, merchantId: number): Promise<BiometricSession> => {
    const res = await t.call(token, { method: 'POST', url: `${base(merchantId)}/sessions` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await makeApp();
    [nfc, owner, admin] = await Promise.all([t.login(DemoUsers.nfc.username), t.login(DemoUsers.owner.username), t.login(DemoUsers.admin.username)]);
  });
  afterAll(() => t.close());

  it('tells nfc_demo the check is pending and required, and that the demo path exists', async () => {
    const res = await t.call(nfc, { method: 'GET', url: base(NFC) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ pending: true, required: true, skipped: false, canVerify: true, demoCompletion: true } satisfies BiometricState);
  });

  it('refuses to skip the required check (409, in the caller’s language) and records nothing', async () => {
    const res = await t.call(nfc, { method: 'POST', url: `${base(NFC)}/skip` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 9, message: viApi.nfc.requiredNoSkip });
    expect((await t.call(nfc, { method: 'POST', url: `${base(NFC)}/skip?lang=en` })).json().message).toBe(enApi.nfc.requiredNoSkip);
    expect(await skipCount(NFC)).toBe(0);
    expect(await todoOf(NFC)).toEqual(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
  });

  it('keeps every merchant to itself: a non-member is refused, another user’s session is not found', async () => {
    expect((await t.call(owner, { method: 'GET', url: base(NFC) })).statusCode).toBe(403);
    expect((await t.call(owner, { method: 'POST', url: `${base(NFC)}/sessions` })).statusCode).toBe(403);
    const session = await start(nfc, NFC);
    // The owner of another merchant asks for nfc_demo's session through their own merchant.
    for (const url of [`${base(SME)}/sessions/${session.sessionId}`]) {
      const res = await t.call(owner, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    const complete = await t.call(owner, { method: 'POST', url: `${base(SME)}/sessions/${session.sessionId}/demo-complete` });
    expect(complete.statusCode).toBe(404);
    expect(await todoOf(NFC)).toEqual(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
    // A malformed id is a validation error, not a lookup.
    expect((await t.call(nfc, { method: 'GET', url: `${base(NFC)}/sessions/not-a-uuid` })).statusCode).toBe(400);
  });

  it('starts a session with a deep link and a QR code, stores only a hash of the code, and polls PENDING', async () => {
    const session = await start(nfc, NFC);
    expect(session.status).toBe('PENDING');
    expect(session.deepLink).toMatch(/^vixanh:\/\/merchant\/ekyc-nfc\?code=[A-Za-z0-9_-]{32}$/);
    expect(session.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(new Date(session.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const code = session.deepLink!.split('code=')[1];
    const [row] = await t.database.db.select().from(biometricSessions).where(eq(biometricSessions.id, session.sessionId));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(t.logs.join('\n')).not.toContain(code);

    const polled = await t.call(nfc, { method: 'GET', url: `${base(NFC)}/sessions/${session.sessionId}` });
    expect(polled.json().data).toEqual({ sessionId: session.sessionId, status: 'PENDING', expiresAt: session.expiresAt, demoCompletion: true });
  });

  it('lets only the newest session work and expires old ones', async () => {
    const first = await start(nfc, NFC);
    const second = await start(nfc, NFC);
    expect((await t.call(nfc, { method: 'GET', url: `${base(NFC)}/sessions/${first.sessionId}` })).json().data.status).toBe('EXPIRED');
    await t.database.db.update(biometricSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(biometricSessions.id, second.sessionId));
    expect((await t.call(nfc, { method: 'GET', url: `${base(NFC)}/sessions/${second.sessionId}` })).json().data.status).toBe('EXPIRED');
    const late = await t.call(nfc, { method: 'POST', url: `${base(NFC)}/sessions/${second.sessionId}/demo-complete` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(viApi.nfc.sessionClosed);
    expect(await todoOf(NFC)).toEqual(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
  });

  it('passes the required check by the demo path: VERIFIED, and the todo is gone', async () => {
    const session = await start(nfc, NFC);
    const res = await t.call(nfc, { method: 'POST', url: `${base(NFC)}/sessions/${session.sessionId}/demo-complete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('VERIFIED');
    expect(await todoOf(NFC)).toEqual([]);
    const [row] = await t.database.db.select().from(biometricSessions).where(eq(biometricSessions.id, session.sessionId));
    expect(row).toMatchObject({ status: 'VERIFIED', method: 'DEMO', required: true });
    expect((await t.call(nfc, { method: 'GET', url: base(NFC) })).json().data).toMatchObject({ pending: false, required: false });
    expect((await t.call(nfc, { method: 'POST', url: `${base(NFC)}/sessions` })).statusCode).toBe(409);
    // Completing twice changes nothing.
    expect((await t.call(nfc, { method: 'POST', url: `${base(NFC)}/sessions/${session.sessionId}/demo-complete` })).statusCode).toBe(409);

    // Demo reset puts the REQUIRED variant back, so the flow can be replayed.
    const reset = await t.call(nfc, { method: 'POST', url: `${base(NFC)}/demo-reset` });
    expect(reset.statusCode).toBe(200);
    expect(await todoOf(NFC)).toEqual(['BIOMETRIC_AUTHENTICATION_REQUIRED']);
  });

  it('lets the optional check be skipped, remembered for that user only; only the representative may run it', async () => {
    await setTodo(SME, ['BIOMETRIC_AUTHENTICATION']);
    try {
      expect((await t.call(owner, { method: 'GET', url: base(SME) })).json().data).toMatchObject({ pending: true, required: false, skipped: false, canVerify: true });
      const skipped = await t.call(owner, { method: 'POST', url: `${base(SME)}/skip` });
      expect(skipped.statusCode).toBe(200);
      expect(skipped.json().data).toMatchObject({ pending: true, required: false, skipped: true });
      expect((await t.call(owner, { method: 'POST', url: `${base(SME)}/skip` })).statusCode).toBe(200);
      expect(await skipCount(SME)).toBe(1);
      // Remembered on the server: a new sign-in (another device) still sees it.
      const again = await t.login(DemoUsers.owner.username);
      expect((await t.call(again, { method: 'GET', url: base(SME) })).json().data.skipped).toBe(true);
      // Another user of the merchant has not skipped it, and as an administrator cannot run it.
      expect((await t.call(admin, { method: 'GET', url: base(SME) })).json().data).toMatchObject({ skipped: false, canVerify: false });
      const refused = await t.call(admin, { method: 'POST', url: `${base(SME)}/sessions` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(viApi.nfc.notRepresentative);
      // The todo stays: skipping is not passing.
      expect(await todoOf(SME)).toEqual(['BIOMETRIC_AUTHENTICATION']);
      const rows = await t.database.db
        .select()
        .from(biometricSkips)
        .where(and(eq(biometricSkips.merchantId, SME)));
      expect(rows).toHaveLength(1);
    } finally {
      await setTodo(SME, []);
    }
  });

  it('has nothing to skip or start without a biometric todo', async () => {
    expect((await t.call(owner, { method: 'POST', url: `${base(SME)}/skip` })).json()).toMatchObject({ status: 9, message: viApi.nfc.notPending });
    expect((await t.call(owner, { method: 'POST', url: `${base(SME)}/sessions` })).statusCode).toBe(409);
  });

  it('has no demo completion outside demo mode', async () => {
    const prod = await makeApp({ demoMode: false });
    try {
      const token = await prod.login(DemoUsers.nfc.username);
      const session = (await prod.call(token, { method: 'POST', url: `${base(NFC)}/sessions` })).json().data as BiometricSession;
      expect(session.demoCompletion).toBe(false);
      const res = await prod.call(token, { method: 'POST', url: `${base(NFC)}/sessions/${session.sessionId}/demo-complete` });
      expect(res.statusCode).toBe(404);
      expect((await prod.call(token, { method: 'POST', url: `${base(NFC)}/demo-reset` })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
