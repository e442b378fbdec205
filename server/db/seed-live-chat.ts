/**
 * Demo conversations of the SME's public page (ca_phe_song_han), so the agent inbox has something to show:
 * a dozen of the page's followers (not customer_demo, whose conversation the demo starts live) wrote in
 * the last days; some are answered, some assigned to the page's chat agent, some resolved, a private note
 * or two. Receipts and unread counts agree with the rows (the customer's last messages unread by staff).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { businessPageFollows, businessPageMembers, businessPages, chatConversations, chatMessages, customers } from './schema';
import type { DomainSeed } from './seed-types';

const SLUG = 'ca_phe_song_han';
const HOUR = 3_600_000;

const OPENERS = ['Chào quán, hôm nay quán mở cửa đến mấy giờ ạ?', 'Cho mình đặt bàn 4 người tối nay được không?', 'Quán có giao hàng không ạ?', 'Cà phê muối còn không shop?', 'Mình muốn hỏi về chương trình giảm giá cuối tuần', 'Quán có chỗ đậu xe ô tô không ạ?'];
const REPLIES = ['Dạ chào anh/chị, quán mở cửa đến 22:00 ạ.', 'Dạ được ạ, quán giữ bàn cho mình lúc 19:00 nhé.', 'Dạ quán có giao trong bán kính 5 km ạ.', 'Dạ còn ạ, mời anh/chị ghé quán.', 'Dạ cuối tuần giảm 10% cho hoá đơn từ 200.000đ ạ.'];
const FOLLOW_UPS = ['Cảm ơn quán nhiều!', 'Ok mình ghé liền', 'Thanh toán bằng ví được không ạ?', 'Mình đến trễ 15 phút được không?'];
const NOTES = ['Khách quen, hay đặt bàn cuối tuần', 'Hỏi lại về hoá đơn VAT'];

export const seedLiveChat: DomainSeed = async (tx, ctx) => {
  const [page] = await tx.select({ id: businessPages.id, merchantId: businessPages.merchantId }).from(businessPages).where(eq(businessPages.slug, SLUG));
  if (!page) return;
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  const [agent] = await tx
    .select({ userId: businessPageMembers.userId })
    .from(businessPageMembers)
    .where(and(eq(businessPageMembers.pageId, page.id), eq(businessPageMembers.pageRole, 'CHAT_AGENT')));
  const followers = await tx
    .select({ id: customers.id })
    .from(businessPageFollows)
    .innerJoin(customers, eq(customers.id, businessPageFollows.customerId))
    .where(and(eq(businessPageFollows.pageId, page.id), isNull(customers.passwordHash)))
    .orderBy(asc(customers.id))
    .limit(12);
  const f = ctx.faker;
  const now = ctx.referenceDate.getTime();
  for (const [i, follower] of followers.entries()) {
    const status = i % 4 === 3 ? 'RESOLVED' : i % 5 === 4 ? 'PENDING' : 'OPEN';
    const assignee = i % 3 === 0 ? (agent?.userId ?? null) : i % 3 === 1 ? owner : null;
    const [conv] = await tx
      .insert(chatConversations)
      .values({ merchantId: page.merchantId, pageId: page.id, customerId: follower.id, status, assigneeUserId: assignee })
      .returning({ id: chatConversations.id });
    let at = now - (i * 7 + f.number.int({ min: 1, max: 6 })) * HOUR;
    const answered = i % 2 === 0 || status === 'RESOLVED';
    const script: { sender: 'CUSTOMER' | 'STAFF'; kind: 'TEXT' | 'NOTE'; body: string }[] = [{ sender: 'CUSTOMER', kind: 'TEXT', body: OPENERS[i % OPENERS.length]! }];
    if (answered) script.push({ sender: 'STAFF', kind: 'TEXT', body: REPLIES[i % REPLIES.length]! }, { sender: 'CUSTOMER', kind: 'TEXT', body: FOLLOW_UPS[i % FOLLOW_UPS.length]! });
    if (i % 4 === 0) script.push({ sender: 'STAFF', kind: 'NOTE', body: NOTES[i % NOTES.length]! });
    if (answered && status === 'RESOLVED') script.push({ sender: 'STAFF', kind: 'TEXT', body: 'Dạ quán cảm ơn anh/chị ạ.' });
    const lastCustomerIndex = script.map((s) => s.sender).lastIndexOf('CUSTOMER');
    for (const [n, line] of script.entries()) {
      at += f.number.int({ min: 1, max: 20 }) * 60_000;
      const createdAt = new Date(at);
      // Staff read what they answered; the customer's messages after the last staff reply stay unread.
      const readByOther = line.sender === 'CUSTOMER' ? answered && (n < lastCustomerIndex || status === 'RESOLVED') : true;
      await tx.insert(chatMessages).values({
        conversationId: conv!.id,
        merchantId: page.merchantId,
        pageId: page.id,
        sender: line.sender,
        senderUserId: line.sender === 'STAFF' ? (assignee ?? owner) : null,
        kind: line.kind,
        body: line.body,
        createdAt,
        deliveredAt: line.kind === 'NOTE' ? null : createdAt,
        readAt: line.kind === 'NOTE' || !readByOther ? null : new Date(at + 60_000),
      });
    }
    await tx.execute(sql`
      update chat_conversations c set
        last_message_id = m.id, last_message_at = m.created_at, last_message_preview = left(m.body, 120),
        last_message_kind = m.kind, last_message_sender = m.sender, updated_at = m.created_at,
        staff_unread = (select count(*) from chat_messages x where x.conversation_id = c.id and x.sender = 'CUSTOMER' and x.read_at is null),
        customer_unread = (select count(*) from chat_messages x where x.conversation_id = c.id and x.sender = 'STAFF' and x.kind <> 'NOTE' and x.read_at is null)
      from (select id, created_at, body, kind, sender from chat_messages where conversation_id = ${conv!.id} and kind <> 'NOTE' order by id desc limit 1) m
      where c.id = ${conv!.id}`);
  }
};
