/** Payment links: /payment-link/v1/merchants/:merchantId/payment-links (list, totals, create, detail, deactivate, QR). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { paymentLinks } from '../../server/db/schema';
import { CASHIER_STORE_CODE, DemoMerchants } from '../../server/db/seed-fixtures';
import { decodeVietQr } from '../../server/lib/vietqr';
import { PAYMENT_LINK_CODE, type PaymentLink } from '../../src/domain/paymentLinks';
import { presetRange, vietnamToday } from '../../src/domain/time';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (merchantId: number) => `/api/payment-link/v1/merchants/${merchantId}/payment-links`;
const range = () => {
  const r = presetRange('last30Days', vietnamToday());
  return `from=${r.from}&to=${r.to}`;
};
/** A Vietnam wall-clock minute `hours` from now, 'YYYY-MM-DDTHH:mm'. */
const vnLocal = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 7 * 3_600_000).toISOString().slice(0, 16);

const fixedLink = (overrides: Record<string, unknown> = {}) => ({
  title: 'Đặt cọc lớp học',
  description: 'Lớp kỹ năng mềm',
  amountType: 'FIXED',
  amount: 250_000,
  singleUse: true,
  reference: 'DC-9001',
  ...overrides,
});

describe('payment links', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  let accountant: string;
  let otherOwner: string;
  let cashierStoreId: number;

  const linkCount = async (merchantId: number) =>
    (await t.database.db.select({ n: count() }).from(paymentLinks).where(eq(paymentLinks.merchantId, merchantId)))[0].n;
  const create = (token: string, merchantId: number, body: unknown, lang = 'vi') =>
    t.call(token, { method: 'POST', url: `${base(merchantId)}?lang=${lang}`, payload: body as Record<string, unknown> });
  const list = (token: string, merchantId: number, query = '') => t.call(token, { method: 'GET', url: `${base(merchantId)}?${range()}${query}` });

  beforeAll(async () => {
    t = await makeApp();
    [owner, cashier, accountant, otherOwner] = await Promise.all([
      t.login('owner_demo'),
      t.login('cashier_demo'),
      t.login('accountant_demo'),
      t.login('other_owner_demo'),
    ]);
    const res = await t.database.db.execute(`select id from stores where store_id = '${CASHIER_STORE_CODE}'` as never);
    cashierStoreId = (res as unknown as { rows: Array<{ id: number }> }).rows[0].id;
  });
  afterAll(() => t.close());

  it('creates a fixed single-use link with a short unguessable code, its payer path and a VietQR carrying the amount', async () => {
    const res = await create(owner, SME, fixedLink());
    expect(res.statusCode).toBe(200);
    const link = res.json().data;
    expect(link).toMatchObject({ title: 'Đặt cọc lớp học', amountType: 'FIXED', amount: 250_000, singleUse: true, status: 'ACTIVE', reference: 'DC-9001' });
    expect(link.code).toMatch(PAYMENT_LINK_CODE);
    expect(link.payPath).toBe(`/portal/pay/${link.code}`);
    const qr = decodeVietQr(link.qrPayload);
    expect(qr.amount).toBe('250000');
    expect(qr.initiationMethod).toBe('12');
    expect(qr.additional['05']).toBe(link.code);
    // Two links never share a code.
    const second = (await create(owner, SME, fixedLink())).json().data;
    expect(second.code).not.toBe(link.code);
  });

  it('an open link keeps the payer’s range and its QR carries no amount', async () => {
    const res = await create(owner, SME, { title: 'Quyên góp', amountType: 'OPEN', minAmount: 10_000, maxAmount: 5_000_000, singleUse: false });
    expect(res.statusCode).toBe(200);
    const link = res.json().data;
    expect(link).toMatchObject({ amountType: 'OPEN', amount: null, minAmount: 10_000, maxAmount: 5_000_000, singleUse: false });
    const qr = decodeVietQr(link.qrPayload);
    expect(qr.amount).toBeUndefined();
    expect(qr.initiationMethod).toBe('11');
  });

  it('refuses bad input with field errors in the caller’s language and creates nothing', async () => {
    const before = await linkCount(SME);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [fixedLink({ title: '' }), 'title', 'Vui lòng nhập thông tin bắt buộc'],
      [fixedLink({ amount: undefined }), 'amount', 'Vui lòng nhập thông tin bắt buộc'],
      [fixedLink({ amount: 999 }), 'amount', 'Số tiền phải từ 1000 đ đến 100000000 đ'],
      [fixedLink({ amount: 1500.5 }), 'amount', 'Số tiền phải là số nguyên đồng'],
      [fixedLink({ amount: '250000' }), 'amount', 'Giá trị không hợp lệ'],
      [fixedLink({ minAmount: 1000 }), 'minAmount', 'Chỉ đặt số tiền tối thiểu, tối đa khi người trả tự nhập số tiền'],
      [{ title: 'x', amountType: 'OPEN', minAmount: 50_000, maxAmount: 10_000, singleUse: false }, 'maxAmount', 'Số tiền tối đa không được nhỏ hơn số tiền tối thiểu'],
      [fixedLink({ expiresAt: vnLocal(-1) }), 'expiresAt', 'Thời hạn phải sau thời điểm hiện tại (giờ Việt Nam)'],
      [fixedLink({ expiresAt: '2030-02-30T10:00' }), 'expiresAt', 'Giá trị không hợp lệ'],
      [fixedLink({ reference: '=HYPERLINK("x")' }), 'reference', 'Mã tham chiếu chỉ gồm chữ cái không dấu, chữ số và các ký tự . _ : / -'],
      [fixedLink({ code: 'chosen1234' }), 'code', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(owner, SME, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json().data.errors as Array<{ field: string; message: string }>;
      expect(errors.map((e) => e.field), JSON.stringify(body)).toContain(field);
      if (message) expect(errors.find((e) => e.field === field)?.message).toContain(message);
    }
    const en = await create(owner, SME, fixedLink({ amount: 999 }), 'en');
    expect(en.json().data.errors[0].message).toBe('Amount: The amount must be from 1000 đ to 100000000 đ');
    expect(await linkCount(SME)).toBe(before);
  });

  it('stores the expiry as a Vietnam wall-clock time', async () => {
    const res = await create(owner, SME, fixedLink({ expiresAt: '2099-12-31T23:30' }));
    expect(res.json().data.expiresAt).toBe('2099-12-31T16:30:00.000Z');
  });

  it('lists newest first with filters (status, store, amount range, keyword) and totals of the filtered set', async () => {
    const res = await list(owner, SME, '&pageSize=10');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.pageSize).toBe(10);
    expect(page.totalElements).toBeGreaterThan(10);
    const times = page.content.map((l: PaymentLink) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Every status of the seed is there.
    const totals = (await t.call(owner, { method: 'GET', url: `${base(SME)}/totals?${range()}` })).json().data;
    expect(totals.count).toBe(page.totalElements);
    expect(totals.byStatus.map((s: { status: string }) => s.status).sort()).toEqual(['ACTIVE', 'DEACTIVATED', 'EXPIRED', 'PAID']);
    expect(totals.collectedAmount).toBeGreaterThan(0);

    for (const status of ['PAID', 'EXPIRED', 'DEACTIVATED', 'ACTIVE']) {
      const rows = (await list(owner, SME, `&status=${status}&pageSize=100`)).json().data.content as PaymentLink[];
      expect(rows.length, status).toBeGreaterThan(0);
      expect(rows.every((l) => l.status === status), status).toBe(true);
    }
    const paid = (await t.call(owner, { method: 'GET', url: `${base(SME)}/totals?${range()}&status=PAID` })).json().data;
    expect(paid.byStatus).toEqual([{ status: 'PAID', count: paid.count }]);

    const byStore = (await list(owner, SME, `&storeId=${cashierStoreId}&pageSize=100`)).json().data.content as PaymentLink[];
    expect(byStore.length).toBeGreaterThan(0);
    expect(byStore.every((l) => l.storeId === cashierStoreId)).toBe(true);

    const ranged = (await list(owner, SME, '&minAmount=200000&maxAmount=300000&pageSize=100')).json().data.content as PaymentLink[];
    expect(ranged.length).toBeGreaterThan(0);
    for (const l of ranged) {
      if (l.amountType === 'FIXED') expect(l.amount! >= 200_000 && l.amount! <= 300_000).toBe(true);
      else expect(l.maxAmount >= 200_000 && l.minAmount <= 300_000).toBe(true);
    }

    const byRef = (await list(owner, SME, '&keyword=hp-0425')).json().data.content as PaymentLink[];
    expect(byRef.map((l) => l.reference)).toEqual(['HP-0425']);
    const code = byRef[0].code;
    expect((await list(owner, SME, `&keyword=${code}`)).json().data.content.map((l: PaymentLink) => l.code)).toEqual([code]);
    // LIKE wildcards are text, not patterns.
    expect((await list(owner, SME, '&keyword=%25')).json().data.totalElements).toBe(0);
  });

  it('refuses a bad filter: a reversed amount range, a range over 366 days, an unknown status or page size', async () => {
    for (const query of ['&minAmount=5000&maxAmount=1000', '&status=LOST', '&pageSize=15', '&minAmount=abc']) {
      expect((await list(owner, SME, query)).statusCode, query).toBe(400);
    }
    expect((await t.call(owner, { method: 'GET', url: `${base(SME)}?from=2024-01-01&to=2025-06-01` })).statusCode).toBe(400);
  });

  it('shows a link with its payments (transaction report rows) and deactivates it once (409 after)', async () => {
    const paid = (await list(owner, SME, '&keyword=HP-0425')).json().data.content[0] as PaymentLink;
    const payments = (await t.call(owner, { method: 'GET', url: `${base(SME)}/${paid.id}/payments` })).json().data;
    expect(payments.totalElements).toBe(1);
    const tx = payments.content[0];
    expect(tx.amount).toBe(1_200_000);
    const detail = await t.call(owner, { method: 'GET', url: `/api/transaction/v3/merchants/${SME}/transaction-report/${tx.transactionId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ amount: 1_200_000, status: 'SUCCESS', fee: tx.fee });

    // A paid link cannot be deactivated.
    expect((await t.call(owner, { method: 'POST', url: `${base(SME)}/${paid.id}/deactivate` })).statusCode).toBe(409);

    const link = (await create(owner, SME, fixedLink())).json().data;
    const off = await t.call(owner, { method: 'POST', url: `${base(SME)}/${link.id}/deactivate` });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('DEACTIVATED');
    const again = await t.call(owner, { method: 'POST', url: `${base(SME)}/${link.id}/deactivate?lang=en` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The link has been paid or deactivated already');
  });

  it('serves the QR as a PNG (attachment on download)', async () => {
    const link = (await create(owner, SME, fixedLink())).json().data;
    const png = await t.call(owner, { method: 'GET', url: `${base(SME)}/${link.id}/qr.png?download=true` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(png.headers['content-disposition']).toContain(`vietqr_${link.code}.png`);
  });

  it('another merchant’s ids answer 404, another merchant 403, and nothing changes', async () => {
    const mine = (await create(owner, SME, fixedLink())).json().data;
    for (const [method, url] of [
      ['GET', `${base(OTHER)}/${mine.id}`],
      ['GET', `${base(OTHER)}/${mine.id}/payments`],
      ['GET', `${base(OTHER)}/${mine.id}/qr.png`],
      ['POST', `${base(OTHER)}/${mine.id}/deactivate`],
    ] as const) {
      expect((await t.call(otherOwner, { method, url })).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['GET', `${base(SME)}/${mine.id}`],
      ['GET', `${base(SME)}?${range()}`],
      ['POST', `${base(SME)}/${mine.id}/deactivate`],
    ] as const) {
      expect((await t.call(otherOwner, { method, url })).statusCode, url).toBe(403);
    }
    expect((await create(otherOwner, SME, fixedLink())).statusCode).toBe(403);
    // A store of another merchant is not a store of this one.
    const otherStore = (await t.database.db.execute(`select id from stores where merchant_id = ${OTHER} limit 1` as never)) as unknown as {
      rows: Array<{ id: number }>;
    };
    expect((await create(owner, SME, fixedLink({ storeId: otherStore.rows[0].id }))).statusCode).toBe(400);
    const still = (await t.call(owner, { method: 'GET', url: `${base(SME)}/${mine.id}` })).json().data;
    expect(still.status).toBe('ACTIVE');
    // The other merchant's list holds only its own links.
    const theirs = (await list(otherOwner, OTHER, '&pageSize=100')).json().data.content as PaymentLink[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((l) => l.id === mine.id)).toBe(false);
  });

  it('a store cashier sees and makes only links of their store; roles without the route code get 403', async () => {
    const rows = (await list(cashier, SME, '&pageSize=100')).json().data.content as PaymentLink[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.storeId === cashierStoreId)).toBe(true);
    const ownerLink = (await create(owner, SME, fixedLink())).json().data;
    expect((await t.call(cashier, { method: 'GET', url: `${base(SME)}/${ownerLink.id}` })).statusCode).toBe(404);
    expect((await t.call(cashier, { method: 'POST', url: `${base(SME)}/${ownerLink.id}/deactivate` })).statusCode).toBe(404);

    const noStore = await create(cashier, SME, fixedLink());
    expect(noStore.statusCode).toBe(400);
    expect(noStore.json().message).toBe('Vui lòng chọn cửa hàng của liên kết');
    const storeRows = (await t.database.db.execute(`select id from stores where merchant_id = ${SME} and id <> ${cashierStoreId} limit 1` as never)) as unknown as {
      rows: Array<{ id: number }>;
    };
    expect((await create(cashier, SME, fixedLink({ storeId: storeRows.rows[0].id }))).statusCode).toBe(400);
    const made = await create(cashier, SME, fixedLink({ storeId: cashierStoreId }));
    expect(made.statusCode).toBe(200);
    expect(made.json().data.storeId).toBe(cashierStoreId);

    // The accountant has the area (list) too; a developer has no MERCHANT_PAYMENT_LINKS.
    expect((await list(accountant, SME)).statusCode).toBe(200);
    const dev = await t.database.db.execute(
      `select u.username from users u join memberships m on m.user_id = u.id where m.merchant_id = ${SME} and m.roles = array['DEVELOPER'] and m.status = 'ACTIVE' and m.invitation_status = 'ACCEPT' limit 1` as never,
    );
    const devToken = await t.login((dev as unknown as { rows: Array<{ username: string }> }).rows[0].username);
    expect((await list(devToken, SME)).statusCode).toBe(403);
    expect((await create(devToken, SME, fixedLink())).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV (BOM, formula-safe cells, words) and XLSX through the export jobs', async () => {
    await create(owner, SME, fixedLink({ title: '=cmd|"/c calc"!A1', reference: 'EXP-1' }));
    const url = `/api/report-job/v1/merchants/${SME}/payment-links/exports?${range()}&keyword=EXP-1`;
    const csv = await t.call(owner, { method: 'POST', url: `${url}&format=csv&columns=code&columns=title&columns=status&columns=amount` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('lien-ket-thanh-toan_');
    const text = csv.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Mã liên kết,Tiêu đề,Trạng thái,Số tiền');
    expect(lines).toHaveLength(2);
    // The title cannot run as a formula in a spreadsheet.
    expect(lines[1]).toContain(`'=cmd|`);
    expect(lines[1]).toContain('Đang hoạt động');
    expect(lines[1]).toMatch(/,250000$/);
    const xlsx = await t.call(owner, { method: 'POST', url: `${url}&format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // A store cashier's export holds only their store's links; another merchant's export is refused.
    const cashierCsv = await t.call(cashier, { method: 'POST', url: `/api/report-job/v1/merchants/${SME}/payment-links/exports?${range()}&format=csv&columns=storeName` });
    const stores = new Set(cashierCsv.rawPayload.toString('utf8').slice(1).trim().split(/\r?\n/).slice(1));
    expect(stores.size).toBe(1);
    expect((await t.call(otherOwner, { method: 'POST', url: `${url}&format=csv` })).statusCode).toBe(403);
    expect((await t.call(owner, { method: 'POST', url: `${url}&format=pdf` })).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.call(null, { method: 'GET', url: `${base(SME)}?${range()}` })).statusCode).toBe(401);
  });
});
