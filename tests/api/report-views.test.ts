/**
 * Saved views of the transaction report: /profile/v2/merchants/:merchantId/report-view-settings. A view
 * (name, filter, columns) belongs to one user of one merchant; a shared one is listed, read-only, for
 * the rest of the team. Names are unique per owner, case-insensitively.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionReportPaths, type SavedViewInput } from '@/domain/transactionReport';
import { addDays, vietnamToday } from '@/domain/time';
import { rows } from '../../server/db/client';
import { reportViews, users } from '../../server/db/schema';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import type { SavedView } from '../../src/dataProvider/api/report-views';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const TOP = DemoMerchants.topBrand.id;
const OTHER = DemoMerchants.other.id;
const REPORT = 'transaction-report';

const viewsUrl = (merchantId: number, query = '') =>
  `/api${TransactionReportPaths.views.replace(':merchantId', String(merchantId))}${query ? `?${query}` : ''}`;
const viewUrl = (merchantId: number, id: number | string, query = '') =>
  `/api${TransactionReportPaths.view.replace(':merchantId', String(merchantId)).replace(':id', String(id))}${query ? `?${query}` : ''}`;

/** "Label: message" as the API words a field error. */
const vi = (field: keyof typeof viApi.fields, key: keyof typeof viValidation.validation) => `${viApi.fields[field]}: ${viValidation.validation[key]}`;
const en = (field: keyof typeof enApi.fields, key: keyof typeof enValidation.validation) => `${enApi.fields[field]}: ${enValidation.validation[key]}`;

let seq = 0;
/** A fresh view name per call, so tests never collide with each other. */
const uniqueName = (prefix = 'Bộ lọc') => `${prefix} ${Date.now().toString(36).slice(-5)}${seq++}`;

describe('saved views of the transaction report', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let otherOwner: string;
  let ownerId: number;
  const today = vietnamToday();

  const validView = (overrides: Partial<SavedViewInput> = {}): SavedViewInput => ({
    name: uniqueName(),
    filter: { preset: 'last7Days', from: addDays(today, -6), to: today, status: ['FAILED'], paymentMethod: ['WALLET'] },
    columns: ['id', 'createdAt', 'status', 'amount'],
    ...overrides,
  });
  const create = (token: string, body: unknown, merchantId: number = SME, query = '') =>
    t.call(token, { method: 'POST', url: viewsUrl(merchantId, query), payload: body as Record<string, unknown> });
  const update = (token: string, id: number | string, body: unknown, merchantId: number = SME, query = '') =>
    t.call(token, { method: 'PUT', url: viewUrl(merchantId, id, query), payload: body as Record<string, unknown> });
  const remove = (token: string, id: number | string, merchantId: number = SME, query = '') =>
    t.call(token, { method: 'DELETE', url: viewUrl(merchantId, id, query) });
  const list = async (token: string, merchantId: number = SME): Promise<SavedView[]> => {
    const res = await t.call(token, { method: 'GET', url: viewsUrl(merchantId) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(0);
    return res.json().data;
  };
  const createOk = async (token: string, overrides: Partial<SavedViewInput> = {}, merchantId: number = SME): Promise<SavedView> => {
    const res = await create(token, validView(overrides), merchantId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const viewCount = async () => (await t.database.db.select({ n: count() }).from(reportViews))[0].n;
  const rowOf = async (id: number) => (await t.database.db.select().from(reportViews).where(eq(reportViews.id, id)))[0];
  const userIdOf = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, otherOwner] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.cashier.username),
      t.login('other_owner_demo'),
    ]);
    ownerId = await userIdOf(DemoUsers.owner.username);
  });
  afterAll(() => t.close());

  it('creates, lists, updates and deletes one’s own view', async () => {
    const before = await viewCount();
    const name = uniqueName('Thất bại ví');
    const res = await create(owner, validView({ name: `  ${name}  ` }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 0, message: viApi.messages.success });
    const created = res.json().data as SavedView;
    // Trimmed name; the filter comes back whole, with the defaults of what was not sent.
    expect(created).toEqual({
      id: expect.any(Number),
      name,
      filter: { preset: 'last7Days', from: addDays(today, -6), to: today, storeId: [], status: ['FAILED'], paymentMethod: ['WALLET'], q: '' },
      columns: ['id', 'createdAt', 'status', 'amount'],
      shared: false,
      mine: true,
      ownerName: DemoUsers.owner.name,
      updatedAt: expect.any(String),
    });
    expect(await viewCount()).toBe(before + 1);
    expect(await rowOf(created.id)).toMatchObject({ merchantId: SME, ownerId, report: REPORT, name, shared: false, columns: created.columns });

    expect((await list(owner)).find((v) => v.id === created.id)).toEqual(created);

    const changed = validView({
      name: uniqueName('Hoàn tiền'),
      filter: { preset: 'custom', from: addDays(today, -30), to: addDays(today, -1), status: ['REFUNDED', 'PARTIALLY_REFUNDED'], q: '0901' },
      columns: ['id', 'refundedAmount'],
      shared: true,
    });
    const put = await update(owner, created.id, changed);
    expect(put.statusCode, put.body).toBe(200);
    const updated = put.json().data as SavedView;
    expect(updated).toMatchObject({
      id: created.id,
      name: changed.name,
      filter: { ...changed.filter, storeId: [], paymentMethod: [] },
      columns: ['id', 'refundedAmount'],
      shared: true,
      mine: true,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect(await rowOf(created.id)).toMatchObject({ name: changed.name, shared: true, columns: ['id', 'refundedAmount'], filter: updated.filter });
    expect(await viewCount()).toBe(before + 1);
    expect((await list(owner)).find((v) => v.id === created.id)).toEqual(updated);

    const del = await remove(owner, created.id);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().status).toBe(0);
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await viewCount()).toBe(before);
    expect((await list(owner)).map((v) => v.id)).not.toContain(created.id);
    // Gone means gone: a second delete or an update finds nothing.
    expect((await remove(owner, created.id)).statusCode).toBe(404);
    expect((await update(owner, created.id, changed)).statusCode).toBe(404);
    expect(await viewCount()).toBe(before);
  });

  it('lists the caller’s views sorted by name regardless of case', async () => {
    const stamp = Date.now().toString(36);
    for (const name of [`b ${stamp}`, `C ${stamp}`, `A ${stamp}`]) await createOk(cashier, { name });
    const names = (await list(cashier)).map((v) => v.name).filter((n) => n.endsWith(stamp));
    expect(names).toEqual([`A ${stamp}`, `b ${stamp}`, `C ${stamp}`]);
  });

  it('a shared view is listed read-only for the rest of the team; a private one is not listed', async () => {
    const shared = await createOk(owner, { name: uniqueName('Chung'), shared: true });
    const mine = await createOk(owner, { name: uniqueName('Riêng') });
    const sharedRow = await rowOf(shared.id);
    const privateRow = await rowOf(mine.id);

    for (const token of [accountant, cashier]) {
      const seen = await list(token);
      expect(seen.find((v) => v.id === shared.id)).toEqual({ ...shared, mine: false, ownerName: DemoUsers.owner.name });
      expect(seen.map((v) => v.id)).not.toContain(mine.id);
    }
    // The owner sees both, as theirs.
    const own = await list(owner);
    expect(own.find((v) => v.id === shared.id)?.mine).toBe(true);
    expect(own.find((v) => v.id === mine.id)?.mine).toBe(true);

    // Not theirs: an update or a delete by a teammate finds nothing (shared or private alike), and nothing changes.
    const before = await viewCount();
    for (const id of [shared.id, mine.id]) {
      const put = await update(accountant, id, validView({ name: 'Đã sửa', shared: true }));
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ status: 4, message: viApi.messages.notFound });
      const del = await remove(accountant, id);
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ status: 4, message: viApi.messages.notFound });
    }
    const enDel = await remove(cashier, shared.id, SME, 'lang=en');
    expect(enDel.statusCode).toBe(404);
    expect(enDel.json()).toEqual({ status: 4, message: enApi.messages.notFound });
    expect(await viewCount()).toBe(before);
    expect(await rowOf(shared.id)).toEqual(sharedRow);
    expect(await rowOf(mine.id)).toEqual(privateRow);

    // Unsharing takes it out of the teammates' lists.
    expect((await update(owner, shared.id, validView({ name: shared.name, shared: false }))).statusCode).toBe(200);
    expect((await list(accountant)).map((v) => v.id)).not.toContain(shared.id);
  });

  it('refuses a name the owner already uses, whatever its case, and writes nothing', async () => {
    const first = await createOk(owner, { name: uniqueName('Doanh thu tháng đầu') });
    const second = await createOk(owner, { name: uniqueName('Ví điện tử') });
    const before = await viewCount();

    for (const name of [first.name, first.name.toUpperCase(), `  ${first.name.toLowerCase()} `]) {
      const res = await create(owner, validView({ name }));
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({ status: 9, message: viApi.transactionReport.errors.viewNameTaken });
    }
    const enRes = await create(owner, validView({ name: first.name.toUpperCase() }), SME, 'lang=en');
    expect(enRes.statusCode).toBe(409);
    expect(enRes.json()).toEqual({ status: 9, message: enApi.transactionReport.errors.viewNameTaken });
    expect(await viewCount()).toBe(before);

    // Renaming another view onto it is refused too, and that view stays as it was.
    const secondRow = await rowOf(second.id);
    const rename = await update(owner, second.id, validView({ name: first.name.toUpperCase() }));
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({ status: 9, message: viApi.transactionReport.errors.viewNameTaken });
    expect(await rowOf(second.id)).toEqual(secondRow);

    // A view may change the case of its own name; a teammate may use the same name.
    const recased = await update(owner, first.id, validView({ name: first.name.toUpperCase() }));
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json().data.name).toBe(first.name.toUpperCase());
    const teammate = await create(accountant, validView({ name: first.name }));
    expect(teammate.statusCode, teammate.body).toBe(200);
    expect(await viewCount()).toBe(before + 1);
  });

  it('refuses bad input with the field and its message, and writes nothing', async () => {
    const good = validView();
    const filter = good.filter;
    const cases: Array<[unknown, string, string]> = [
      [{ ...good, name: '' }, 'name', vi('name', 'required')],
      [{ ...good, name: '    ' }, 'name', vi('name', 'required')],
      [{ ...good, name: undefined }, 'name', vi('name', 'required')],
      [{ ...good, name: 'x'.repeat(61) }, 'name', vi('name', 'invalid')],
      [{ ...good, columns: ['id', 'secret'] }, 'columns.1', vi('columns', 'invalid')],
      [{ ...good, columns: [] }, 'columns', vi('columns', 'invalid')],
      [{ ...good, columns: undefined }, 'columns', vi('columns', 'required')],
      [{ ...good, filter: undefined }, 'filter', vi('filter', 'required')],
      [{ ...good, filter: { ...filter, from: '2025-02-30' } }, 'filter.from', vi('from', 'invalid')],
      [{ ...good, filter: { ...filter, from: undefined } }, 'filter.from', vi('from', 'required')],
      [{ ...good, filter: { ...filter, preset: 'custom', from: today, to: addDays(today, -1) } }, 'filter.to', vi('to', 'dateRange')],
      [{ ...good, filter: { ...filter, preset: 'custom', from: addDays(today, -400), to: today } }, 'filter.to', vi('to', 'dateRange')],
      [{ ...good, filter: { ...filter, status: ['DONE'] } }, 'filter.status.0', vi('status', 'invalid')],
      [{ ...good, filter: { ...filter, storeId: [0] } }, 'filter.storeId.0', vi('storeId', 'invalid')],
      [{ ...good, filter: { ...filter, q: '09ab' } }, 'filter.q', vi('q', 'invalid')],
      [{ ...good, filter: { ...filter, preset: 'forever' } }, 'filter.preset', `${viApi.fields.preset}: ${viValidation.validation.invalid}`],
      [{ ...good, filter: { ...filter, merchantId: OTHER } }, 'filter.merchantId', `${viApi.fields.merchantId}: ${viApi.rules.unknownField}`],
      [{ ...good, ownerId: 1 }, 'ownerId', `ownerId: ${viApi.rules.unknownField}`],
      [{ ...good, shared: 'yes' }, 'shared', vi('shared', 'invalid')],
    ];
    const target = await createOk(owner);
    const targetRow = await rowOf(target.id);
    const before = await viewCount();
    for (const [body, field, message] of cases) {
      for (const res of [await create(owner, body), await update(owner, target.id, body)]) {
        const label = `${res.raw.req.method} ${JSON.stringify(body)}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json().status, label).toBe(2);
        expect(res.json().message, label).toBe(message);
        expect(res.json().data.errors, label).toEqual([{ field, message }]);
      }
    }
    const enRes = await create(owner, { ...good, name: ' ', filter: { ...filter, preset: 'custom', from: today, to: addDays(today, -1) } }, SME, 'lang=en');
    expect(enRes.statusCode).toBe(400);
    expect(enRes.json()).toEqual({
      status: 2,
      message: en('name', 'required'),
      data: {
        errors: [
          { field: 'name', message: en('name', 'required') },
          { field: 'filter.to', message: en('to', 'dateRange') },
        ],
      },
    });
    // Only the transaction report has views.
    const otherReport = await t.call(owner, { method: 'POST', url: viewsUrl(SME, 'report=payout-report'), payload: good as Record<string, unknown> });
    expect(otherReport.statusCode).toBe(400);
    expect(otherReport.json().data.errors.map((e: { field: string }) => e.field)).toEqual(['report']);
    // Ids that cannot name a view.
    for (const id of ['abc', '0', '2147483648']) {
      expect((await update(owner, id, good)).statusCode, id).toBe(400);
      expect((await remove(owner, id)).statusCode, id).toBe(400);
    }
    expect(await viewCount()).toBe(before);
    expect(await rowOf(target.id)).toEqual(targetRow);
  });

  it('another merchant’s user is refused, and another merchant’s views cannot be reached', async () => {
    const ours = await createOk(owner, { name: uniqueName('Sông Hàn'), shared: true });
    const theirs = await createOk(otherOwner, { name: uniqueName('Khác'), shared: true }, OTHER);
    const oursRow = await rowOf(ours.id);
    const theirsRow = await rowOf(theirs.id);
    const before = await viewCount();

    // A user of another merchant: no access to the merchant at all.
    for (const res of [
      await t.call(otherOwner, { method: 'GET', url: viewsUrl(SME) }),
      await create(otherOwner, validView(), SME),
      await update(otherOwner, ours.id, validView(), SME),
      await remove(otherOwner, ours.id, SME),
    ]) {
      expect(res.statusCode, res.raw.req.method).toBe(403);
      expect(res.json()).toEqual({ status: 3, message: viApi.messages.forbidden });
    }
    const enRes = await t.call(otherOwner, { method: 'GET', url: viewsUrl(SME, 'lang=en') });
    expect(enRes.statusCode).toBe(403);
    expect(enRes.json()).toEqual({ status: 3, message: enApi.messages.forbidden });
    // Through its own merchant, another merchant's view id is not found.
    expect((await update(otherOwner, ours.id, validView(), OTHER)).statusCode).toBe(404);
    expect((await remove(otherOwner, ours.id, OTHER)).statusCode).toBe(404);
    expect((await update(owner, theirs.id, validView(), SME)).statusCode).toBe(404);
    expect((await remove(owner, theirs.id, SME)).statusCode).toBe(404);
    // Lists never cross merchants, even shared views and even for a user of both merchants.
    expect((await list(otherOwner, OTHER)).map((v) => v.id)).not.toContain(ours.id);
    expect((await list(owner)).map((v) => v.id)).not.toContain(theirs.id);
    const ownerTop = await list(owner, TOP);
    expect(ownerTop.map((v) => v.id)).not.toContain(ours.id);
    // The owner's own SME view cannot be changed through their other merchant either.
    expect((await update(owner, ours.id, validView(), TOP)).statusCode).toBe(404);
    expect((await remove(owner, ours.id, TOP)).statusCode).toBe(404);

    expect(await viewCount()).toBe(before);
    expect(await rowOf(ours.id)).toEqual(oursRow);
    expect(await rowOf(theirs.id)).toEqual(theirsRow);
  });

  it('roles without the transaction report have no views', async () => {
    const [legal] = await rows<{ username: string }>(
      t.database.db,
      sql`select u.username from users u join memberships m on m.user_id = u.id where m.merchant_id = ${SME}
        and m.roles = '{LEGAL}' and m.status = 'ACTIVE' and m.invitation_status = 'ACCEPT' limit 1`,
    );
    expect(legal).toBeDefined();
    const token = await t.login(legal!.username);
    const before = await viewCount();
    for (const res of [
      await t.call(token, { method: 'GET', url: viewsUrl(SME, 'lang=en') }),
      await create(token, validView(), SME, 'lang=en'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 3, message: enApi.messages.forbidden });
    }
    expect(await viewCount()).toBe(before);
    const legalId = await userIdOf(legal!.username);
    expect((await t.database.db.select({ n: count() }).from(reportViews).where(eq(reportViews.ownerId, legalId)))[0].n).toBe(0);
  });

  it('a view shared by someone who is no longer an active member disappears from the others’ lists', async () => {
    const name = uniqueName('Kế toán');
    const view = await createOk(accountant, { name, shared: true });
    expect((await list(cashier)).map((v) => v.name)).toContain(name);
    const accountantId = await userIdOf(DemoUsers.accountant.username);
    const membership = sql`update memberships set status = ${'INACTIVE'} where user_id = ${accountantId} and merchant_id = ${SME}`;
    await t.database.db.execute(membership);
    try {
      expect((await list(cashier)).map((v) => v.name)).not.toContain(name);
      expect((await list(owner)).map((v) => v.name)).not.toContain(name);
      // Kept, not deleted: back in the team, the view is shared again.
      expect(await rowOf(view.id)).toBeDefined();
    } finally {
      await t.database.db.execute(sql`update memberships set status = ${'ACTIVE'} where user_id = ${accountantId} and merchant_id = ${SME}`);
    }
    expect((await list(cashier)).map((v) => v.name)).toContain(name);
  });
});
