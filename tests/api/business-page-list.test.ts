/**
 * The business-page list's "last post" column: each page's latest PUBLISHED post time (drafts, scheduled
 * and hidden posts do not count; null for a page that never published).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPages, pagePosts } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;

describe('business page list: last post', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await makeApp();
    owner = await t.login('owner_demo');
  });
  afterAll(() => t.close());

  it('answers the latest published post per page, null when none', async () => {
    const db = t.database.db;
    const [quiet, busy] = await db
      .insert(businessPages)
      .values([
        { merchantId: SME, name: 'Trang im lặng', slug: 'api_last_post_quiet', status: 'ACTIVE' },
        { merchantId: SME, name: 'Trang sôi nổi', slug: 'api_last_post_busy', status: 'ACTIVE' },
      ])
      .returning({ id: businessPages.id });
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    const latest = at(3);
    await db.insert(pagePosts).values([
      { pageId: quiet!.id, bodyHtml: '<p>Nháp</p>', status: 'DRAFT' },
      { pageId: quiet!.id, bodyHtml: '<p>Hẹn giờ</p>', status: 'SCHEDULED', scheduledAt: at(-5) },
      { pageId: busy!.id, bodyHtml: '<p>Cũ</p>', status: 'PUBLISHED', publishedAt: at(48) },
      { pageId: busy!.id, bodyHtml: '<p>Mới</p>', status: 'PUBLISHED', publishedAt: latest },
      { pageId: busy!.id, bodyHtml: '<p>Ẩn</p>', status: 'HIDDEN', publishedAt: at(1) },
    ]);
    const res = await t.call(owner, { method: 'GET', url: `/api/official-account/v1/merchants/${SME}/pages` });
    expect(res.statusCode, res.body).toBe(200);
    const pages = res.json().data.pages as Array<{ id: number; lastPostAt: string | null }>;
    expect(pages.find((p) => p.id === quiet!.id)!.lastPostAt).toBeNull();
    expect(pages.find((p) => p.id === busy!.id)!.lastPostAt).toBe(latest.toISOString());
  });
});
