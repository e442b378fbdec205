/**
 * Where notifications come from (issue 15): an invitation tells the invitee, a finished export job tells its
 * requester, an operator's ticket reply or status move tells the merchant's people on the ticket. Each in
 * the change's own transaction; nobody of another merchant and no operator is ever told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { notifications, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { exportJobsOf, exportLimits } from '../../server/lib/export-jobs';
import { presetRange, vietnamToday } from '@/domain/time';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const IP = '203.0.113.9';

describe('notification sources', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let otherOwner: string;
  let ops: string;
  const ids: Record<string, number> = {};
  const rowsOf = (userId: number, kind: string) =>
    t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))).orderBy(notifications.id);
  const countOf = async (where = sql`true`) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where))[0].n;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, otherOwner, ops] = await Promise.all(
      [DemoUsers.owner, DemoUsers.accountant, DemoUsers.otherOwner, DemoUsers.ops].map((u) => t.login(u.username)),
    );
    const found = await t.database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, [DemoUsers.owner.username, DemoUsers.accountant.username, DemoUsers.otherOwner.username, DemoUsers.ops.username]));
    for (const u of found) ids[u.username] = u.id;
  });
  afterAll(async () => {
    exportLimits.smallMaxRows = 5_000;
    await t.close();
  });

  it('an invitation tells the invitee only, in the invitation’s transaction; a refused one tells nobody', async () => {
    const [ownerRow] = await t.database.db.select().from(users).where(eq(users.id, ids[DemoUsers.owner.username]));
    const [invitee] = await t.database.db
      .insert(users)
      .values({ username: `invitee_${Date.now().toString(36)}`, name: 'Trần Khách Mời', phone: `09${String(Date.now()).slice(-8)}`, passwordHash: ownerRow.passwordHash })
      .returning();
    const before = await countOf();
    const res = await t.call(owner, {
      method: 'POST',
      url: `/api/authorization/v2/merchants/${SME}/users/invitations`,
      payload: { account: invitee.username, role: 'MERCHANT_ACCOUNTANT' },
      remoteAddress: IP,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countOf()).toBe(before + 1);
    const [told] = await rowsOf(invitee.id, 'INVITATION');
    expect(told).toMatchObject({
      merchantId: SME,
      kind: 'INVITATION',
      params: { inviter: DemoUsers.owner.name, merchantName: DemoMerchants.sme.name },
      link: '/portal/onboard/merchants-choose',
      readAt: null,
    });
    // Inviting again is refused (409) and writes nothing.
    const again = await t.call(owner, {
      method: 'POST',
      url: `/api/authorization/v2/merchants/${SME}/users/invitations`,
      payload: { account: invitee.username, role: 'MERCHANT_ACCOUNTANT' },
      remoteAddress: IP,
    });
    expect(again.statusCode).toBe(409);
    expect(await countOf()).toBe(before + 1);
    expect(await rowsOf(ids[DemoUsers.otherOwner.username], 'INVITATION')).toEqual([]);
    // Once a member, the invitee finds it in their bell, whichever merchant they look from.
    const token = await t.login(invitee.username);
    const [mine] = (await t.call(token, { method: 'GET', url: '/api/authorization/v2/users/invitations' })).json().data;
    expect((await t.call(token, { method: 'POST', url: `/api/authorization/v2/users/invitations/${mine.id}`, payload: { action: 'accept' }, remoteAddress: IP })).statusCode).toBe(200);
    const page = (await t.call(token, { method: 'GET', url: `/api/notification/v1/user/notifications?merchantId=${SME}` })).json().data;
    expect(page.content.map((n: { kind: string; params: unknown }) => [n.kind, n.params])).toEqual([
      ['INVITATION', { inviter: DemoUsers.owner.name, merchantName: DemoMerchants.sme.name }],
    ]);
  });

  it('a background export tells its requester when the file is ready; a file sent at once tells nobody', async () => {
    const month = presetRange('lastMonth', vietnamToday());
    const url = `/api/transaction/v3/merchants/${SME}/transaction-report/exports?from=${month.from}&to=${month.to}&format=csv&columns=id&columns=amount`;
    const before = await countOf(sql`${notifications.kind} = 'EXPORT_READY'`);
    exportLimits.smallMaxRows = 5_000;
    expect((await t.call(accountant, { method: 'POST', url })).statusCode).toBe(200);
    expect(await countOf(sql`${notifications.kind} = 'EXPORT_READY'`)).toBe(before);

    exportLimits.smallMaxRows = 10;
    const started = await t.call(accountant, { method: 'POST', url });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json().data as { id: string; fileName: string };
    await exportJobsOf(t.app).idle();
    expect(await countOf(sql`${notifications.kind} = 'EXPORT_READY'`)).toBe(before + 1);
    const [told] = (await rowsOf(ids[DemoUsers.accountant.username], 'EXPORT_READY')).slice(-1);
    expect(told).toMatchObject({
      merchantId: SME,
      params: { fileName: job.fileName, report: 'transaction-report' },
      link: '/portal/app/report-center',
    });
    expect(job.fileName).toMatch(/\.csv$/);
    // The owner (who receives the merchant-wide kinds) is not told of the accountant's own file.
    expect(await rowsOf(ids[DemoUsers.owner.username], 'EXPORT_READY')).toEqual([]);
  });

  it('an operator’s reply and status move tell the ticket’s merchant people; the merchant’s own changes tell nobody', async () => {
    const created = await t.call(accountant, {
      method: 'POST',
      url: `/api/ticket/v1/merchants/${SME}/accountants/tickets`,
      payload: { subject: 'Thiếu tiền kỳ 20/11', category: 'QUESTION', description: 'Vui lòng kiểm tra giúp' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const ticketId = created.json().data.id as number;
    const ofTicket = (userId: number) =>
      t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), sql`${notifications.params}->>'ticketId' = ${String(ticketId)}`));

    const reply = await t.call(ops, { method: 'POST', url: `/api/ops/tickets/${ticketId}/comments`, payload: { body: 'Chúng tôi đang kiểm tra' } });
    expect(reply.statusCode, reply.body).toBe(200);
    const toAccountant = await ofTicket(ids[DemoUsers.accountant.username]);
    expect(toAccountant.map((n) => [n.kind, n.link])).toContainEqual(['TICKET_REPLY', `/portal/app/reconciliation-accounting/${ticketId}`]);
    expect(toAccountant.find((n) => n.kind === 'TICKET_REPLY')!.params).toMatchObject({ ticketId, subject: 'Thiếu tiền kỳ 20/11' });

    const moved = await t.call(ops, { method: 'POST', url: `/api/ops/tickets/${ticketId}/statuses`, payload: { status: 'IN_PROGRESS' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await ofTicket(ids[DemoUsers.accountant.username])).filter((n) => n.kind === 'TICKET_STATUS').map((n) => n.params.status)).toContain('IN_PROGRESS');

    const told = await countOf();
    const answered = await t.call(accountant, { method: 'POST', url: `/api/ticket/v1/merchants/${SME}/accountants/tickets/${ticketId}/comments`, payload: { body: 'Đây là sao kê' } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await countOf()).toBe(told);
    // Another merchant's owner and the operator hear nothing of it.
    expect(await ofTicket(ids[DemoUsers.otherOwner.username])).toEqual([]);
    expect(await countOf(eq(notifications.userId, ids[DemoUsers.ops.username]))).toBe(0);
    const foreign = await t.call(otherOwner, { method: 'GET', url: `/api/notification/v1/user/notifications?merchantId=${DemoMerchants.other.id}` });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data.content.filter((n: { params: { ticketId?: number } }) => n.params.ticketId === ticketId)).toEqual([]);
  });
});
