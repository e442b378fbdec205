/** Notifications: notify() recipients, the caller's list, read, preferences and the live stream (PGlite). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { notifications, sessions, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { notify } from '../../server/lib/notifications';
import { sendPendingCopies } from '../../server/lib/notifications/mailer';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const base = '/api/notification/v1/user';

describe('notifications', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let otherOwner: string;
  const idOf = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, otherOwner] = await Promise.all([t.login('owner_demo'), t.login('accountant_demo'), t.login('other_owner_demo')]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('goes to the merchant owners (§6) without userIds, and to the named members only with them', async () => {
    const ownerId = await idOf('owner_demo');
    const accountantId = await idOf('accountant_demo');
    const otherOwnerId = await idOf('other_owner_demo');
    const wide = await t.database.db.transaction((tx) =>
      notify(tx, { merchantId: SME, kind: 'PAYOUT_DONE', params: { amount: 1_500_000, reference: 'FT1' }, link: '/portal/app/merchant-info' }),
    );
    expect(wide.userIds).toContain(ownerId);
    expect(wide.userIds).not.toContain(accountantId);
    // Another merchant's owner is not a member of SME: dropped even when named.
    const personal = await notify(t.database.db, { merchantId: SME, kind: 'EXPORT_READY', params: { fileName: 'giao-dich.csv' }, userIds: [accountantId, otherOwnerId] });
    expect(personal.userIds).toEqual([accountantId]);
    await expect(notify(t.database.db, { merchantId: SME, kind: 'EXPORT_READY', link: 'https://evil.example/x', userIds: [accountantId] })).rejects.toThrow();
    // A rolled-back change notifies nobody.
    const before = (await t.database.db.select().from(notifications).where(eq(notifications.kind, 'KYB_STATE'))).length;
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, { merchantId: SME, kind: 'KYB_STATE', params: { status: 'done' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await t.database.db.select().from(notifications).where(eq(notifications.kind, 'KYB_STATE'))).length).toBe(before);
  });

  it('lists only the caller’s own, counts unread, refuses another merchant', async () => {
    const res = await t.call(accountant, { method: 'GET', url: `${base}/notifications?merchantId=${SME}` });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.content.map((n: { kind: string }) => n.kind)).toEqual(['EXPORT_READY']);
    expect(page.content[0].params).toEqual({ fileName: 'giao-dich.csv' });
    const summary = await t.call(owner, { method: 'GET', url: `${base}/notifications/summary?merchantId=${SME}` });
    expect(summary.json().data.unread).toBeGreaterThanOrEqual(1);
    const foreign = await t.call(otherOwner, { method: 'GET', url: `${base}/notifications?merchantId=${SME}` });
    expect(foreign.statusCode).toBe(403);
  });

  it('marks read only one’s own; read-all empties the count', async () => {
    const [mine] = (await t.call(accountant, { method: 'GET', url: `${base}/notifications?merchantId=${SME}` })).json().data.content;
    const stolen = await t.call(owner, { method: 'POST', url: `${base}/notifications/${mine.id}/read` });
    expect(stolen.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(row.readAt).toBeNull();
    expect((await t.call(accountant, { method: 'POST', url: `${base}/notifications/${mine.id}/read` })).statusCode).toBe(200);
    const unread = await t.call(accountant, { method: 'GET', url: `${base}/notifications?merchantId=${SME}&unread=true` });
    expect(unread.json().data.totalElements).toBe(0);
    expect((await t.call(owner, { method: 'POST', url: `${base}/notifications/read-all?merchantId=${SME}` })).statusCode).toBe(200);
    expect((await t.call(owner, { method: 'GET', url: `${base}/notifications/summary?merchantId=${SME}` })).json().data.unread).toBe(0);
    expect((await t.call(otherOwner, { method: 'POST', url: `${base}/notifications/read-all?merchantId=${SME}` })).statusCode).toBe(403);
  });

  it('keeps preferences per user and sends the chosen e-mail copy once', async () => {
    const put = await t.call(accountant, {
      method: 'PUT',
      url: `${base}/notification-preferences`,
      payload: { preferences: [{ kind: 'EXPORT_READY', email: true, sms: false }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.find((p: { kind: string }) => p.kind === 'EXPORT_READY')).toEqual({ kind: 'EXPORT_READY', email: true, sms: false });
    const ownerPrefs = (await t.call(owner, { method: 'GET', url: `${base}/notification-preferences` })).json().data;
    expect(ownerPrefs.find((p: { kind: string }) => p.kind === 'EXPORT_READY')).toEqual({ kind: 'EXPORT_READY', email: false, sms: false });
    const bad = await t.call(accountant, { method: 'PUT', url: `${base}/notification-preferences`, payload: { preferences: [{ kind: 'NOPE', email: true, sms: false }] } });
    expect(bad.statusCode).toBe(400);

    const accountantId = await idOf('accountant_demo');
    // Inside the transaction the copy is pending for the accountant (who chose e-mail), not for the owner.
    const id = await t.database.db.transaction(async (tx) => {
      const { ids } = await notify(tx, { merchantId: SME, kind: 'EXPORT_READY', params: { fileName: 'bao-cao.xlsx' }, userIds: [accountantId] });
      const [row] = await tx.select().from(notifications).where(eq(notifications.id, ids[0]));
      expect(row.pendingChannels).toEqual(['EMAIL']);
      return ids[0];
    });
    // After commit the app's sender claims it (woken by the NOTIFY) and clears it, so it is sent once.
    const deadline = Date.now() + 5000;
    let pending: string[] = ['EMAIL'];
    while (pending.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      [{ pendingChannels: pending }] = await t.database.db.select().from(notifications).where(eq(notifications.id, id));
    }
    expect(pending).toEqual([]);
    const sent: string[] = [];
    expect(await sendPendingCopies(t.database.db, { send: async (m) => void sent.push(m.text) })).toBe(0);
    expect(sent).toEqual([]);
  });

  it('streams a new notification live to the recipient (server-sent events, bearer header)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await fetch(`${address}${'/api/notification/v2/stream'}?merchantId=${SME}`);
    expect(refused.status).toBe(401);
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notification/v2/stream?merchantId=${SME}`, {
      headers: { authorization: `Bearer ${owner}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    await reader.read();
    await notify(t.database.db, { merchantId: SME, kind: 'PAYOUT_FAILED', params: { amount: 20_000, reason: 'ACCOUNT_LOCKED' }, link: '/portal/app/merchant-info' });
    const deadline = Date.now() + 5000;
    while (!text.includes('PAYOUT_FAILED') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain('event: notification');
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]);
    expect(data).toMatchObject({ kind: 'PAYOUT_FAILED', merchantId: SME, link: '/portal/app/merchant-info', readAt: null });
  });
  it('ends the stream once its session is signed out, and sends nothing more to it', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    const token = await t.login('owner_demo');
    const res = await fetch(`${address}/api/notification/v2/stream?merchantId=${SME}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    expect((await t.call(token, { method: 'POST', url: '/api/authentication/v1/logout' })).statusCode).toBe(200);
    await notify(t.database.db, { merchantId: SME, kind: 'KYB_STATE', params: { merchantName: 'SME', status: 'done' }, link: '/portal/app/merchant-info' });
    // The next beat (500 ms in tests) finds the session ended and closes the stream without sending the notification.
    let text = '';
    const deadline = Date.now() + 5000;
    for (;;) {
      const { value, done } = await Promise.race([reader.read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), deadline - Date.now()))]);
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).not.toContain('KYB_STATE');
  });
  it('the unread count polled in the background does not keep an idle session alive; a real call does', async () => {
    const token = await t.login('accountant_demo');
    const userId = await idOf('accountant_demo');
    const [session] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)).limit(1);
    const earlier = new Date(Date.now() - 10 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: earlier }).where(eq(sessions.id, session!.id));
    const lastSeen = async () => (await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, session!.id)))[0]!.at.getTime();
    expect((await t.call(token, { method: 'GET', url: `${base}/notifications/summary?merchantId=${SME}` })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(earlier.getTime());
    expect((await t.call(token, { method: 'GET', url: `${base}/notifications?merchantId=${SME}` })).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(earlier.getTime());
  });
});
