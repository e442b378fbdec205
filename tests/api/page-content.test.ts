/**
 * Page content: /user-generated-content/v1/merchants/:merchantId/pages/:pageId/… (posts, comments,
 * images, reviews, stories). Page roles (EDITOR posts, ANALYST reads only), another merchant's pages and
 * posts, the sanitiser applied on save, scheduled posts published exactly once, one editable review
 * reply, story expiry, and bad input writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { businessPageMembers, businessPages, customers, memberships, pageMedia, pagePostComments, pagePosts, pageReviews, pageStories, users } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { solidPng } from '../../server/db/seed-merchant-profile';
import { publishDuePosts } from '../../server/lib/scheduler/page-posts';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (merchantId: number, pageId: number) => `/api/user-generated-content/v1/merchants/${merchantId}/pages/${pageId}`;
/** A Vietnam wall-clock minute `hours` from now, 'YYYY-MM-DDTHH:mm'. */
const vnLocal = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 7 * 3_600_000).toISOString().slice(0, 16);

function multipart(fileName: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----pc' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const PNG = solidPng(20, 10, [165, 0, 100]);

describe('page content', () => {
  let t: TestApp;
  let owner: string;
  let editor: string;
  let analyst: string;
  let accountant: string;
  let otherOwner: string;
  let page: number;
  let secondPage: number;
  let otherPage: number;
  let customerIds: number[];

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const postCount = async () => (await t.database.db.select({ n: count() }).from(pagePosts))[0]!.n;
  const createPost = (token: string, body: Record<string, unknown>, pageId = page, merchantId = SME) =>
    call(token, 'POST', `${base(merchantId, pageId)}/posts`, { bodyHtml: '<p>Xin chào</p>', status: 'PUBLISHED', ...body });
  const upload = (token: string, pageId: number, name: string, content: Buffer) => {
    const m = multipart(name, content);
    return t.call(token, { method: 'POST', url: `${base(SME, pageId)}/media`, payload: m.payload, headers: m.headers });
  };

  /** A MARKETING member of the SME (has the content route code) with `pageRole` on `pageId`. */
  async function memberWith(username: string, pageId: number, pageRole: string) {
    const db = t.database.db;
    const [template] = await db.select().from(users).where(eq(users.username, 'owner_demo'));
    const [user] = await db.insert(users).values({ username, name: username, passwordHash: template!.passwordHash }).returning({ id: users.id });
    await db.insert(memberships).values({ merchantId: SME, userId: user!.id, roles: ['MARKETING'] });
    await db.insert(businessPageMembers).values({ pageId, userId: user!.id, pageRole });
    return t.login(username);
  }

  beforeAll(async () => {
    t = await makeApp();
    const db = t.database.db;
    const pagesOf = (merchantId: number) => db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.merchantId, merchantId)).orderBy(asc(businessPages.id));
    const smePages = await pagesOf(SME);
    const otherPages = await pagesOf(OTHER);
    [page, secondPage] = [smePages[0]!.id, smePages[1]!.id];
    otherPage = otherPages[0]!.id;
    customerIds = (await db.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(5)).map((c) => c.id);
    [owner, accountant, otherOwner] = await Promise.all([t.login('owner_demo'), t.login('accountant_demo'), t.login('other_owner_demo')]);
    editor = await memberWith('content_editor1', page, 'EDITOR');
    analyst = await memberWith('content_analyst1', page, 'ANALYST');
  });
  afterAll(() => t?.close());

  describe('roles and isolation', () => {
    it('an editor posts; an analyst reads but cannot post, upload, reply or post a story; nothing is written', async () => {
      const made = await createPost(editor, { bodyHtml: '<p>Bài của biên tập viên</p>' });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().data).toMatchObject({ status: 'PUBLISHED', bodyHtml: '<p>Bài của biên tập viên</p>', pinned: false });
      const before = await postCount();
      const refused = await createPost(analyst, { bodyHtml: '<p>Không được</p>' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 3, message: viApi.messages.forbidden });
      expect((await upload(analyst, page, 'a.png', PNG)).statusCode).toBe(403);
      expect((await call(analyst, 'POST', `${base(SME, page)}/stories`, { kind: 'TEXT', text: 'x' })).statusCode).toBe(403);
      expect(await postCount()).toBe(before);
      const list = await call(analyst, 'GET', `${base(SME, page)}/posts`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.content.some((p: { id: number }) => p.id === made.json().data.id)).toBe(true);
    });

    it('an editor of one page cannot act on another page of the same merchant', async () => {
      expect((await createPost(editor, {}, secondPage)).statusCode).toBe(403);
    });

    it('a role without the content route code is refused', async () => {
      const res = await call(accountant, 'GET', `${base(SME, page)}/posts`);
      expect(res.statusCode).toBe(403);
    });

    it("another merchant's page, post, review and story ids are refused and nothing changes", async () => {
      const mine = (await createPost(owner, { bodyHtml: '<p>Của SME</p>' })).json().data.id as number;
      // Through their own merchant: the page is not theirs.
      expect((await call(otherOwner, 'GET', `${base(OTHER, page)}/posts`)).statusCode).toBe(404);
      expect((await call(otherOwner, 'GET', `${base(OTHER, page)}/posts/${mine}`)).statusCode).toBe(404);
      expect((await call(otherOwner, 'POST', `${base(OTHER, page)}/posts/${mine}/visibility`, { hidden: true })).statusCode).toBe(404);
      // Through the SME: not a member.
      expect((await call(otherOwner, 'GET', `${base(SME, page)}/posts`)).statusCode).toBe(403);
      // The SME owner naming the other merchant's page.
      expect((await call(owner, 'GET', `${base(SME, otherPage)}/posts`)).statusCode).toBe(404);
      // A post id of another page under this page.
      expect((await call(owner, 'GET', `${base(SME, secondPage)}/posts/${mine}`)).statusCode).toBe(404);
      const [row] = await t.database.db.select().from(pagePosts).where(eq(pagePosts.id, mine));
      expect(row!.status).toBe('PUBLISHED');
    });
  });

  describe('posts', () => {
    it('stores the sanitised HTML, never what was sent', async () => {
      const hostile =
        '<p onclick="x()">Giảm <strong>20%</strong><script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">bấm</a>' +
        '<svg onload="alert(1)"></svg><a href="https://shop.vn">shop</a><iframe src="https://evil.example"></iframe>';
      const res = await createPost(owner, { bodyHtml: hostile });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.database.db.select().from(pagePosts).where(eq(pagePosts.id, res.json().data.id));
      expect(row!.bodyHtml).toBe('<p>Giảm <strong>20%</strong></p>bấm<a href="https://shop.vn" rel="noopener nofollow" target="_blank">shop</a>');
      expect(res.json().data.bodyHtml).toBe(row!.bodyHtml);
    });

    it('keeps its own uploaded images (checked by content), refuses other pages\' and fake ones', async () => {
      const img = await upload(owner, page, 'anh bia.png', PNG);
      expect(img.statusCode, img.body).toBe(200);
      const { name, url } = img.json().data as { name: string; url: string };
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const fake = await upload(owner, page, 'script.png', Buffer.from('<script>alert(1)</script>'));
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe(viApi.content.image.fileContent);

      const made = await createPost(owner, { bodyHtml: `<p><b>Ảnh</b></p><p><img src="${url}"></p>` });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().data.images).toEqual([{ name, url }]);
      expect(made.json().data.bodyHtml).toBe(`<p><b>Ảnh</b></p><p><img src="${url}" alt="" /></p>`);

      const otherImg = (await upload(owner, secondPage, 'b.png', PNG)).json().data as { name: string };
      const before = await postCount();
      const foreign = await createPost(owner, { images: [otherImg.name] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(viApi.content.unknownImage);
      expect(await postCount()).toBe(before);
    });

    it('refuses bad input and writes nothing', async () => {
      const before = await postCount();
      const cases: [Record<string, unknown>, string][] = [
        [{ bodyHtml: '<script>alert(1)</script>' }, viApi.content.emptyPost],
        [{ bodyHtml: '' }, ''],
        [{ status: 'HIDDEN' }, ''],
        [{ status: 'SCHEDULED' }, ''],
        [{ status: 'SCHEDULED', scheduledAt: vnLocal(-1) }, ''],
        [{ images: Array.from({ length: 11 }, (_, i) => `0f8fad5b-d9cb-469f-a165-7086772895${String(i).padStart(2, '0')}.png`) }, ''],
        [{ unknownField: 1 }, ''],
      ];
      for (const [body, message] of cases) {
        const res = await createPost(owner, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        if (message) expect(res.json().message).toBe(message);
      }
      const en = await t.call(owner, { method: 'POST', url: `${base(SME, page)}/posts?lang=en`, payload: { bodyHtml: '<p> </p>', status: 'DRAFT' } });
      expect(en.json().message).toBe(enApi.content.emptyPost);
      expect(await postCount()).toBe(before);
    });

    it('one pinned post per page; hiding unpins; a draft cannot be pinned', async () => {
      const a = (await createPost(owner, { bodyHtml: '<p>A</p>' })).json().data.id as number;
      const b = (await createPost(owner, { bodyHtml: '<p>B</p>' })).json().data.id as number;
      const draft = (await createPost(owner, { bodyHtml: '<p>D</p>', status: 'DRAFT' })).json().data.id as number;
      expect((await call(owner, 'POST', `${base(SME, page)}/posts/${a}/pin`, { pinned: true })).json().data.pinned).toBe(true);
      expect((await call(owner, 'POST', `${base(SME, page)}/posts/${b}/pin`, { pinned: true })).json().data.pinned).toBe(true);
      const pinned = await t.database.db.select({ id: pagePosts.id }).from(pagePosts).where(and(eq(pagePosts.pageId, page), eq(pagePosts.pinned, true)));
      expect(pinned).toEqual([{ id: b }]);
      expect((await call(owner, 'POST', `${base(SME, page)}/posts/${draft}/pin`, { pinned: true })).statusCode).toBe(409);
      const hidden = await call(owner, 'POST', `${base(SME, page)}/posts/${b}/visibility`, { hidden: true });
      expect(hidden.json().data).toMatchObject({ status: 'HIDDEN', pinned: false });
      expect((await call(owner, 'POST', `${base(SME, page)}/posts/${b}/visibility`, { hidden: true })).statusCode).toBe(409);
      expect((await call(owner, 'POST', `${base(SME, page)}/posts/${b}/visibility`, { hidden: false })).json().data.status).toBe('PUBLISHED');
    });

    it('a scheduled post is published exactly once, at its time, by parallel publisher passes', async () => {
      const at = vnLocal(2);
      const res = await createPost(owner, { bodyHtml: '<p>Hẹn giờ</p>', status: 'SCHEDULED', scheduledAt: at });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as number;
      expect(res.json().data.scheduledAt).toBe(new Date(`${at}:00+07:00`).toISOString());
      expect(await publishDuePosts(t.database.db)).not.toContain(id);
      const due = new Date(Date.now() - 1000);
      await t.database.db.update(pagePosts).set({ scheduledAt: due }).where(eq(pagePosts.id, id));
      const passes = await Promise.all(Array.from({ length: 5 }, () => publishDuePosts(t.database.db)));
      expect(passes.flat().filter((x) => x === id)).toEqual([id]);
      const [row] = await t.database.db.select().from(pagePosts).where(eq(pagePosts.id, id));
      expect(row).toMatchObject({ status: 'PUBLISHED', publishedAt: due });
      expect(await publishDuePosts(t.database.db)).not.toContain(id);
      // Published: it can no longer be turned back into a draft.
      expect((await call(owner, 'PUT', `${base(SME, page)}/posts/${id}`, { bodyHtml: '<p>x</p>', status: 'DRAFT' })).statusCode).toBe(409);
    });

    it('comment moderation: hide a customer comment, reply as the page', async () => {
      const post = (await createPost(owner, { bodyHtml: '<p>Bình luận</p>' })).json().data.id as number;
      const [comment] = await t.database.db.insert(pagePostComments).values({ postId: post, customerId: customerIds[0]!, body: 'Nội dung thô lỗ' }).returning();
      const hidden = await call(editor, 'POST', `${base(SME, page)}/posts/${post}/comments/${comment!.id}/visibility`, { hidden: true });
      expect(hidden.json().data).toMatchObject({ id: comment!.id, hidden: true, asPage: false });
      const reply = await call(editor, 'POST', `${base(SME, page)}/posts/${post}/comments/${comment!.id}/replies`, { body: 'Trang đã ghi nhận' });
      expect(reply.json().data).toMatchObject({ parentId: comment!.id, asPage: true, customerName: null, body: 'Trang đã ghi nhận' });
      expect((await call(analyst, 'POST', `${base(SME, page)}/posts/${post}/comments/${comment!.id}/visibility`, { hidden: false })).statusCode).toBe(403);
      const detail = await call(owner, 'GET', `${base(SME, page)}/posts/${post}`);
      expect(detail.json().data.comments).toBe(1);
    });
  });

  describe('reviews', () => {
    let reviewIds: number[];
    beforeAll(async () => {
      const db = t.database.db;
      await db.delete(pageReviews).where(eq(pageReviews.pageId, page));
      const rows = await db
        .insert(pageReviews)
        .values([5, 4, 1, 5].map((stars, i) => ({ pageId: page, customerId: customerIds[i]!, stars, body: `Đánh giá ${i}`, createdAt: new Date(Date.now() - (10 - i) * 60_000) })))
        .returning({ id: pageReviews.id });
      reviewIds = rows.map((r) => r.id);
    });

    it('one public reply per review, editable; an analyst cannot reply', async () => {
      const url = `${base(SME, page)}/reviews/${reviewIds[0]}/reply`;
      expect((await call(analyst, 'POST', url, { body: 'Không được' })).statusCode).toBe(403);
      expect((await call(owner, 'PUT', url, { body: 'Chưa có' })).statusCode).toBe(409);
      const first = await call(owner, 'POST', url, { body: 'Cảm ơn bạn!' });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.reply).toMatchObject({ body: 'Cảm ơn bạn!', updatedAt: null });
      const again = await call(editor, 'POST', url, { body: 'Trả lời lần hai' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(viApi.content.alreadyReplied);
      const edited = await call(editor, 'PUT', url, { body: 'Cảm ơn bạn rất nhiều!' });
      expect(edited.json().data.reply.body).toBe('Cảm ơn bạn rất nhiều!');
      expect(edited.json().data.reply.repliedAt).toBe(first.json().data.reply.repliedAt);
      expect(edited.json().data.reply.updatedAt).not.toBeNull();
      expect((await call(owner, 'PUT', url, { body: '' })).statusCode).toBe(400);
      const [row] = await t.database.db.select().from(pageReviews).where(eq(pageReviews.id, reviewIds[0]!));
      expect(row!.replyBody).toBe('Cảm ơn bạn rất nhiều!');
    });

    it('lists unanswered first with a star filter; average and distribution', async () => {
      const list = await call(analyst, 'GET', `${base(SME, page)}/reviews`);
      const content = list.json().data.content as { id: number; reply: unknown }[];
      expect(content.map((r) => r.id)).toEqual([reviewIds[3], reviewIds[2], reviewIds[1], reviewIds[0]]);
      const fives = await call(owner, 'GET', `${base(SME, page)}/reviews?stars=5`);
      expect(fives.json().data.content.map((r: { id: number }) => r.id)).toEqual([reviewIds[3], reviewIds[0]]);
      expect((await call(owner, 'GET', `${base(SME, page)}/reviews?stars=6`)).statusCode).toBe(400);
      const summary = await call(owner, 'GET', `${base(SME, page)}/reviews/summary`);
      expect(summary.json().data).toEqual({ count: 4, average: 3.8, distribution: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 }, unanswered: 3 });
    });

    it('reports an abusive review once, with its reason', async () => {
      const url = `${base(SME, page)}/reviews/${reviewIds[2]}/report`;
      expect((await call(owner, 'POST', url, { reason: '' })).statusCode).toBe(400);
      const res = await call(owner, 'POST', url, { reason: 'Ngôn từ xúc phạm nhân viên' });
      expect(res.json().data.reported).toMatchObject({ reason: 'Ngôn từ xúc phạm nhân viên' });
      expect((await call(owner, 'POST', url, { reason: 'Lần nữa' })).statusCode).toBe(409);
      expect((await call(otherOwner, 'POST', `${base(OTHER, page)}/reviews/${reviewIds[1]}/report`, { reason: 'x' })).statusCode).toBe(404);
      const [other] = await t.database.db.select().from(pageReviews).where(eq(pageReviews.id, reviewIds[1]!));
      expect(other!.reportedAt).toBeNull();
    });
  });

  describe('stories', () => {
    it('visible 24 hours with view counts; ends early; an expired one cannot be deleted', async () => {
      const made = await call(editor, 'POST', `${base(SME, page)}/stories`, { kind: 'TEXT', text: 'Mua 1 tặng 1', link: 'https://shop.vn/uu-dai' });
      expect(made.statusCode, made.body).toBe(200);
      const story = made.json().data;
      expect(story).toMatchObject({ state: 'ACTIVE', views: 0, text: 'Mua 1 tặng 1' });
      expect(new Date(story.expiresAt).getTime() - new Date(story.createdAt).getTime()).toBe(24 * 3_600_000);

      const old = await call(editor, 'POST', `${base(SME, page)}/stories`, { kind: 'TEXT', text: 'Hôm qua' });
      await t.database.db.update(pageStories).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pageStories.id, old.json().data.id));
      const list = await call(analyst, 'GET', `${base(SME, page)}/stories`);
      const states = Object.fromEntries((list.json().data.content as { id: number; state: string }[]).map((s) => [s.id, s.state]));
      expect(states[old.json().data.id]).toBe('EXPIRED');
      expect(states[story.id]).toBe('ACTIVE');
      expect((await call(editor, 'DELETE', `${base(SME, page)}/stories/${old.json().data.id}`)).statusCode).toBe(409);
      expect((await call(analyst, 'DELETE', `${base(SME, page)}/stories/${story.id}`)).statusCode).toBe(403);
      const ended = await call(editor, 'DELETE', `${base(SME, page)}/stories/${story.id}`);
      expect(ended.json().data.state).toBe('DELETED');
      expect((await call(editor, 'DELETE', `${base(SME, page)}/stories/${story.id}`)).statusCode).toBe(409);
    });

    it('refuses bad stories and writes nothing', async () => {
      const storyCount = async () => (await t.database.db.select({ n: count() }).from(pageStories))[0]!.n;
      const before = await storyCount();
      const otherImg = (await upload(owner, secondPage, 'c.png', PNG)).json().data as { name: string };
      for (const body of [
        { kind: 'TEXT', text: '' },
        { kind: 'TEXT', text: 'x'.repeat(201) },
        { kind: 'TEXT', text: 'ok', link: 'javascript:alert(1)' },
        { kind: 'IMAGE' },
        { kind: 'IMAGE', image: otherImg.name },
        { kind: 'VIDEO', text: 'x' },
      ]) {
        expect((await call(owner, 'POST', `${base(SME, page)}/stories`, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await storyCount()).toBe(before);
      const media = await t.database.db.select({ n: count() }).from(pageMedia).where(ne(pageMedia.pageId, page));
      expect(media[0]!.n).toBeGreaterThan(0);
    });
  });

  it('content overview lists only the merchant\'s own pages with their figures', async () => {
    const res = await call(owner, 'GET', `/api/user-generated-content/v1/merchants/${SME}/pages`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((p) => p.id);
    expect(ids).toContain(page);
    expect(ids).not.toContain(otherPage);
    expect((await call(accountant, 'GET', `/api/user-generated-content/v1/merchants/${SME}/pages`)).statusCode).toBe(403);
  });
});
