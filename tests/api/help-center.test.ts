/**
 * Help centre API: categories, search with and without accents in vi and en, category filter and
 * paging, detail with related articles, 404, bad input 400 with the field named, 401 without a
 * session, operators refused. On PostgreSQL (TEST_DATABASE_URL): the seed upserts in place and the
 * same accent-free search answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, max, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ownDatabase, describeOnPostgres } from './processes';
import type { HelpArticle, HelpArticleSummary, HelpCategorySummary } from '../../src/domain/helpCenter';
import type { Page } from '../../src/domain/api';
import { openDatabase, type Database } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/maintenance';
import type { Config } from '../../server/config';
import { helpArticles } from '../../server/db/schema';
import { HELP_ARTICLES, upsertHelpArticles } from '../../server/db/seed-help-center';
import { helpArticlesRepository, searchTermsOf } from '../../server/routes/help-center/repository';
import { makeApp, type TestApp } from './helpers';

const BASE = '/api/ticket/v1/help-center';

describe('help centre', () => {
  let t: TestApp;
  let cashier: string;
  let accountant: string;

  const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url });
  const search = async (token: string, query: string) => {
    const res = await get(token, `${BASE}/articles?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page<HelpArticleSummary>;
  };

  beforeAll(async () => {
    t = await makeApp();
    [cashier, accountant] = await Promise.all([t.login('cashier_demo'), t.login('accountant_demo')]);
  });
  afterAll(() => t.close());

  it('lists the categories in order with their article counts', async () => {
    const res = await get(cashier, `${BASE}/categories`);
    expect(res.statusCode).toBe(200);
    const categories = res.json().data as HelpCategorySummary[];
    expect(categories.map((c) => c.code)).toEqual(['ACCOUNT', 'MERCHANT', 'PAYMENTS', 'REPORTS', 'RECONCILIATION', 'BUSINESS_PAGES']);
    expect(categories.reduce((sum, c) => sum + c.articleCount, 0)).toBe(HELP_ARTICLES.length);
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(20);
  });

  it('finds "Đối soát" articles when searched without accents, the same ones as with accents (vi)', async () => {
    const plain = await search(cashier, `q=${encodeURIComponent('doi soat')}&lang=vi`);
    const accented = await search(cashier, `q=${encodeURIComponent('ĐỐI SOÁT')}&lang=vi`);
    expect(plain.totalElements).toBeGreaterThanOrEqual(3);
    expect(plain.content.map((a) => a.id)).toEqual(accented.content.map((a) => a.id));
    expect(plain.content.map((a) => a.title)).toContain('Đối soát kế toán: gửi yêu cầu hỗ trợ và thời hạn xử lý');
    // Every hit holds both words somewhere in its Vietnamese or English text.
    const tickets = plain.content.find((a) => a.title.startsWith('Đối soát kế toán'))!;
    expect(tickets.category).toBe('RECONCILIATION');
  });

  it('answers in English for lang=en, with English words and Vietnamese words without accents', async () => {
    const period = await search(accountant, 'q=period%20dispute&lang=en');
    expect(period.content[0].title).toBe('Confirming or disputing a settlement period');
    const viWords = await search(accountant, `q=${encodeURIComponent('khieu nai')}&lang=en`);
    expect(viWords.content.map((a) => a.title)).toContain('Confirming or disputing a settlement period');
    const withAccents = await search(accountant, `q=${encodeURIComponent('khiếu nại')}&lang=en`);
    expect(withAccents.content.map((a) => a.id)).toEqual(viWords.content.map((a) => a.id));
  });

  it('matches word prefixes, needs every word, and finds nothing for nonsense or punctuation', async () => {
    expect((await search(cashier, 'q=webho')).content.map((a) => a.title)).toEqual(['Tích hợp thanh toán: khoá API và webhook']);
    expect((await search(cashier, `q=${encodeURIComponent('webhook hợp đồng')}`)).totalElements).toBe(0);
    expect((await search(cashier, 'q=zzqxw')).totalElements).toBe(0);
    expect((await search(cashier, `q=${encodeURIComponent("' & | !")}`)).totalElements).toBe(0);
  });

  it('filters by category and pages', async () => {
    const first = await search(cashier, 'category=RECONCILIATION&pageSize=10&pageNumber=0&lang=en');
    const expected = HELP_ARTICLES.filter((a) => a.category === 'RECONCILIATION').map((a) => a.en.title);
    expect(first.content.map((a) => a.title)).toEqual(expected);
    expect(first.totalElements).toBe(expected.length);
    const all = await search(cashier, 'pageSize=10&pageNumber=1');
    expect(all).toMatchObject({ totalElements: HELP_ARTICLES.length, pageNumber: 1, pageSize: 10 });
    expect(all.content.map((a) => a.title)).toEqual(HELP_ARTICLES.slice(10, 20).map((a) => a.vi.title));
    const inCategory = await search(cashier, `category=REPORTS&q=${encodeURIComponent('doi soat')}`);
    expect(inCategory.content.every((a) => a.category === 'REPORTS')).toBe(true);
  });

  it('opens an article in the caller’s language with related articles of its category', async () => {
    const [hit] = (await search(accountant, `q=${encodeURIComponent('xac nhan khieu nai ky')}`)).content;
    const vi = await get(accountant, `${BASE}/articles/${hit.id}?lang=vi`);
    expect(vi.statusCode).toBe(200);
    const article = vi.json().data as HelpArticle;
    expect(article.title).toBe('Xác nhận hoặc khiếu nại một kỳ đối soát');
    expect(article.body).toContain('1. Mở kỳ cần đối soát');
    expect(article.related.length).toBe(4);
    expect(article.related.every((r) => r.category === 'RECONCILIATION' && r.id !== article.id)).toBe(true);
    const en = (await get(accountant, `${BASE}/articles/${hit.id}?lang=en`)).json().data as HelpArticle;
    expect(en.title).toBe('Confirming or disputing a settlement period');
    expect(en.related.map((r) => r.title)).toContain('Period control: reconciling each day of payments');
  });

  it('answers 404 for an unknown article, in the caller’s language', async () => {
    const vi = await get(cashier, `${BASE}/articles/999999`);
    expect(vi.statusCode).toBe(404);
    expect(vi.json()).toMatchObject({ status: 4, message: 'Không tìm thấy dữ liệu' });
    expect((await get(cashier, `${BASE}/articles/999999?lang=en`)).json().message).toBe('No data found');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const category = await get(cashier, `${BASE}/articles?category=FOO&lang=en`);
    expect(category.statusCode).toBe(400);
    expect(category.json().data.errors).toEqual([{ field: 'category', message: expect.stringContaining('not valid') }]);
    const long = await get(cashier, `${BASE}/articles?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().data.errors[0]).toEqual({ field: 'q', message: 'Tìm kiếm: Tối đa 100 ký tự' });
    expect((await get(cashier, `${BASE}/articles?pageSize=7`)).statusCode).toBe(400);
    expect((await get(cashier, `${BASE}/articles?sort=title`)).statusCode).toBe(400);
    const id = await get(cashier, `${BASE}/articles/abc`);
    expect(id.statusCode).toBe(400);
    expect(id.json().data.errors[0].field).toBe('id');
  });

  it('answers 401 without a session and 403 to operators', async () => {
    for (const url of [`${BASE}/categories`, `${BASE}/articles`, `${BASE}/articles/1`]) {
      const res = await get(null, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(78);
    }
    const ops = await t.login('ops_demo');
    const refused = await get(ops, `${BASE}/articles`);
    expect(refused.statusCode).toBe(403);
  });

  it('folds query words like the search column does', () => {
    expect(searchTermsOf('  Đối SOÁT, kỳ T+1! ')).toEqual(['doi', 'soat', 'ky', 't', '1']);
    // Decomposed accents (as some keyboards send them) fold the same.
    expect(searchTermsOf('Đối soát'.normalize('NFD'))).toEqual(['doi', 'soat']);
  });
});

/**
 * Without demo data (SEED=off) every start still writes the articles, since they are the product's
 * content; a second start with nothing changed rewrites no row (their dates stay).
 */
async function expectArticlesAtEveryStart(database: Database) {
  const noSeed = { seed: false } as Config;
  const quiet = { info: () => undefined } as unknown as FastifyBaseLogger;
  const stamp = async () => (await database.db.select({ n: count(), last: max(helpArticles.updatedAt) }).from(helpArticles))[0];
  await prepareDatabase(database, noSeed, quiet);
  const first = await stamp();
  expect(first.n).toBe(HELP_ARTICLES.length);
  await new Promise((resolve) => setTimeout(resolve, 20));
  await prepareDatabase(database, noSeed, quiet);
  expect(await stamp()).toEqual(first);
  // An article that differs from the release's (edited, or an older text) is written back, alone.
  const [target] = HELP_ARTICLES;
  await database.db.update(helpArticles).set({ titleEn: 'Stale title' }).where(eq(helpArticles.slug, target.slug));
  await prepareDatabase(database, noSeed, quiet);
  const [restored] = await database.db.select().from(helpArticles).where(eq(helpArticles.slug, target.slug));
  expect(restored.titleEn).toBe(target.en.title);
  expect(restored.updatedAt.getTime()).toBeGreaterThan(first.last!.getTime());
  const others = (await database.db.select({ last: max(helpArticles.updatedAt) }).from(helpArticles).where(ne(helpArticles.slug, target.slug)))[0];
  expect(others.last).toEqual(first.last);
}

describe('help centre articles without demo data', () => {
  it('are written at start on an empty embedded database, once', async () => {
    const database = await openDatabase({ dataDir: null, databaseUrl: null });
    try {
      await expectArticlesAtEveryStart(database);
    } finally {
      await database.close();
    }
  }, 60_000);
});

const url = process.env.TEST_DATABASE_URL;
const OWN_DATABASE = 'portal_test_help_center';

describeOnPostgres('help centre on PostgreSQL', () => {
  it('seeds in place (twice, no duplicates) and searches without accents', async () => {
    const own = await ownDatabase(url!, OWN_DATABASE);
    const database = await openDatabase({ dataDir: null, databaseUrl: own });
    try {
      await expectArticlesAtEveryStart(database);
      await upsertHelpArticles(database.db);
      expect((await database.db.select({ n: count() }).from(helpArticles))[0].n).toBe(HELP_ARTICLES.length);
      const repo = helpArticlesRepository(database.db);
      const plain = await repo.page({ q: 'doi soat' }, { pageNumber: 0, pageSize: 50 }, 'vi');
      const accented = await repo.page({ q: 'Đối soát' }, { pageNumber: 0, pageSize: 50 }, 'vi');
      expect(plain.rows.map((r) => r.title)).toContain('Đối soát kế toán: gửi yêu cầu hỗ trợ và thời hạn xử lý');
      expect(plain.rows.map((r) => r.id)).toEqual(accented.rows.map((r) => r.id));
      const en = await repo.page({ q: 'period dispute' }, { pageNumber: 0, pageSize: 10 }, 'en');
      expect(en.rows[0].title).toBe('Confirming or disputing a settlement period');
    } finally {
      await database.close();
    }
  }, 60_000);
});
