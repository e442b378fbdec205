/**
 * The public business page's API (/api/public/pages/<slug>…) and the demo customer simulator: only
 * ACTIVE pages, masked names, keyset pages; customer sessions apart from merchant ones; one review per
 * customer and page (editable), a follow counted once, a story view once; bad input writes nothing.
 */
import { hash } from '@node-rs/argon2';
import { and, count, eq, isNull, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessPageFollows,
  businessPages,
  businessPageStores,
  customers,
  customerSessions,
  pageMedia,
  pagePostComments,
  pagePostReactions,
  pagePosts,
  pageReviews,
  pageStories,
  pageStoryViews,
  stores,
} from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const SLUG = 'api_public_page';
const base = `/api/public/pages/${SLUG}`;
const PASSWORD = 'Demo@1234';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function multipart(fileName: string, content: Buffer) {
  const boundary = '----public-page-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('public business page API', () => {
  let t: TestApp;
  let pageId: number;
  let draftSlug: string;
  let published: number[];
  let pinnedId: number;
  let draftPostId: number;
  let liveStory: number;
  let customerA: number;
  let token: string;
  let tokenB: string;

  const db = () => t.database.db;
  const signIn = async (username: string, password = PASSWORD) =>
    t.call(null, { method: 'POST', url: '/api/public/customer-sessions', payload: { username, password } });
  const tokenOf = async (username: string) => (await signIn(username)).json().data.token as string;
  const rows = async (table: typeof pageReviews | typeof pagePostComments | typeof pagePostReactions | typeof pageStoryViews | typeof pageMedia | typeof businessPageFollows) =>
    (await db().select({ n: count() }).from(table))[0].n;

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    const passwordHash = await hash(PASSWORD);
    const made = await db()
      .insert(customers)
      .values([
        { username: 'api_customer_a', fullName: 'Nguyễn Văn An', phone: '0963123411', passwordHash },
        { username: 'api_customer_b', fullName: 'Trần Thị Bình', passwordHash },
        { username: 'api_customer_nopass', fullName: 'Lê Văn Cường' },
      ])
      .returning({ id: customers.id });
    customerA = made[0].id;
    const [page] = await db()
      .insert(businessPages)
      .values({
        merchantId: SME,
        name: 'Quán Phở Demo',
        slug: SLUG,
        status: 'ACTIVE',
        description: 'Phở bò gia truyền',
        category: 'FOOD_BEVERAGE',
        openingHours: { mon: { open: '07:00', close: '21:00' }, sun: null },
      })
      .returning({ id: businessPages.id });
    pageId = page.id;
    const others = await db()
      .insert(businessPages)
      .values(
        (['DRAFT', 'PENDING_REVIEW', 'SUSPENDED'] as const).map((status) => ({ merchantId: SME, name: `Page ${status}`, slug: `api_page_${status.toLowerCase()}`, status })),
      )
      .returning({ id: businessPages.id, slug: businessPages.slug });
    draftSlug = others[0].slug;
    // A store belongs to one page at most: one the seed left without a page (rows come in no set order).
    const [store] = await db()
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.merchantId, SME), notExists(db().select({ one: businessPageStores.storeId }).from(businessPageStores).where(eq(businessPageStores.storeId, stores.id)))))
      .orderBy(stores.id)
      .limit(1);
    await db().insert(businessPageStores).values({ merchantId: SME, pageId, storeId: store.id });

    const now = Date.now();
    const posts = await db()
      .insert(pagePosts)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          pageId,
          bodyHtml: `<p>Bài ${i}</p>`,
          status: 'PUBLISHED',
          publishedAt: new Date(now - (i + 1) * 60_000),
          pinned: i === 11,
        })),
      )
      .returning({ id: pagePosts.id, pinned: pagePosts.pinned });
    pinnedId = posts.find((p) => p.pinned)!.id;
    published = posts.filter((p) => !p.pinned).map((p) => p.id);
    const [draft] = await db().insert(pagePosts).values({ pageId, bodyHtml: '<p>Nháp</p>', status: 'DRAFT' }).returning({ id: pagePosts.id });
    draftPostId = draft.id;
    await db().insert(pagePosts).values({ pageId, bodyHtml: '<p>Ẩn</p>', status: 'HIDDEN', publishedAt: new Date(now - 1000) });
    const stories = await db()
      .insert(pageStories)
      .values([
        { pageId, kind: 'TEXT', text: 'Khuyến mãi hôm nay', expiresAt: new Date(now + 3_600_000) },
        { pageId, kind: 'TEXT', text: 'Đã hết hạn', createdAt: new Date(now - 90_000_000), expiresAt: new Date(now - 3_600_000) },
        { pageId, kind: 'TEXT', text: 'Đã xoá', expiresAt: new Date(now + 3_600_000), deletedAt: new Date(now - 1000) },
      ])
      .returning({ id: pageStories.id });
    liveStory = stories[0].id;
    token = await tokenOf('api_customer_a');
    tokenB = await tokenOf('api_customer_b');
  });
  afterAll(() => t.close());

  it('shows an ACTIVE page without sign-in; any other status reads like an unknown slug', async () => {
    const res = await t.call(null, { method: 'GET', url: base });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ slug: SLUG, name: 'Quán Phở Demo', description: 'Phở bò gia truyền', followers: 0, rating: { average: null, count: 0 }, demo: true, viewer: null });
    expect(page.stores).toHaveLength(1);
    expect(page.openingHours).toHaveLength(7);
    expect(page.openingHours[0]).toEqual({ weekday: 1, ranges: [{ open: '07:00', close: '21:00' }] });
    expect(page.openingHours[6]).toEqual({ weekday: 7, ranges: [] });
    // Nothing of the merchant beyond the page itself.
    expect(JSON.stringify(page)).not.toContain('merchantId');
    for (const slug of ['api_page_draft', 'api_page_pending_review', 'api_page_suspended', 'no_such_page']) {
      for (const suffix of ['', '/posts', '/reviews', '/stories']) {
        const other = await t.call(null, { method: 'GET', url: `/api/public/pages/${slug}${suffix}` });
        expect(other.statusCode, `${slug}${suffix}`).toBe(404);
      }
    }
    expect((await t.call(null, { method: 'GET', url: '/api/public/pages/bad-slug!' })).statusCode).toBe(400);
  });

  it('lists published posts only, the pinned one first, in keyset pages without repeats', async () => {
    const first = (await t.call(null, { method: 'GET', url: `${base}/posts` })).json().data;
    expect(first.items[0]).toMatchObject({ id: pinnedId, pinned: true });
    expect(first.items.slice(1).map((p: { id: number }) => p.id)).toEqual(published.slice(0, 10));
    expect(first.next).toMatch(/^\d+_\d+$/);
    const second = (await t.call(null, { method: 'GET', url: `${base}/posts?cursor=${first.next}` })).json().data;
    expect(second.items.map((p: { id: number }) => p.id)).toEqual(published.slice(10));
    expect(second.next).toBeNull();
    const all = [...first.items, ...second.items].map((p: { id: number }) => p.id);
    expect(all).not.toContain(draftPostId);
    expect(all).toHaveLength(12);
    expect((await t.call(null, { method: 'GET', url: `${base}/posts?cursor=x` })).statusCode).toBe(400);
  });

  it('pages comments written in the same instant without a repeat or a gap (PostgreSQL keeps microseconds, a cursor must too)', async () => {
    const post = published[5];
    // One statement: every row gets the same now(), to the microsecond on PostgreSQL.
    const made = await db()
      .insert(pagePostComments)
      .values(Array.from({ length: 15 }, (_, i) => ({ postId: post, customerId: customerA, body: `Cùng lúc ${i}` })))
      .returning({ id: pagePostComments.id });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.call(null, { method: 'GET', url: `${base}/posts/${post}/comments${cursor ? `?cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      const page: { items: Array<{ id: number }>; next: string | null } = res.json().data;
      seen.push(...page.items.map((c) => c.id));
      cursor = page.next;
    } while (cursor && seen.length <= made.length);
    expect(seen).toEqual(made.map((c) => c.id).sort((a, b) => a - b));
  });

  it('shows live stories only', async () => {
    const stories = (await t.call(null, { method: 'GET', url: `${base}/stories` })).json().data;
    expect(stories.map((s: { id: number }) => s.id)).toEqual([liveStory]);
  });

  it('customer actions need demo mode and a customer session; merchant and customer tokens never stand in for each other', async () => {
    const actions = [
      { method: 'PUT' as const, url: `${base}/follow` },
      { method: 'PUT' as const, url: `${base}/posts/${published[0]}/reaction`, payload: { kind: 'LIKE' } },
      { method: 'POST' as const, url: `${base}/posts/${published[0]}/comments`, payload: { body: 'Ngon' } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 5 } },
      { method: 'POST' as const, url: `${base}/stories/${liveStory}/views` },
    ];
    const owner = await t.login('owner_demo');
    const before = { follows: await rows(businessPageFollows), reviews: await rows(pageReviews) };
    for (const action of actions) {
      expect((await t.call(null, action)).statusCode, `${action.url} anonymous`).toBe(401);
      // A merchant's session is not a customer's.
      expect((await t.call(owner, action)).statusCode, `${action.url} merchant`).toBe(401);
    }
    // A customer's session is not a merchant's.
    expect((await t.call(token, { method: 'GET', url: '/api/profile/v1/me' })).statusCode).toBe(401);
    expect((await t.call(owner, { method: 'GET', url: '/api/profile/v1/me' })).statusCode).toBe(200);
    expect({ follows: await rows(businessPageFollows), reviews: await rows(pageReviews) }).toEqual(before);
    // Only an HMAC of the token is stored.
    const stored = await db().select({ hash: customerSessions.tokenHash }).from(customerSessions).where(eq(customerSessions.customerId, customerA));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((s) => s.hash)).not.toContain(token);

    // Wrong password, unknown customer, a customer without a password: the same refusal.
    for (const [username, password] of [['api_customer_a', 'Wrong@1234'], ['nobody_here', PASSWORD], ['api_customer_nopass', PASSWORD]]) {
      const res = await signIn(username, password);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Tên đăng nhập hoặc mật khẩu khách hàng không chính xác');
    }

    // Outside demo mode nothing of the simulator works, not even with a valid session.
    const live = await makeApp({ demoMode: false });
    try {
      const refused = await live.call(null, { method: 'POST', url: '/api/public/customer-sessions?lang=en', payload: { username: 'customer_demo', password: PASSWORD } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('The customer simulator exists in demo mode only. Customers use the page in the wallet app.');
      for (const action of actions) expect((await live.call(token, action)).statusCode, action.url).toBe(403);
    } finally {
      await live.close();
    }
  });

  it('follow twice counts once; unfollow keeps the history; following again is a new follow', async () => {
    const first = await t.call(token, { method: 'PUT', url: `${base}/follow` });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ following: true, followers: 1 });
    expect((await t.call(token, { method: 'PUT', url: `${base}/follow` })).json().data).toEqual({ following: true, followers: 1 });
    const current = () =>
      db().select().from(businessPageFollows).where(and(eq(businessPageFollows.pageId, pageId), eq(businessPageFollows.customerId, customerA), isNull(businessPageFollows.unfollowedAt)));
    expect(await current()).toHaveLength(1);
    expect((await t.call(null, { method: 'GET', url: base })).json().data.followers).toBe(1);
    const viewer = (await t.call(token, { method: 'GET', url: base })).json().data.viewer;
    expect(viewer).toMatchObject({ following: true, review: null });

    expect((await t.call(token, { method: 'DELETE', url: `${base}/follow` })).json().data).toEqual({ following: false, followers: 0 });
    expect(await current()).toHaveLength(0);
    expect((await t.call(token, { method: 'PUT', url: `${base}/follow` })).json().data).toEqual({ following: true, followers: 1 });
    const history = await db().select().from(businessPageFollows).where(eq(businessPageFollows.customerId, customerA));
    expect(history).toHaveLength(2);
  });

  it('reacts once per post (the last kind wins) and comments; drafts cannot be touched; names are masked', async () => {
    const post = published[0];
    expect((await t.call(token, { method: 'PUT', url: `${base}/posts/${post}/reaction`, payload: { kind: 'LIKE' } })).statusCode).toBe(200);
    expect((await t.call(token, { method: 'PUT', url: `${base}/posts/${post}/reaction`, payload: { kind: 'LOVE' } })).statusCode).toBe(200);
    const reactions = await db().select().from(pagePostReactions).where(eq(pagePostReactions.postId, post));
    expect(reactions).toEqual([expect.objectContaining({ customerId: customerA, kind: 'LOVE' })]);

    const comment = await t.call(token, { method: 'POST', url: `${base}/posts/${post}/comments`, payload: { body: 'Phở ngon lắm' } });
    expect(comment.statusCode).toBe(200);
    expect(comment.json().data).toMatchObject({ body: 'Phở ngon lắm', author: 'N••• V••• An', asPage: false });
    const comments = (await t.call(null, { method: 'GET', url: `${base}/posts/${post}/comments` })).json().data;
    expect(comments.items).toEqual([expect.objectContaining({ body: 'Phở ngon lắm', author: 'N••• V••• An' })]);
    expect(JSON.stringify(comments)).not.toContain('Nguyễn Văn An');

    const listed = (await t.call(token, { method: 'GET', url: `${base}/posts` })).json().data.items.find((p: { id: number }) => p.id === post);
    expect(listed).toMatchObject({ reactions: 1, comments: 1, myReaction: 'LOVE' });
    expect((await t.call(token, { method: 'DELETE', url: `${base}/posts/${post}/reaction` })).statusCode).toBe(200);
    expect(await db().select().from(pagePostReactions).where(eq(pagePostReactions.postId, post))).toEqual([]);

    for (const url of [`${base}/posts/${draftPostId}/comments`, `${base}/posts/${draftPostId}/reaction`]) {
      const res = await t.call(token, { method: url.endsWith('comments') ? 'POST' : 'PUT', url, payload: url.endsWith('comments') ? { body: 'x' } : { kind: 'LIKE' } });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.call(token, { method: 'PUT', url: `/api/public/pages/${draftSlug}/follow` })).statusCode).toBe(404);
  });

  it('bad input writes nothing', async () => {
    const before = { reviews: await rows(pageReviews), comments: await rows(pagePostComments), reactions: await rows(pagePostReactions), media: await rows(pageMedia) };
    const post = published[1];
    const bad = [
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 0 } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 6 } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 4.5 } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: '5' } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 5, body: 'x'.repeat(1001) } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 5, photo: '../../etc/passwd' } },
      { method: 'PUT' as const, url: `${base}/review`, payload: { stars: 5, extra: true } },
      { method: 'POST' as const, url: `${base}/posts/${post}/comments`, payload: { body: '   ' } },
      { method: 'POST' as const, url: `${base}/posts/${post}/comments`, payload: { body: 'x'.repeat(1001) } },
      { method: 'PUT' as const, url: `${base}/posts/${post}/reaction`, payload: { kind: 'HATE' } },
    ];
    for (const action of bad) expect((await t.call(token, action)).statusCode, JSON.stringify(action.payload)).toBe(400);
    // A file that is not the picture its name says, an SVG, an empty file.
    for (const [name, content] of [['photo.png', Buffer.from('<html>not a picture</html>')], ['photo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], ['photo.png', Buffer.alloc(0)]] as const) {
      const res = await t.call(token, { method: 'POST', url: `${base}/review-photos`, ...multipart(name, content) });
      expect(res.statusCode, name).toBe(400);
    }
    expect({ reviews: await rows(pageReviews), comments: await rows(pagePostComments), reactions: await rows(pagePostReactions), media: await rows(pageMedia) }).toEqual(before);
  });

  it('one review per customer and page: sending again edits it, the page’s reply stays; photos are the customer’s own', async () => {
    const upload = await t.call(token, { method: 'POST', url: `${base}/review-photos`, ...multipart('pho.png', PNG) });
    expect(upload.statusCode).toBe(200);
    const photo = upload.json().data.name as string;
    expect(upload.json().data.url).toBe(`/api/user-generated-content/v1/media/${photo}`);
    expect((await db().select().from(pageMedia).where(eq(pageMedia.storageName, photo)))[0]).toMatchObject({ pageId, customerId: customerA, contentType: 'image/png' });

    // Another customer cannot attach it.
    const reviewsBefore = await rows(pageReviews);
    const stolen = await t.call(tokenB, { method: 'PUT', url: `${base}/review`, payload: { stars: 1, photo } });
    expect(stolen.statusCode).toBe(400);
    expect(await rows(pageReviews)).toBe(reviewsBefore);

    expect((await t.call(token, { method: 'PUT', url: `${base}/review`, payload: { stars: 4, body: 'Ngon', photo } })).statusCode).toBe(200);
    const [review] = await db().select().from(pageReviews).where(eq(pageReviews.pageId, pageId));
    await db().update(pageReviews).set({ replyBody: 'Cảm ơn anh!', repliedAt: new Date() }).where(eq(pageReviews.id, review.id));
    expect((await t.call(token, { method: 'PUT', url: `${base}/review`, payload: { stars: 5, body: 'Rất ngon' } })).statusCode).toBe(200);
    const after = await db().select().from(pageReviews).where(eq(pageReviews.pageId, pageId));
    expect(after).toEqual([expect.objectContaining({ id: review.id, customerId: customerA, stars: 5, body: 'Rất ngon', photo: null, replyBody: 'Cảm ơn anh!' })]);

    expect((await t.call(tokenB, { method: 'PUT', url: `${base}/review`, payload: { stars: 2 } })).statusCode).toBe(200);
    const reviews = (await t.call(null, { method: 'GET', url: `${base}/reviews` })).json().data;
    expect(reviews.items.map((r: { customerName: string; stars: number }) => [r.customerName, r.stars])).toEqual([
      ['T••• T••• Bình', 2],
      ['N••• V••• An', 5],
    ]);
    expect(reviews.items[1].reply).toMatchObject({ body: 'Cảm ơn anh!' });
    expect(JSON.stringify(reviews)).not.toMatch(/Nguyễn|Trần|0963/);
    const page = (await t.call(token, { method: 'GET', url: base })).json().data;
    expect(page.rating).toEqual({ average: 3.5, count: 2 });
    expect(page.viewer.review).toMatchObject({ stars: 5, body: 'Rất ngon' });
  });

  it('a story view counts once per customer; expired stories cannot be viewed', async () => {
    for (let i = 0; i < 2; i++) expect((await t.call(token, { method: 'POST', url: `${base}/stories/${liveStory}/views` })).statusCode).toBe(200);
    expect((await t.call(tokenB, { method: 'POST', url: `${base}/stories/${liveStory}/views` })).statusCode).toBe(200);
    expect(await db().select().from(pageStoryViews).where(eq(pageStoryViews.storyId, liveStory))).toHaveLength(2);
    const stories = (await t.call(token, { method: 'GET', url: `${base}/stories` })).json().data;
    expect(stories[0].viewed).toBe(true);
    const [expired] = await db().select({ id: pageStories.id }).from(pageStories).where(eq(pageStories.text, 'Đã hết hạn'));
    expect((await t.call(token, { method: 'POST', url: `${base}/stories/${expired.id}/views` })).statusCode).toBe(404);
  });

  it('signing out ends the customer session', async () => {
    const own = await tokenOf('api_customer_b');
    expect((await t.call(own, { method: 'DELETE', url: '/api/public/customer-sessions' })).statusCode).toBe(200);
    expect((await t.call(own, { method: 'PUT', url: `${base}/follow` })).statusCode).toBe(401);
    expect((await t.call(own, { method: 'GET', url: base })).json().data.viewer).toBeNull();
  });
});
