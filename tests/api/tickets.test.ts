/**
 * Support tickets (issue 15): the merchant's reconciliation-accounting API and the operator's /api/ops
 * queue. Every transition and who may make it, another merchant's ticket ids, attachments that lie about
 * their type, bad input changing nothing, and the wall between operators and merchant users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { memberships, membershipStores, notifications, ticketAttachments, ticketEvents, tickets, transactions, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { solidPng } from '../../server/db/seed-merchant-profile';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import viValidation from '../../src/i18n/vi/validation.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (merchantId: number) => `/api/ticket/v1/merchants/${merchantId}/accountants/tickets`;
const one = (merchantId: number, id: number, tail = '') => `${base(merchantId)}/${id}${tail}`;

function multipart(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----tk' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsxBytes(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Đối soát').addRow(['Mã giao dịch', 'Số tiền']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('support tickets', () => {
  let t: TestApp;
  let accountant: string;
  let owner: string;
  let otherOwner: string;
  let cashier: string;
  let ops: string;
  let smeTx: string[];
  let otherTx: string;

  const ticketCount = async () => (await t.database.db.select({ n: count() }).from(tickets))[0].n;
  const upload = (token: string, url: string, name: string, bytes: Buffer) => t.call(token, { method: 'POST', url, ...multipart(name, bytes) });
  const create = (token: string, body: Record<string, unknown>, merchantId: number = SME) => t.call(token, { method: 'POST', url: base(merchantId), payload: body });
  const opsMove = (id: number, status: string) => t.call(ops, { method: 'POST', url: `/api/ops/tickets/${id}/statuses`, payload: { status } });
  const merchantMove = (id: number, status: string) => t.call(accountant, { method: 'POST', url: one(SME, id, '/statuses'), payload: { status } });
  const newTicket = async (token = accountant, extra: Record<string, unknown> = {}) => {
    const res = await create(token, { subject: 'Giao dịch chưa về tài khoản', category: 'TRANSACTION', description: 'Khách đã trả nhưng chưa thấy tiền', ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; status: string; allowed: string[]; slaDueAt: string; createdAt: string };
  };

  beforeAll(async () => {
    t = await makeApp();
    [accountant, owner, otherOwner, cashier, ops] = await Promise.all(
      [DemoUsers.accountant, DemoUsers.owner, DemoUsers.otherOwner, DemoUsers.cashier, DemoUsers.ops].map((u) => t.login(u.username)),
    );
    const db = t.database.db;
    smeTx = (await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.merchantId, SME)).orderBy(asc(transactions.id)).limit(2)).map((r) => r.id);
    [{ id: otherTx }] = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.merchantId, OTHER)).limit(1);
  });
  afterAll(() => t?.close());

  it('signs the operator in as INTERNAL_USER; merchant users as M4B_USER', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: DemoUsers.ops.username, password: 'Demo@1234' } });
    expect(res.json().data.userType).toBe('INTERNAL_USER');
    const merchantUser = await t.app.inject({ method: 'POST', url: '/api/authentication/v1/login', payload: { username: DemoUsers.accountant.username, password: 'Demo@1234' } });
    expect(merchantUser.json().data.userType).toBe('M4B_USER');
  });

  it('refuses the operator every merchant API with a translated 403, and lets it reach its profile', async () => {
    for (const url of [base(SME), `/api/profile/v2/merchants?requestType=LOGIN_MERCHANTS`, `/api/profile/v2/merchants/${SME}`, `/api/authorization/v2/users/sidebars?merchantId=${SME}`]) {
      const vi = await t.call(ops, { method: 'GET', url });
      expect(vi.statusCode, url).toBe(403);
      expect(vi.json()).toMatchObject({ status: 3, message: viApi.messages.internalUserRefused });
    }
    const en = await t.call(ops, { method: 'GET', url: `${base(SME)}?lang=en` });
    expect(en.json().message).toBe(enApi.messages.internalUserRefused);
    const before = await ticketCount();
    const write = await create(ops, { subject: 'x', category: 'QUESTION', description: 'y' });
    expect(write.statusCode).toBe(403);
    expect(await ticketCount()).toBe(before);
    expect((await t.call(ops, { method: 'GET', url: '/api/profile/v1/me' })).json().data.userType).toBe('INTERNAL_USER');
  });

  it('refuses merchant users every operator API, whatever their roles', async () => {
    for (const token of [owner, accountant, cashier, otherOwner]) {
      for (const [method, url] of [
        ['GET', '/api/ops/tickets'],
        ['GET', '/api/ops/tickets/1'],
        ['POST', '/api/ops/tickets/1/statuses'],
        ['GET', '/api/ops/tickets/merchants'],
      ] as const) {
        const res = await t.call(token, { method, url, ...(method === 'POST' ? { payload: { status: 'RESOLVED' } } : {}) });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(viApi.messages.opsOnly);
      }
    }
    expect((await t.call(owner, { method: 'GET', url: '/api/ops/tickets?lang=en' })).json().message).toBe(enApi.messages.opsOnly);
    expect((await t.call(null, { method: 'GET', url: '/api/ops/tickets' })).statusCode).toBe(401);
  });

  it('opens a ticket with linked transactions and an attachment; SLA from the category; audited', async () => {
    const png = await upload(accountant, `${base(SME)}/attachments`, 'bien-lai.png', solidPng(20, 20, [200, 10, 10]));
    expect(png.statusCode, png.body).toBe(200);
    const res = await create(accountant, {
      subject: 'Hai giao dịch chưa đối soát',
      category: 'PAYOUT',
      description: 'Chưa nhận được tiền của hai giao dịch',
      transactionIds: smeTx,
      attachmentIds: [png.json().data.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data;
    expect(ticket).toMatchObject({ status: 'OPEN', category: 'PAYOUT', merchantId: SME, transactionIds: [...smeTx].sort(), allowed: ['CLOSED'] });
    expect(ticket.attachments).toHaveLength(1);
    expect(new Date(ticket.slaDueAt).getTime() - new Date(ticket.createdAt).getTime()).toBe(8 * 3_600_000);
    expect(ticket.events.map((e: { action: string }) => e.action)).toEqual(['CREATED']);
    // The file comes back with its safe name, for the merchant and for the operator.
    const file = await t.call(accountant, { method: 'GET', url: one(SME, ticket.id, `/attachments/${ticket.attachments[0].id}`) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await t.call(ops, { method: 'GET', url: `/api/ops/tickets/${ticket.id}/attachments/${ticket.attachments[0].id}` })).statusCode).toBe(200);
    // The same upload cannot be linked twice.
    const again = await create(accountant, { subject: 'Lặp', category: 'QUESTION', description: 'Lặp', attachmentIds: [png.json().data.id] });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(viApi.tickets.attachmentUnknown);
  });

  it('bad input changes nothing: another merchant’s transaction, empty subject, unknown category, rating out of range', async () => {
    const before = await ticketCount();
    const foreign = await create(accountant, { subject: 'Giao dịch lạ', category: 'TRANSACTION', description: 'x', transactionIds: [smeTx[0], otherTx] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain(otherTx);
    expect((await create(accountant, { subject: '   ', category: 'TRANSACTION', description: 'x' })).statusCode).toBe(400);
    expect((await create(accountant, { subject: 'a', category: 'REFUND', description: 'x' })).statusCode).toBe(400);
    expect((await create(accountant, { subject: 'a', category: 'QUESTION', description: 'x', transactionIds: ['abc'] })).json().data.errors[0].message).toContain(
      viValidation.validation.transactionId,
    );
    expect((await create(accountant, { subject: 'a', category: 'QUESTION', description: 'x', extra: 1 })).statusCode).toBe(400);
    expect(await ticketCount()).toBe(before);
    const ticket = await newTicket();
    const events = async () => (await t.database.db.select({ n: count() }).from(ticketEvents).where(eq(ticketEvents.ticketId, ticket.id)))[0].n;
    const eventsBefore = await events();
    for (const rating of [0, 6, 2.5]) {
      expect((await t.call(accountant, { method: 'POST', url: one(SME, ticket.id, '/closes'), payload: { rating } })).statusCode).toBe(400);
    }
    expect((await t.call(accountant, { method: 'POST', url: one(SME, ticket.id, '/comments'), payload: { body: '' } })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.status).toBe('OPEN');
    expect(await events()).toBe(eventsBefore);
  });

  it('refuses attachments that lie about their type, keeps those that do not', async () => {
    const url = `${base(SME)}/attachments`;
    const [{ n: before }] = await t.database.db.select({ n: count() }).from(ticketAttachments);
    const lies: Array<[string, Buffer, string]> = [
      ['hoa-don.pdf', solidPng(5, 5, [0, 0, 0]), 'fileContent'],
      ['doi-soat.csv', Buffer.from('<html><script>alert(1)</script></html>'), 'fileContent'],
      ['doi-soat.xlsx', Buffer.from('PK\u0003\u0004 not a workbook at all'), 'fileContent'],
      ['doi-soat.csv', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'fileContent'],
      ['script.exe', Buffer.from('MZ'), 'fileType'],
      ['trong.csv', Buffer.alloc(0), 'fileEmpty'],
    ];
    for (const [name, bytes, problem] of lies) {
      const res = await upload(accountant, url, name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe((viApi.tickets.files as Record<string, string>)[problem]);
    }
    const big = await upload(accountant, url, 'lon.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(viApi.tickets.files.fileTooLarge);
    const [{ n: after }] = await t.database.db.select({ n: count() }).from(ticketAttachments);
    expect(after).toBe(before);
    const csv = await upload(accountant, url, 'doi-soat.csv', Buffer.from('ma_giao_dich,so_tien\n1234567890123,150000\n'));
    expect(csv.json().data).toMatchObject({ contentType: 'text/csv' });
    const xlsx = await upload(accountant, url, 'doi-soat.xlsx', await xlsxBytes());
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json().data.contentType).toContain('spreadsheetml');
  });

  it('walks every transition, each allowed only to its side, each audited', async () => {
    const ticket = await newTicket();
    const id = ticket.id;
    // The merchant cannot work the ticket; the operator cannot skip steps or close.
    expect((await merchantMove(id, 'IN_PROGRESS')).statusCode).toBe(409);
    expect((await merchantMove(id, 'RESOLVED')).statusCode).toBe(409);
    expect((await merchantMove(id, 'CLOSED')).json().message).toBe(viApi.tickets.closeNeedsRating);
    expect((await opsMove(id, 'WAITING_MERCHANT')).statusCode).toBe(409);
    expect((await opsMove(id, 'CLOSED')).statusCode).toBe(409);
    expect((await opsMove(id, 'IN_PROGRESS')).json().data.status).toBe('IN_PROGRESS');
    expect((await opsMove(id, 'OPEN')).statusCode).toBe(409);
    const waiting = await opsMove(id, 'WAITING_MERCHANT');
    expect(waiting.json().data.status).toBe('WAITING_MERCHANT');
    // The operator asks; the merchant's answer hands it back.
    const opsPng = await upload(ops, '/api/ops/tickets/attachments', 'huong-dan.png', solidPng(8, 8, [1, 2, 3]));
    const asked = await t.call(ops, { method: 'POST', url: `/api/ops/tickets/${id}/comments`, payload: { body: 'Vui lòng gửi sao kê', attachmentIds: [opsPng.json().data.id] } });
    expect(asked.statusCode, asked.body).toBe(200);
    // The operator's reply and moves reach the accountant's bell, with a link to the ticket.
    const [creator] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, DemoUsers.accountant.username));
    const bell = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, creator.id), sql`${notifications.params}->>'ticketId' = ${String(id)}`));
    expect(bell.map((n) => n.kind).sort()).toEqual(['TICKET_REPLY', 'TICKET_STATUS', 'TICKET_STATUS']);
    expect(bell.every((n) => n.link === `/portal/app/reconciliation-accounting/${id}` && n.merchantId === SME)).toBe(true);
    const answered = await t.call(accountant, { method: 'POST', url: one(SME, id, '/comments'), payload: { body: 'Đã gửi sao kê' } });
    expect(answered.json().data.status).toBe('IN_PROGRESS');
    expect(answered.json().data.comments.map((c: { side: string; attachments: unknown[] }) => [c.side, c.attachments.length])).toEqual([
      ['OPERATOR', 1],
      ['MERCHANT', 0],
    ]);
    expect((await opsMove(id, 'RESOLVED')).json().data).toMatchObject({ status: 'RESOLVED', allowed: [] });
    const resolved = (await t.call(accountant, { method: 'GET', url: one(SME, id) })).json().data;
    expect(resolved).toMatchObject({ canReopen: true, allowed: ['OPEN', 'CLOSED'] });
    // Reopen, then close with a rating.
    expect((await t.call(accountant, { method: 'POST', url: one(SME, id, '/reopens') })).json().data.status).toBe('OPEN');
    const closed = await t.call(accountant, { method: 'POST', url: one(SME, id, '/closes'), payload: { rating: 4, comment: 'Hỗ trợ nhanh' } });
    expect(closed.json().data).toMatchObject({ status: 'CLOSED', rating: { rating: 4, comment: 'Hỗ trợ nhanh' } });
    expect((await t.call(accountant, { method: 'POST', url: one(SME, id, '/comments'), payload: { body: 'Thêm' } })).json().message).toBe(viApi.tickets.closedNoComment);
    expect((await opsMove(id, 'IN_PROGRESS')).statusCode).toBe(409);
    const actions = (await t.database.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id)).orderBy(asc(ticketEvents.id))).map((e) => [
      e.side,
      e.action,
      e.toStatus,
    ]);
    expect(actions).toEqual([
      ['MERCHANT', 'CREATED', 'OPEN'],
      ['OPERATOR', 'STATUS_CHANGED', 'IN_PROGRESS'],
      ['OPERATOR', 'STATUS_CHANGED', 'WAITING_MERCHANT'],
      ['OPERATOR', 'COMMENTED', null],
      ['MERCHANT', 'COMMENTED', null],
      ['MERCHANT', 'STATUS_CHANGED', 'IN_PROGRESS'],
      ['OPERATOR', 'STATUS_CHANGED', 'RESOLVED'],
      ['MERCHANT', 'REOPENED', 'OPEN'],
      ['MERCHANT', 'CLOSED', 'CLOSED'],
    ]);
    // Reopening is over 7 days after the close.
    await t.database.db.update(tickets).set({ closedAt: sql`now() - interval '8 days'` }).where(eq(tickets.id, id));
    const late = await t.call(accountant, { method: 'POST', url: one(SME, id, '/reopens') });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(viApi.tickets.reopenExpired);
  });

  it('refuses another merchant’s ticket ids (404) and members whose roles do not open tickets (403)', async () => {
    const ticket = await newTicket();
    for (const tail of ['', '/comments', '/closes', '/reopens']) {
      const method = tail ? 'POST' : 'GET';
      const payload = tail === '/comments' ? { body: 'x' } : tail === '/closes' ? { rating: 1 } : undefined;
      const res = await t.call(otherOwner, { method, url: one(OTHER, ticket.id, tail), ...(payload ? { payload } : {}) });
      expect(res.statusCode, tail).toBe(404);
      expect((await t.call(otherOwner, { method, url: one(SME, ticket.id, tail), ...(payload ? { payload } : {}) })).statusCode).toBe(403);
    }
    const list = (await t.call(otherOwner, { method: 'GET', url: base(OTHER) })).json().data;
    expect(list.content.every((r: { merchantId: number }) => r.merchantId === OTHER)).toBe(true);
    expect((await t.call(cashier, { method: 'GET', url: base(SME) })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row.status).toBe('OPEN');
  });

  it('store roles see only tickets about their stores’ transactions and their own', async () => {
    const db = t.database.db;
    const [storeOwner] = await db
      .select({ userId: memberships.userId, username: users.username })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.merchantId, SME), sql`${memberships.roles} = array['STORE_OWNER']::text[]`, eq(memberships.status, 'ACTIVE')))
      .limit(1);
    const mine = (await db.select({ storeId: membershipStores.storeId }).from(membershipStores).where(and(eq(membershipStores.userId, storeOwner.userId), eq(membershipStores.merchantId, SME)))).map((s) => s.storeId);
    const [inMine] = await db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.merchantId, SME), sql`${transactions.storeId} = any(${sql.raw(`array[${mine.join(',')}]`)})`)).limit(1);
    const [notMine] = await db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.merchantId, SME), sql`${transactions.storeId} <> all(${sql.raw(`array[${mine.join(',')}]`)})`)).limit(1);
    const token = await t.login(storeOwner.username);
    const aboutMine = await newTicket(accountant, { transactionIds: [inMine.id] });
    const aboutOther = await newTicket(accountant, { transactionIds: [notMine.id] });
    const own = await newTicket(token, { category: 'QUESTION', transactionIds: [] });
    const seen = (await t.call(token, { method: 'GET', url: `${base(SME)}?pageSize=100` })).json().data.content.map((r: { id: number }) => r.id);
    expect(seen).toContain(aboutMine.id);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(aboutOther.id);
    expect((await t.call(token, { method: 'GET', url: one(SME, aboutOther.id) })).statusCode).toBe(404);
    const before = await ticketCount();
    expect((await create(token, { subject: 'x', category: 'TRANSACTION', description: 'y', transactionIds: [notMine.id] })).statusCode).toBe(400);
    expect(await ticketCount()).toBe(before);
  });

  it('lists with filters and pages in SQL; the operator’s queue spans merchants, overdue first', async () => {
    const question = await newTicket(accountant, { category: 'QUESTION', subject: 'Câu hỏi về phí dịch vụ độc nhất' });
    const otherTicket = (await create(otherOwner, { subject: 'Kỳ thanh toán lệch', category: 'PERIOD', description: 'x', periodId: 12 }, OTHER)).json().data;
    expect(otherTicket).toMatchObject({ merchantId: OTHER, periodId: 12 });
    const search = (await t.call(accountant, { method: 'GET', url: `${base(SME)}?keyword=${encodeURIComponent('phí dịch vụ độc nhất')}` })).json().data;
    expect(search.content.map((r: { id: number }) => r.id)).toEqual([question.id]);
    const byCategory = (await t.call(accountant, { method: 'GET', url: `${base(SME)}?category=QUESTION&status=OPEN` })).json().data;
    expect(byCategory.content.every((r: { category: string; status: string }) => r.category === 'QUESTION' && r.status === 'OPEN')).toBe(true);
    const paged = (await t.call(accountant, { method: 'GET', url: `${base(SME)}?pageSize=10&pageNumber=0` })).json().data;
    expect(paged.content.length).toBeLessThanOrEqual(10);
    expect((await t.call(accountant, { method: 'GET', url: `${base(SME)}?from=2026-01-10` })).statusCode).toBe(400);
    const queue = (await t.call(ops, { method: 'GET', url: '/api/ops/tickets?pageSize=100' })).json().data;
    const merchantsSeen = new Set(queue.content.map((r: { merchantId: number }) => r.merchantId));
    expect(merchantsSeen.has(SME) && merchantsSeen.has(OTHER)).toBe(true);
    const onlyOther = (await t.call(ops, { method: 'GET', url: `/api/ops/tickets?merchantId=${OTHER}` })).json().data;
    expect(onlyOther.content.map((r: { id: number }) => r.id)).toContain(otherTicket.id);
    expect(onlyOther.content.every((r: { merchantId: number }) => r.merchantId === OTHER)).toBe(true);
    await t.database.db.update(tickets).set({ slaDueAt: sql`now() - interval '1 hour'` }).where(eq(tickets.id, question.id));
    const overdue = (await t.call(ops, { method: 'GET', url: '/api/ops/tickets?overdueFirst=true' })).json().data;
    expect(overdue.content[0]).toMatchObject({ id: question.id, overdue: true });
  });

  it('the operator cannot link a merchant’s upload, nor the merchant an operator’s', async () => {
    const ticket = await newTicket();
    const merchantFile = await upload(accountant, `${base(SME)}/attachments`, 'a.png', solidPng(4, 4, [9, 9, 9]));
    const res = await t.call(ops, { method: 'POST', url: `/api/ops/tickets/${ticket.id}/comments`, payload: { body: 'x', attachmentIds: [merchantFile.json().data.id] } });
    expect(res.statusCode).toBe(400);
    const opsFile = await upload(ops, '/api/ops/tickets/attachments', 'b.png', solidPng(4, 4, [9, 9, 9]));
    const back = await t.call(accountant, { method: 'POST', url: one(SME, ticket.id, '/comments'), payload: { body: 'x', attachmentIds: [opsFile.json().data.id] } });
    expect(back.statusCode).toBe(400);
    const [{ n }] = await t.database.db.select({ n: count() }).from(ticketEvents).where(and(eq(ticketEvents.ticketId, ticket.id), eq(ticketEvents.action, 'COMMENTED')));
    expect(n).toBe(0);
  });
});
