/**
 * Live-chat reads and writes, shared by the REST routes and the websocket. Every write runs in one
 * transaction with its NOTIFY (./bus.ts), so a rolled-back write tells nobody and a committed one
 * reaches every process. Every read is scoped by page (and merchant, or customer) by the caller.
 *
 * Status rules (docs/decisions.md): staff set OPEN, PENDING or RESOLVED; a customer's message moves a
 * PENDING or RESOLVED conversation back to OPEN. Unread counts are exact: recounted from the rows on
 * each read receipt, incremented on each message of the other side. Private notes (NOTE) are staff
 * only: never a customer's message, never the inbox's last message, never counted unread.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { PAGE_ABILITIES } from '@/domain/businessPages';
import { maskPhone } from '@/domain/masking';
import {
  LIVE_CHAT_LIMITS,
  type ChatCustomerProfile,
  type ChatMessage,
  type ChatPage,
  type ConversationStatus,
  type ConversationSummary,
  type InboxFilter,
  type MessageKind,
  type MessageSender,
} from '@/domain/liveChat';
import type { Db } from '../../db/client';
import type { ChatAttachmentColumn } from '../../db/schema/live-chat';
import { businessPageFollows, businessPageMembers, businessPages, chatConversations, chatMessages, customers, paymentLinks, transactions, users, VI_ACCENTED, VI_PLAIN } from '../../db/schema';
import { chatAutomation, customerTagsOf } from '../chat-automation';
import { publishChatEvent } from './bus';

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

const FOLD = new Map([...VI_ACCENTED].map((ch, i) => [ch, VI_PLAIN[i]!]));
/** The same folding as the `search_text` column: lower case, Vietnamese letters without accents. */
export const foldText = (s: string): string => [...s.normalize('NFC')].map((ch) => FOLD.get(ch) ?? ch).join('').toLowerCase();
const likePattern = (s: string) => `%${foldText(s).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const otherSide = (side: MessageSender): MessageSender => (side === 'CUSTOMER' ? 'STAFF' : 'CUSTOMER');

const PREVIEW_CHARS = 120;
const previewOf = (kind: MessageKind, body: string) => (kind === 'TEXT' ? body.slice(0, PREVIEW_CHARS) : body.slice(0, PREVIEW_CHARS) || kind);

type CardRow = { code: string | null; title: string | null; amountType: string | null; amount: number | null };

export function messageOf(row: MessageRow, senderName: string | null, forCustomer: boolean, card: CardRow | null = null): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    pageId: row.pageId,
    sender: row.sender as MessageSender,
    senderUserId: forCustomer ? null : row.senderUserId,
    senderName,
    kind: row.kind as MessageKind,
    body: row.body,
    attachment: row.attachment ?? null,
    paymentLinkId: row.paymentLinkId,
    paymentLink: card?.code ? { code: card.code, title: card.title ?? '', amountType: card.amountType ?? '', amount: card.amount } : null,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export interface SendInput {
  sender: MessageSender;
  senderUserId: number | null;
  kind: MessageKind;
  body: string;
  paymentLinkId?: number;
  attachment?: ChatAttachmentColumn;
  clientMessageId?: string;
}

export function liveChatRepository(db: Db) {
  /** Chat on/off, followers only, blocked words, greeting and away replies (server/lib/chat-automation). */
  const automation = chatAutomation(db);
  /** Messages with their senders' names; customers never see notes nor who on the staff wrote. */
  async function loadMessages(where: SQL, order: 'asc' | 'desc', limit: number, forCustomer: boolean): Promise<ChatMessage[]> {
    const rows = await db
      .select({
        m: chatMessages,
        staffName: users.name,
        card: { code: paymentLinks.code, title: paymentLinks.title, amountType: paymentLinks.amountType, amount: paymentLinks.amount },
      })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderUserId))
      .leftJoin(paymentLinks, and(eq(paymentLinks.id, chatMessages.paymentLinkId), eq(paymentLinks.merchantId, chatMessages.merchantId)))
      .where(forCustomer ? and(where, ne(chatMessages.kind, 'NOTE')) : where)
      .orderBy(order === 'asc' ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(limit);
    return rows.map((r) => messageOf(r.m, r.m.sender === 'STAFF' && !forCustomer ? r.staffName : null, forCustomer, r.card));
  }

  return {
    /** The conversation `id` of the page of the merchant, else null (another merchant's answers null too). */
    async conversation(merchantId: number, pageId: number, id: number): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.id, id), eq(chatConversations.pageId, pageId), eq(chatConversations.merchantId, merchantId)));
      return row ?? null;
    },

    /** The customer's conversation with the page, created on first use. */
    async conversationOfCustomer(page: { id: number; merchantId: number }, customerId: number, create: boolean): Promise<ConversationRow | null> {
      const find = async () =>
        (await db.select().from(chatConversations).where(and(eq(chatConversations.pageId, page.id), eq(chatConversations.customerId, customerId))))[0] ?? null;
      const found = await find();
      if (found || !create) return found;
      await automation.beforeStart(page, customerId);
      await db.insert(chatConversations).values({ merchantId: page.merchantId, pageId: page.id, customerId }).onConflictDoNothing();
      return find();
    },

    /**
     * Adds a message and moves the conversation on, with its NOTIFY, in one transaction. A repeated
     * `clientMessageId` of the same sender answers the first message and writes nothing.
     */
    async send(conversation: ConversationRow, input: SendInput): Promise<{ message: MessageRow; created: boolean }> {
      if (input.sender === 'CUSTOMER') await automation.beforeCustomerMessage(conversation, input.body, input.kind);
      const sent = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(chatMessages)
          .values({
            conversationId: conversation.id,
            merchantId: conversation.merchantId,
            pageId: conversation.pageId,
            sender: input.sender,
            senderUserId: input.senderUserId,
            kind: input.kind,
            body: input.body,
            paymentLinkId: input.paymentLinkId ?? null,
            attachment: input.attachment ?? null,
            clientMessageId: input.clientMessageId ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) {
          const [existing] = await tx
            .select()
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, conversation.id),
                eq(chatMessages.sender, input.sender),
                eq(chatMessages.clientMessageId, input.clientMessageId ?? ''),
              ),
            );
          return { message: existing!, created: false };
        }
        if (inserted.kind !== 'NOTE') {
          await tx
            .update(chatConversations)
            .set({
              lastMessageId: inserted.id,
              lastMessageAt: inserted.createdAt,
              lastMessagePreview: previewOf(inserted.kind as MessageKind, inserted.body),
              lastMessageKind: inserted.kind,
              lastMessageSender: inserted.sender,
              ...(input.sender === 'CUSTOMER'
                ? { staffUnread: sql`${chatConversations.staffUnread} + 1`, status: 'OPEN' }
                : { customerUnread: sql`${chatConversations.customerUnread} + 1` }),
              updatedAt: sql`now()`,
            })
            .where(eq(chatConversations.id, conversation.id));
        }
        await publishChatEvent(tx, { t: 'm', p: conversation.pageId, c: conversation.id, u: conversation.customerId, id: inserted.id });
        return { message: inserted, created: true };
      });
      // Automatic replies go through this same send (stored, NOTIFY, websocket), as the page (SYSTEM).
      if (sent.created && input.sender === 'CUSTOMER') await automation.afterCustomerMessage(conversation, sent.message, (i) => liveChatRepository(db).send(conversation, i));
      return sent;
    },

    /**
     * `reader` has read the other side's messages up to `upToId` (delivered too). Recounts the reader's
     * unread; tells the other side when something changed.
     */
    async markRead(conversation: ConversationRow, reader: MessageSender, upToId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(chatMessages)
          .set({ readAt: sql`now()`, deliveredAt: sql`coalesce(${chatMessages.deliveredAt}, now())` })
          .where(
            and(
              eq(chatMessages.conversationId, conversation.id),
              eq(chatMessages.sender, otherSide(reader)),
              ne(chatMessages.kind, 'NOTE'),
              lte(chatMessages.id, upToId),
              isNull(chatMessages.readAt),
            ),
          )
          .returning({ id: chatMessages.id });
        const unread = sql`(select count(*)::int from chat_messages m where m.conversation_id = ${conversation.id}
          and m.sender = ${otherSide(reader)} and m.kind <> 'NOTE' and m.read_at is null)`;
        await tx
          .update(chatConversations)
          .set(reader === 'STAFF' ? { staffUnread: unread } : { customerUnread: unread })
          .where(eq(chatConversations.id, conversation.id));
        if (changed.length > 0) {
          const top = Math.max(...changed.map((c) => c.id));
          await publishChatEvent(tx, { t: 'r', p: conversation.pageId, c: conversation.id, u: conversation.customerId, s: reader, k: 'read', id: top });
        }
        return changed.length;
      });
    },

    /** The message `id` reached the other side's screen (once: the first process to set it tells). */
    async markDelivered(messageId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(chatMessages)
          .set({ deliveredAt: sql`now()` })
          .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deliveredAt), ne(chatMessages.kind, 'NOTE')))
          .returning();
        if (!row) return;
        const receiver = otherSide(row.sender as MessageSender);
        const [conv] = await tx.select().from(chatConversations).where(eq(chatConversations.id, row.conversationId));
        if (conv) await publishChatEvent(tx, { t: 'r', p: conv.pageId, c: conv.id, u: conv.customerId, s: receiver, k: 'delivered', id: row.id });
      });
    },

    async setStatus(conversation: ConversationRow, status: ConversationStatus): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(chatConversations).set({ status, updatedAt: sql`now()` }).where(eq(chatConversations.id, conversation.id));
        await publishChatEvent(tx, { t: 'c', p: conversation.pageId, c: conversation.id, u: conversation.customerId });
      });
    },

    async assign(conversation: ConversationRow, assigneeUserId: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(chatConversations).set({ assigneeUserId, updatedAt: sql`now()` }).where(eq(chatConversations.id, conversation.id));
        await publishChatEvent(tx, { t: 'c', p: conversation.pageId, c: conversation.id, u: conversation.customerId });
      });
    },

    /** One message as `forCustomer` (null for a note to a customer, or an unknown id). */
    async message(id: number, forCustomer: boolean): Promise<ChatMessage | null> {
      const [found] = await loadMessages(eq(chatMessages.id, id), 'asc', 1, forCustomer);
      return found ?? null;
    },

    /** Keyset history: the newest `limit` messages older than `before` (newest first). */
    history(conversationId: number, before: number | undefined, limit: number, forCustomer: boolean): Promise<ChatMessage[]> {
      return loadMessages(
        and(eq(chatMessages.conversationId, conversationId), before ? lt(chatMessages.id, before) : undefined)!,
        'desc',
        limit,
        forCustomer,
      );
    },

    /** What a reconnecting socket missed: messages after `since` on the pages (staff) or in the conversation (customer). */
    catchUp(scope: { pageIds: number[] } | { conversationId: number }, since: number): Promise<ChatMessage[]> {
      if ('pageIds' in scope) {
        if (scope.pageIds.length === 0) return Promise.resolve([]);
        return loadMessages(and(inArray(chatMessages.pageId, scope.pageIds), gt(chatMessages.id, since))!, 'asc', LIVE_CHAT_LIMITS.catchUpMax, false);
      }
      return loadMessages(and(eq(chatMessages.conversationId, scope.conversationId), gt(chatMessages.id, since))!, 'asc', LIVE_CHAT_LIMITS.catchUpMax, true);
    },

    /** The highest message id on the pages (staff) or in the conversation (customer), 0 without any. */
    async lastMessageId(scope: { pageIds: number[] } | { conversationId: number | null }): Promise<number> {
      const where =
        'pageIds' in scope
          ? scope.pageIds.length
            ? inArray(chatMessages.pageId, scope.pageIds)
            : undefined
          : scope.conversationId
            ? eq(chatMessages.conversationId, scope.conversationId)
            : undefined;
      if (!where) return 0;
      const [row] = await db.select({ id: sql<number | null>`max(${chatMessages.id})` }).from(chatMessages).where(where);
      return row?.id ?? 0;
    },

    /**
     * The page's inbox, newest activity first: filters (mine, unassigned, status) and a search in the
     * customer's name or phone and the messages' text, without accents.
     */
    async inbox(
      pageId: number,
      merchantId: number,
      userId: number,
      q: { filter: InboxFilter; status?: ConversationStatus; search?: string; conversationId?: number; tagId?: number; pageNumber: number; pageSize: number },
    ): Promise<{ rows: ConversationSummary[]; total: number }> {
      const assignee = users;
      const search = q.search?.trim();
      const digits = search?.replace(/\D/g, '') ?? '';
      const where = and(
        eq(chatConversations.pageId, pageId),
        eq(chatConversations.merchantId, merchantId),
        q.filter === 'mine' ? eq(chatConversations.assigneeUserId, userId) : undefined,
        q.filter === 'unassigned' ? isNull(chatConversations.assigneeUserId) : undefined,
        q.status ? eq(chatConversations.status, q.status) : undefined,
        q.conversationId ? eq(chatConversations.id, q.conversationId) : undefined,
        // A tag of the page on the conversation's customer (page_customer_tags, server/db/schema/page-tags.ts).
        q.tagId
          ? sql`exists (select 1 from page_customer_tags ct where ct.page_id = ${pageId} and ct.customer_id = ${chatConversations.customerId} and ct.tag_id = ${q.tagId})`
          : undefined,
        search
          ? or(
              sql`lower(translate(${customers.fullName}, ${VI_ACCENTED}, ${VI_PLAIN})) like ${likePattern(search)}`,
              digits.length >= 3 ? sql`${customers.phone} like ${`%${digits}%`}` : undefined,
              sql`exists (select 1 from chat_messages m where m.conversation_id = ${chatConversations.id} and m.search_text like ${likePattern(search)})`,
            )
          : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        db
          .select({ c: chatConversations, customerName: customers.fullName, customerPhone: customers.phone, assigneeName: assignee.name })
          .from(chatConversations)
          .innerJoin(customers, eq(customers.id, chatConversations.customerId))
          .leftJoin(assignee, eq(assignee.id, chatConversations.assigneeUserId))
          .where(where)
          .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.id))
          .limit(q.pageSize)
          .offset(q.pageNumber * q.pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(chatConversations)
          .innerJoin(customers, eq(customers.id, chatConversations.customerId))
          .where(where),
      ]);
      const tagsOf = await customerTagsOf(db, pageId, rows.map((r) => r.c.customerId));
      return {
        total: counted!.n,
        rows: rows.map((r) => ({
          id: r.c.id,
          pageId: r.c.pageId,
          customerId: r.c.customerId,
          customerName: r.customerName,
          customerPhone: maskPhone(r.customerPhone),
          status: r.c.status as ConversationStatus,
          assigneeUserId: r.c.assigneeUserId,
          assigneeName: r.assigneeName,
          lastMessageId: r.c.lastMessageId,
          lastMessageAt: r.c.lastMessageAt?.toISOString() ?? null,
          lastMessagePreview: r.c.lastMessagePreview,
          lastMessageKind: r.c.lastMessageKind as MessageKind | null,
          lastMessageSender: r.c.lastMessageSender as MessageSender | null,
          unread: r.c.staffUnread,
          tags: tagsOf.get(r.c.customerId) ?? [],
        })),
      };
    },

    /**
     * The customer of the conversation as staff see them: phone masked, whether they follow the page, and
     * their payments with the merchant (the wallet phone links customers and payments; successful and
     * partly refunded ones count, net of refunds), the last five of any status.
     */
    async customerProfile(conversation: { customerId: number; pageId: number; merchantId: number }): Promise<ChatCustomerProfile> {
      const [c] = await db.select({ id: customers.id, name: customers.fullName, phone: customers.phone }).from(customers).where(eq(customers.id, conversation.customerId));
      const [follow] = await db
        .select({ id: businessPageFollows.id })
        .from(businessPageFollows)
        .where(and(eq(businessPageFollows.pageId, conversation.pageId), eq(businessPageFollows.customerId, conversation.customerId), isNull(businessPageFollows.unfollowedAt)));
      const phone = c?.phone ?? null;
      const mine = and(eq(transactions.merchantId, conversation.merchantId), eq(transactions.customerPhone, phone ?? ''));
      const [totals] = phone
        ? await db
            .select({
              count: sql<number>`count(*)::int`,
              total: sql<number>`coalesce(sum(${transactions.amount} - ${transactions.refundedAmount}), 0)::bigint`,
              lastAt: sql<Date | null>`max(${transactions.createdAt})`,
            })
            .from(transactions)
            .where(and(mine, inArray(transactions.status, ['SUCCESS', 'PARTIALLY_REFUNDED'])))
        : [{ count: 0, total: 0, lastAt: null }];
      const recent = phone
        ? await db
            .select({ id: transactions.id, createdAt: transactions.createdAt, amount: transactions.amount, status: transactions.status })
            .from(transactions)
            .where(mine)
            .orderBy(desc(transactions.createdAt), desc(transactions.id))
            .limit(5)
        : [];
      const lastAt = totals?.lastAt ? new Date(totals.lastAt) : null;
      return {
        customerId: conversation.customerId,
        name: c?.name ?? '',
        phone: maskPhone(phone),
        followsPage: !!follow,
        payments: { count: totals?.count ?? 0, total: Number(totals?.total ?? 0), lastAt: lastAt?.toISOString() ?? null },
        recent: recent.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString(), amount: r.amount, status: r.status })),
      };
    },

    /** The pages' names and inbox figures, in name order. */
    async pageSummaries(pageIds: number[]): Promise<ChatPage[]> {
      if (pageIds.length === 0) return [];
      const rows = await db
        .select({
          id: businessPages.id,
          name: businessPages.name,
          slug: businessPages.slug,
          status: businessPages.status,
          unreadConversations: sql<number>`(select count(*)::int from chat_conversations c where c.page_id = "business_pages"."id" and c.staff_unread > 0)`,
          open: sql<number>`(select count(*)::int from chat_conversations c where c.page_id = "business_pages"."id" and c.status <> 'RESOLVED')`,
        })
        .from(businessPages)
        .where(inArray(businessPages.id, pageIds))
        .orderBy(asc(businessPages.name), asc(businessPages.id));
      return rows;
    },

    /** The pages of the merchant the user may chat for (merchant owners/administrators: all). */
    async chatPages(merchantId: number, userId: number, pageAdminEverywhere: boolean): Promise<number[]> {
      const rows = pageAdminEverywhere
        ? await db.select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.merchantId, merchantId))
        : await db
            .select({ id: businessPages.id })
            .from(businessPages)
            .innerJoin(businessPageMembers, and(eq(businessPageMembers.pageId, businessPages.id), eq(businessPageMembers.userId, userId)))
            .where(and(eq(businessPages.merchantId, merchantId), inArray(businessPageMembers.pageRole, [...PAGE_ABILITIES.chat])));
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },
  };
}

export type LiveChatRepository = ReturnType<typeof liveChatRepository>;
