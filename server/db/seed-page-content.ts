/**
 * Content of the demo business pages (after the pages seed): per page two published posts (the first
 * pinned) with customers' comments, a page reply and reactions, one post scheduled two days ahead and
 * one draft; reviews from seeded customers (every star, about half answered); one live text story with
 * a link and views, and one expired. Times are relative to the moment of seeding; text is fixed Vietnamese.
 */
import { asc } from 'drizzle-orm';
import { REACTION_KINDS } from '@/domain/pageContent';
import { sanitizePostHtml } from '../lib/html/sanitize';
import { businessPages, customers, pagePostComments, pagePostReactions, pagePosts, pageReviews, pageStories, pageStoryViews } from './schema';
import { DemoMerchants } from './seed-fixtures';
import type { DomainSeed } from './seed-types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const POSTS = [
  '<p><strong>Khai trương chi nhánh mới!</strong> Giảm <em>20%</em> cho mọi đơn thanh toán bằng ví trong tuần này.</p><ul><li>Áp dụng từ 7:00 đến 22:00</li><li>Không giới hạn số lần</li></ul>',
  '<p>Thực đơn mùa hè đã có mặt: trà đào cam sả, cà phê muối và bánh flan. Xem thêm tại <a href="https://example.vn/thuc-don">thực đơn</a>.</p>',
  '<p>Chương trình tích điểm tháng sau: mỗi 50.000 đ được 1 điểm, đổi quà tại quầy.</p>',
  '<p>Bản nháp: lịch nghỉ lễ của cửa hàng.</p>',
];
const COMMENTS = ['Quán đẹp, đồ uống ngon!', 'Chương trình áp dụng cho cả chi nhánh cũ không ạ?', 'Mong quán mở thêm ở quận 7.'];
const PAGE_REPLY = 'Cảm ơn bạn! Chương trình áp dụng cho tất cả chi nhánh.';
const REVIEWS: { stars: number; body: string; reply?: string }[] = [
  { stars: 5, body: 'Phục vụ nhanh, thanh toán ví rất tiện.', reply: 'Cảm ơn bạn đã ủng hộ!' },
  { stars: 4, body: 'Đồ uống ngon, hơi đông vào buổi tối.', reply: 'Cảm ơn góp ý, quán sẽ bổ sung nhân viên giờ cao điểm.' },
  { stars: 5, body: 'Không gian đẹp, sẽ quay lại.' },
  { stars: 3, body: 'Giá hơi cao so với khu vực.' },
  { stars: 2, body: 'Chờ lâu hơn 20 phút.', reply: 'Xin lỗi bạn về trải nghiệm chưa tốt, quán đã điều chỉnh quy trình.' },
  { stars: 1, body: 'Nhân viên thiếu nhiệt tình.' },
  { stars: 4, body: 'Ưu đãi khi thanh toán bằng ví rất hấp dẫn.' },
];

export const seedPageContent: DomainSeed = async (tx, ctx) => {
  const pages = await tx.select({ id: businessPages.id, merchantId: businessPages.merchantId, status: businessPages.status }).from(businessPages).orderBy(asc(businessPages.id));
  const people = await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(40);
  if (!pages.length || people.length < REVIEWS.length) return;
  const now = Date.now();
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  for (const [index, page] of pages.entries()) {
    const author = page.merchantId === DemoMerchants.sme.id ? owner : null;
    const live = page.status === 'ACTIVE';
    const posted = (ageHours: number) => new Date(now - ageHours * HOUR - index * HOUR);
    const rows = await tx
      .insert(pagePosts)
      .values([
        { pageId: page.id, bodyHtml: sanitizePostHtml(POSTS[0]!), status: live ? 'PUBLISHED' : 'DRAFT', publishedAt: live ? posted(30) : null, pinned: live, createdBy: author, createdAt: posted(31), updatedAt: posted(30) },
        { pageId: page.id, bodyHtml: sanitizePostHtml(POSTS[1]!), status: live ? 'PUBLISHED' : 'DRAFT', publishedAt: live ? posted(5) : null, createdBy: author, createdAt: posted(6), updatedAt: posted(5) },
        { pageId: page.id, bodyHtml: sanitizePostHtml(POSTS[2]!), status: 'SCHEDULED', scheduledAt: new Date(now + 2 * DAY), createdBy: author, createdAt: posted(2), updatedAt: posted(2) },
        { pageId: page.id, bodyHtml: sanitizePostHtml(POSTS[3]!), status: 'DRAFT', createdBy: author, createdAt: posted(1), updatedAt: posted(1) },
      ])
      .returning({ id: pagePosts.id });
    if (live) {
      const [first, second] = rows;
      for (const [i, body] of COMMENTS.entries()) {
        const [comment] = await tx
          .insert(pagePostComments)
          .values({ postId: first!.id, customerId: people[(index + i) % people.length]!.id, body, createdAt: posted(29 - i) })
          .returning({ id: pagePostComments.id });
        if (i === 1) await tx.insert(pagePostComments).values({ postId: first!.id, staffUserId: author, parentId: comment!.id, body: PAGE_REPLY, createdAt: posted(27) });
      }
      await tx.insert(pagePostReactions).values(
        people.slice(0, 12 + index).map((c, i) => ({ postId: i % 3 === 2 ? second!.id : first!.id, customerId: c.id, kind: REACTION_KINDS[i % 3]!, createdAt: posted(28) })),
      );
    }
    await tx.insert(pageReviews).values(
      REVIEWS.map((r, i) => ({
        pageId: page.id,
        customerId: people[(index * 3 + i) % people.length]!.id,
        stars: r.stars,
        body: r.body,
        replyBody: r.reply ?? null,
        replyUserId: r.reply ? author : null,
        repliedAt: r.reply ? new Date(now - (i + 1) * DAY + 2 * HOUR) : null,
        createdAt: new Date(now - (i + 1) * DAY),
      })),
    );
    const [story] = await tx
      .insert(pageStories)
      .values([
        { pageId: page.id, kind: 'TEXT', text: 'Hôm nay: mua 1 tặng 1 từ 14:00 đến 16:00!', link: 'https://example.vn/uu-dai', createdBy: author, createdAt: posted(3), expiresAt: new Date(posted(3).getTime() + DAY) },
        { pageId: page.id, kind: 'TEXT', text: 'Cảm ơn khách hàng đã ghé thăm cuối tuần qua.', createdBy: author, createdAt: posted(40), expiresAt: new Date(posted(40).getTime() + DAY) },
      ])
      .returning({ id: pageStories.id });
    await tx.insert(pageStoryViews).values(people.slice(0, 9).map((c) => ({ storyId: story!.id, customerId: c.id, viewedAt: posted(2) })));
  }
};
