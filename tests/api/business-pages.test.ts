/**
 * Business pages: /official-account/v1 (pages, settings, images, submit), /businesspage/v2 (stores),
 * /businesspage/v3 (page roles) and the operator's /api/ops/page-reviews. Page roles on every endpoint,
 * another merchant's page ids, slug uniqueness (case, accents), §5 messages, lying uploads, bad input
 * writing nothing, review transitions; and the seeded customers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { businessPageFollows, businessPageMembers, businessPages, customers, memberships, stores, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { solidPng } from '../../server/db/seed-merchant-profile';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const pagesUrl = (m: number) => `/api/official-account/v1/merchants/${m}/pages`;
const pageUrl = (m: number, id: number) => `${pagesUrl(m)}/${id}`;
const storesUrl = (m: number, id: number) => `/api/businesspage/v2/merchants/${m}/pages/${id}/stores`;
const membersUrl = (m: number, id: number) => `/api/businesspage/v3/merchants/${m}/pages/${id}/members`;
const vi = viValidation.validation;
const en = enValidation.validation;
const PNG = solidPng(16, 16, [165, 0, 100]);

function multipart(fileName: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----bp' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const SETTINGS = {
  name: 'Trang thử',
  slug: 'trang_thu_api',
  description: 'Mô tả',
  category: 'RETAIL',
  hotline: '19001234',
  website: 'https://example.vn/cua-hang',
  facebook: 'https://www.facebook.com/trangthu',
  openingHours: { mon: { open: '08:00', close: '21:00' }, sun: null },
};

describe('business pages', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let otherOwner: string;
  let ops: string;
  let editor: string;
  let analyst: string;
  let page: number;
  let otherPage: number;
  let editorId: number;
  let analystId: number;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const pageRow = async (id: number) => (await t.database.db.select().from(businessPages).where(eq(businessPages.id, id)))[0]!;

  /** A MARKETING member of the SME (opens business pages), without page role. */
  async function staff(username: string) {
    const db = t.database.db;
    const [template] = await db.select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db.insert(users).values({ username, name: username, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db.insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['MARKETING'] });
    return { id: user!.id, token: await t.login(username) };
  }

  beforeAll(async () => {
    t = await makeApp();
    [owner, admin, otherOwner, ops] = await Promise.all(['owner_demo', 'admin_demo', 'other_owner_demo', 'ops_demo'].map((u) => t.login(u)));
    const created = await call(owner, 'POST', pagesUrl(SME), { name: 'Trang thử', slug: 'Trang_Thu_API' });
    expect(created.statusCode, created.body).toBe(200);
    page = created.json().data.id;
    expect(created.json().data).toMatchObject({ slug: 'trang_thu_api', status: 'DRAFT', followers: 0 });
    const [o] = await t.database.db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.merchantId, OTHER));
    otherPage = o!.id;
    const e = await staff('bp_editor_1');
    const a = await staff('bp_analyst_1');
    editorId = e.id;
    analystId = a.id;
    editor = e.token;
    analyst = a.token;
    for (const [userId, pageRole] of [
      [editorId, 'EDITOR'],
      [analystId, 'ANALYST'],
    ] as const) {
      const res = await call(owner, 'POST', membersUrl(SME, page), { userId, pageRole });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('seeds pages in every status and a few thousand customers, customer_demo alone with a password', async () => {
    const db = t.database.db;
    const statuses = await db.select({ status: businessPages.status }).from(businessPages);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['DRAFT', 'PENDING_REVIEW', 'ACTIVE', 'SUSPENDED']));
    const [{ n }] = await db.select({ n: count() }).from(customers);
    expect(n).toBeGreaterThanOrEqual(2000);
    const withPassword = await db.select({ username: customers.username }).from(customers).where(isNotNull(customers.passwordHash));
    expect(withPassword).toEqual([{ username: 'customer_demo' }]);
    const [{ f }] = await db.select({ f: count() }).from(businessPageFollows);
    expect(f).toBeGreaterThan(500);
  });

  it('lists the pages a caller may open, with the role; another merchant sees none of ours', async () => {
    const mine = (await call(owner, 'GET', pagesUrl(SME))).json().data;
    expect(mine.canCreate).toBe(true);
    expect(mine.pages.map((p: { id: number }) => p.id)).toContain(page);
    const asEditor = (await call(editor, 'GET', pagesUrl(SME))).json().data;
    expect(asEditor.canCreate).toBe(false);
    expect(asEditor.pages.map((p: { id: number; myRole: string }) => [p.id, p.myRole])).toEqual([[page, 'EDITOR']]);
    expect((await call(otherOwner, 'GET', pagesUrl(SME))).statusCode).toBe(403);
    // accountant_demo's roles do not open business pages at all.
    const accountant = await t.login('accountant_demo');
    expect((await call(accountant, 'GET', pagesUrl(SME))).statusCode).toBe(403);
  });

  it('refuses another merchant\'s page ids on every endpoint (404), and through its own merchant path too', async () => {
    for (const [method, url, body] of [
      ['GET', pageUrl(SME, otherPage)],
      ['PUT', pageUrl(SME, otherPage), SETTINGS],
      ['POST', `${pageUrl(SME, otherPage)}/submit`],
      ['GET', storesUrl(SME, otherPage)],
      ['GET', membersUrl(SME, otherPage)],
      ['POST', membersUrl(SME, otherPage), { userId: editorId, pageRole: 'EDITOR' }],
    ] as const) {
      const res = await call(owner, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(owner, 'GET', pageUrl(OTHER, otherPage))).statusCode).toBe(403);
  });

  it('enforces page roles: an editor cannot change permissions, an analyst cannot edit settings, only owners create pages', async () => {
    const before = await pageRow(page);
    expect((await call(editor, 'POST', membersUrl(SME, page), { userId: analystId, pageRole: 'PAGE_ADMIN' })).statusCode).toBe(403);
    expect((await call(editor, 'DELETE', `${membersUrl(SME, page)}/${analystId}`)).statusCode).toBe(403);
    expect((await call(analyst, 'PUT', pageUrl(SME, page), SETTINGS)).statusCode).toBe(403);
    expect((await call(analyst, 'POST', `${pageUrl(SME, page)}/submit`)).statusCode).toBe(403);
    expect((await call(editor, 'POST', storesUrl(SME, page), { storeId: 1 })).statusCode).toBe(403);
    const m = multipart('a.png', PNG);
    expect((await t.call(analyst, { method: 'POST', url: `${pageUrl(SME, page)}/images/avatar`, payload: m.payload, headers: m.headers })).statusCode).toBe(403);
    expect((await call(editor, 'POST', pagesUrl(SME), { name: 'X', slug: 'x_editor' })).statusCode).toBe(403);
    // Every role reads.
    expect((await call(analyst, 'GET', pageUrl(SME, page))).json().data.myRole).toBe('ANALYST');
    expect((await call(analyst, 'GET', membersUrl(SME, page))).statusCode).toBe(200);
    expect(await pageRow(page)).toEqual(before);
    const members = await t.database.db.select().from(businessPageMembers).where(eq(businessPageMembers.pageId, page));
    expect(members.map((r) => [r.userId, r.pageRole]).sort()).toEqual([[editorId, 'EDITOR'], [analystId, 'ANALYST']].sort());
  });

  it('page roles go only to staff who open business pages; administrators act as page admin', async () => {
    const [accountant] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'accountant_demo'));
    const res = await call(admin, 'POST', membersUrl(SME, page), { userId: accountant!.id, pageRole: 'EDITOR' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(vi.businessPage.notCandidate);
    const change = await call(admin, 'PUT', `${membersUrl(SME, page)}/${analystId}`, { pageRole: 'CHAT_AGENT' });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().data.find((m: { userId: number }) => m.userId === analystId).pageRole).toBe('CHAT_AGENT');
    await call(admin, 'PUT', `${membersUrl(SME, page)}/${analystId}`, { pageRole: 'ANALYST' });
  });

  it('slugs are unique whatever the case; accents and spaces break the §5 identifier rule', async () => {
    const taken = await call(owner, 'POST', pagesUrl(SME), { name: 'Khác', slug: 'CA_PHE_SONG_HAN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(vi.businessPage.slugTaken);
    const accented = await call(owner, 'POST', `${pagesUrl(SME)}?lang=en`, { name: 'Khác', slug: 'cà_phê' });
    expect(accented.statusCode).toBe(400);
    expect(accented.json().message).toBe(`Page address: ${en.identifier}`);
    const spaced = await call(owner, 'PUT', pageUrl(SME, page), { ...SETTINGS, slug: 'hai san' });
    expect(spaced.json().message).toBe(`Địa chỉ trang: ${vi.identifier}`);
    const rename = await call(owner, 'PUT', pageUrl(SME, page), { ...SETTINGS, slug: 'Hai_San_Ha_Long' });
    expect(rename.statusCode).toBe(409);
    expect((await pageRow(page)).slug).toBe('trang_thu_api');
  });

  it('§5 settings rules answer their exact messages and write nothing', async () => {
    const before = await pageRow(page);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ website: 'example.vn' }, vi.webUrl],
      [{ website: 'https://example.v' }, vi.webUrl],
      [{ facebook: 'https://example.vn/trang' }, vi.facebookUrl],
      [{ description: 'ệ'.repeat(667) }, vi.byteLength.replace('{{max}}', '2000')],
      [{ hotline: '12345' }, vi.businessPage.hotline],
      [{ openingHours: { mon: { open: '22:00', close: '08:00' } } }, vi.businessPage.hoursOrder],
      [{ openingHours: { mon: { open: '8h', close: '21:00' } } }, vi.businessPage.time],
    ];
    for (const [patch, message] of cases) {
      const res = await call(owner, 'PUT', pageUrl(SME, page), { ...SETTINGS, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      const [error] = res.json().data.errors as Array<{ field: string; message: string }>;
      expect(error!.message.endsWith(`: ${message}`), error!.message).toBe(true);
    }
    // 666 × 3 bytes = 1998: within the limit.
    expect((await call(owner, 'PUT', pageUrl(SME, page), { ...SETTINGS, description: 'ệ'.repeat(666) })).statusCode).toBe(200);
    expect((await pageRow(page)).description).toBe('ệ'.repeat(666));
    expect(before.description).toBe('');
  });

  it('uploads: type checked by content, unsafe SVG refused, size limit; a good avatar is served publicly', async () => {
    const up = (name: string, content: Buffer, kind = 'avatar') => {
      const m = multipart(name, content);
      return t.call(owner, { method: 'POST', url: `${pageUrl(SME, page)}/images/${kind}`, payload: m.payload, headers: m.headers });
    };
    const lying = await up('logo.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(lying.statusCode).toBe(400);
    expect(lying.json().message).toBe(vi.businessPage.imageContent);
    const pdf = await up('logo.pdf', Buffer.from('%PDF-1.4 x'));
    expect(pdf.json().message).toBe(vi.imageType);
    const svg = await up('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.json().message).toBe(vi.businessPage.svgUnsafe);
    const big = await up('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await pageRow(page)).avatarFile).toBeNull();
    const good = await up('logo.png', PNG);
    expect(good.statusCode, good.body).toBe(200);
    const url = good.json().data.avatarUrl as string;
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/official-account/v1/page-images/not-a-page-file.png' })).statusCode).toBe(404);
  });

  it('stores: attach sets isClaimedOa and officialAccountId, one page per store, detach clears; another merchant\'s store refused', async () => {
    const db = t.database.db;
    const list = (await call(owner, 'GET', storesUrl(SME, page))).json().data as Array<{ id: number; pageId: number | null }>;
    const free = list.find((s) => s.pageId === null)!;
    const claimed = list.find((s) => s.pageId !== null && s.pageId !== page)!;
    expect((await call(owner, 'POST', storesUrl(SME, page), { storeId: free.id })).statusCode).toBe(200);
    let [row] = await db.select().from(stores).where(eq(stores.id, free.id));
    expect([row!.isClaimedOa, row!.officialAccountId]).toEqual([true, String(page)]);
    const again = await call(owner, 'POST', storesUrl(SME, page), { storeId: claimed.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(vi.businessPage.storeTaken);
    const [foreign] = await db.select({ id: stores.id }).from(stores).where(eq(stores.merchantId, OTHER)).limit(1);
    const refused = await call(owner, 'POST', storesUrl(SME, page), { storeId: foreign!.id });
    expect(refused.json().message).toBe(vi.businessPage.unknownStore);
    expect((await db.select().from(stores).where(eq(stores.id, foreign!.id)))[0]!.isClaimedOa).toBe(false);
    expect((await call(owner, 'DELETE', `${storesUrl(SME, page)}/${free.id}`)).statusCode).toBe(200);
    [row] = await db.select().from(stores).where(eq(stores.id, free.id));
    expect([row!.isClaimedOa, row!.officialAccountId]).toEqual([false, null]);
    await call(owner, 'POST', storesUrl(SME, page), { storeId: free.id });
  });

  it('review: submit DRAFT → PENDING_REVIEW (frozen), reject with reason → DRAFT, resubmit, approve → ACTIVE, suspend', async () => {
    const submit = () => call(owner, 'POST', `${pageUrl(SME, page)}/submit`);
    expect((await call(owner, 'PUT', pageUrl(SME, page), SETTINGS)).statusCode).toBe(200);
    const s1 = await submit();
    expect(s1.statusCode, s1.body).toBe(200);
    expect(s1.json().data.status).toBe('PENDING_REVIEW');
    expect((await submit()).json().message).toBe(vi.businessPage.notDraft);
    expect((await call(owner, 'PUT', pageUrl(SME, page), { ...SETTINGS, name: 'Đổi' })).statusCode).toBe(409);
    // Merchant users never reach the operator API; the operator never reaches merchant APIs.
    expect((await call(owner, 'POST', `/api/ops/page-reviews/${page}/approve`)).statusCode).toBe(403);
    expect((await call(ops, 'GET', pagesUrl(SME))).statusCode).toBe(403);
    const queue = (await call(ops, 'GET', '/api/ops/page-reviews')).json().data as Array<{ id: number; status: string }>;
    expect(queue.map((p) => p.id)).toContain(page);
    expect(queue.every((p) => p.status === 'PENDING_REVIEW')).toBe(true);
    expect((await call(ops, 'POST', `/api/ops/page-reviews/${page}/reject`, { reason: '  ' })).statusCode).toBe(400);
    expect((await pageRow(page)).status).toBe('PENDING_REVIEW');
    const rejected = await call(ops, 'POST', `/api/ops/page-reviews/${page}/reject`, { reason: 'Ảnh đại diện mờ' });
    expect(rejected.json().data).toMatchObject({ status: 'DRAFT', rejectReason: 'Ảnh đại diện mờ' });
    expect((await call(owner, 'GET', pageUrl(SME, page))).json().data.rejectReason).toBe('Ảnh đại diện mờ');
    expect((await call(ops, 'POST', `/api/ops/page-reviews/${page}/approve`)).statusCode).toBe(409);
    expect((await submit()).statusCode).toBe(200);
    const approved = await call(ops, 'POST', `/api/ops/page-reviews/${page}/approve`);
    expect(approved.json().data).toMatchObject({ status: 'ACTIVE', rejectReason: null });
    expect((await call(ops, 'POST', `/api/ops/page-reviews/${page}/approve`)).statusCode).toBe(409);
    const suspended = await call(ops, 'POST', `/api/ops/page-reviews/${page}/suspend`, { reason: 'Vi phạm chính sách' });
    expect(suspended.json().data.status).toBe('SUSPENDED');
    expect((await call(ops, 'POST', '/api/ops/page-reviews/999999/approve')).statusCode).toBe(404);
  });

  it('an incomplete page cannot be submitted', async () => {
    const created = await call(owner, 'POST', pagesUrl(SME), { name: 'Trống', slug: 'trang_trong' });
    const id = created.json().data.id as number;
    const res = await call(owner, 'POST', `${pageUrl(SME, id)}/submit`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(vi.businessPage.incomplete);
    expect((await pageRow(id)).status).toBe('DRAFT');
    const [{ n }] = await t.database.db.select({ n: count() }).from(businessPages).where(and(eq(businessPages.merchantId, SME), eq(businessPages.slug, 'trang_trong')));
    expect(n).toBe(1);
  });
});
