/**
 * Chat automation of a business page (issue 18, src/domain/messageSettings.ts), called from the live-chat
 * send path (server/lib/live-chat/repository.ts) so automatic messages go through the same pipeline as
 * every message (stored, NOTIFY, websocket):
 * - before a customer starts a conversation or writes: chat switched off (403), followers only and the
 *   customer does not follow (403, only to start: a first message), a blocked word (400); nothing written;
 * - after a customer's message: the greeting (once per conversation), the away message (once per
 *   conversation per away period) or else, outside the page's opening hours (Asia/Ho_Chi_Minh), the
 *   outside-hours reply (once per conversation per closed period). "Once" is a unique key in
 *   chat_automation_sends, so several processes send each at most once.
 * - auto-resolve: conversations silent for the page's N hours become RESOLVED by one conditional UPDATE
 *   (idempotent, safe with several processes), each change published like a status change.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ApiStatus } from '@/domain/api';
import { fillCustomerTemplate } from '@/domain/customerTemplates';
import type { MessageKind, MessageSender } from '@/domain/liveChat';
import { blockedWordIn, outsideHours, type WhoCanStart } from '@/domain/messageSettings';
import { rows, type Db } from '../../db/client';
import { businessPageFollows, businessPages, chatAutomationSends, type chatConversations, chatMessages, customers, pageChatSettings, pageCustomerTags, pageTags } from '../../db/schema';
import type { OpeningHoursColumn } from '../../db/schema/business-pages';
import { ApiError } from '../../errors';
import { publishChatEvent } from '../live-chat/bus';
import { runPeriodically } from '../scheduler/periodic';

type Settings = typeof pageChatSettings.$inferSelect;
type Conversation = typeof chatConversations.$inferSelect;

/** What a page without a settings row does: chat on for everyone, no automatic message. */
export function defaultSettings(page: { id: number; merchantId: number }): Settings {
  return {
    pageId: page.id,
    merchantId: page.merchantId,
    chatEnabled: true,
    whoCanStart: 'EVERYONE',
    blockedWords: [],
    greetingEnabled: false,
    greetingText: null,
    outsideHoursEnabled: false,
    outsideHoursText: null,
    awayEnabled: false,
    awayText: null,
    awaySince: null,
    autoResolveHours: null,
    updatedBy: null,
    updatedAt: new Date(0),
  };
}

export async function settingsOf(db: Db, page: { id: number; merchantId: number }): Promise<Settings> {
  const [row] = await db.select().from(pageChatSettings).where(eq(pageChatSettings.pageId, page.id));
  return row ?? defaultSettings(page);
}

export const chatOff = () => new ApiError(403, ApiStatus.FORBIDDEN, 'messageManagement.chatOff');
export const followersOnly = () => new ApiError(403, ApiStatus.FORBIDDEN, 'messageManagement.followersOnly');
export const blockedWord = () => new ApiError(400, ApiStatus.VALIDATION, 'messageManagement.blockedWord');

/** A message the automation sends (the repository's own send, as SYSTEM). */
export type AutomationSend = (input: { sender: MessageSender; senderUserId: null; kind: MessageKind; body: string }) => Promise<{ message: { id: number } }>;

export type AutomationKind = 'GREETING' | 'OUTSIDE_HOURS' | 'AWAY';

export function chatAutomation(db: Db) {
  const follows = async (pageId: number, customerId: number) =>
    (
      await db
        .select({ id: businessPageFollows.id })
        .from(businessPageFollows)
        .where(and(eq(businessPageFollows.pageId, pageId), eq(businessPageFollows.customerId, customerId), isNull(businessPageFollows.unfollowedAt)))
    ).length > 0;

  async function mayStart(settings: Settings, pageId: number, customerId: number): Promise<void> {
    if (!settings.chatEnabled) throw chatOff();
    if ((settings.whoCanStart as WhoCanStart) === 'FOLLOWERS' && !(await follows(pageId, customerId))) throw followersOnly();
  }

  /** The values of ${name} and ${page} for the conversation's customer. */
  async function valuesOf(conversation: Conversation) {
    const [row] = await db
      .select({ name: customers.fullName, page: businessPages.name, openingHours: businessPages.openingHours })
      .from(customers)
      .innerJoin(businessPages, eq(businessPages.id, conversation.pageId))
      .where(eq(customers.id, conversation.customerId));
    return { name: row?.name ?? '', page: row?.page ?? '', openingHours: (row?.openingHours ?? {}) as OpeningHoursColumn };
  }

  /** Claims the once-only key; true when this call is the one that sends. */
  async function claim(conversationId: number, kind: AutomationKind, periodKey: string): Promise<boolean> {
    const [row] = await db.insert(chatAutomationSends).values({ conversationId, kind, periodKey }).onConflictDoNothing().returning({ kind: chatAutomationSends.kind });
    return !!row;
  }

  return {
    /** Before a customer's conversation is created (chat off, followers only). */
    async beforeStart(page: { id: number; merchantId: number }, customerId: number): Promise<void> {
      await mayStart(await settingsOf(db, page), page.id, customerId);
    },

    /** Before a customer's message is stored: chat off, followers only (for a first message), blocked words. */
    async beforeCustomerMessage(conversation: Conversation, body: string, kind: MessageKind): Promise<void> {
      const settings = await settingsOf(db, { id: conversation.pageId, merchantId: conversation.merchantId });
      if (!settings.chatEnabled) throw chatOff();
      if ((settings.whoCanStart as WhoCanStart) === 'FOLLOWERS') {
        const [earlier] = await db
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.sender, 'CUSTOMER')))
          .limit(1);
        if (!earlier) await mayStart(settings, conversation.pageId, conversation.customerId);
      }
      if (kind === 'TEXT' && blockedWordIn(body, settings.blockedWords)) throw blockedWord();
    },

    /**
     * After a customer's message is stored: the greeting on the first one, then the away message, else the
     * outside-hours reply. `at` is the message's time (tests drive the clock with it).
     */
    async afterCustomerMessage(conversation: Conversation, message: { createdAt: Date }, send: AutomationSend): Promise<AutomationKind[]> {
      const settings = await settingsOf(db, { id: conversation.pageId, merchantId: conversation.merchantId });
      const wanted: { kind: AutomationKind; key: string; text: string }[] = [];
      if (settings.greetingEnabled && settings.greetingText) wanted.push({ kind: 'GREETING', key: '', text: settings.greetingText });
      const values = await valuesOf(conversation);
      if (settings.awayEnabled && settings.awayText) {
        wanted.push({ kind: 'AWAY', key: (settings.awaySince ?? settings.updatedAt).toISOString(), text: settings.awayText });
      } else if (settings.outsideHoursEnabled && settings.outsideHoursText) {
        const closed = outsideHours(values.openingHours, message.createdAt);
        if (closed.outside) wanted.push({ kind: 'OUTSIDE_HOURS', key: closed.opensAt ?? 'closed', text: settings.outsideHoursText });
      }
      const sent: AutomationKind[] = [];
      for (const w of wanted) {
        if (!(await claim(conversation.id, w.kind, w.key))) continue;
        const { message: m } = await send({ sender: 'SYSTEM', senderUserId: null, kind: 'TEXT', body: fillCustomerTemplate(w.text, values) });
        await db
          .update(chatAutomationSends)
          .set({ messageId: m.id })
          .where(and(eq(chatAutomationSends.conversationId, conversation.id), eq(chatAutomationSends.kind, w.kind), eq(chatAutomationSends.periodKey, w.key)));
        sent.push(w.kind);
      }
      return sent;
    },

    /** ${name} and ${page} of the conversation's customer. */
    async fill(conversation: Conversation, text: string): Promise<string> {
      return fillCustomerTemplate(text, await valuesOf(conversation));
    },
  };
}

/**
 * Resolves the conversations silent (no message either way) for their page's auto-resolve hours as of
 * `now`: one conditional UPDATE, so a second pass or another process changes nothing more. Each resolved
 * conversation is published like a status change, in the same transaction.
 */
export async function autoResolve(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const resolved = await rows<{ id: number; pageId: number; customerId: number }>(
      tx as unknown as Db,
      sql`update chat_conversations c set status = 'RESOLVED', updated_at = ${at}::timestamptz
        from page_chat_settings s
        where s.page_id = c.page_id and s.auto_resolve_hours is not null
          and c.status <> 'RESOLVED' and c.last_message_at is not null
          and c.last_message_at < ${at}::timestamptz - make_interval(hours => s.auto_resolve_hours)
        returning c.id, c.page_id as "pageId", c.customer_id as "customerId"`,
    );
    for (const r of resolved) await publishChatEvent(tx, { t: 'c', p: r.pageId, c: r.id, u: r.customerId });
    return resolved.length;
  });
}

export const AUTO_RESOLVE_INTERVAL_MS = 5 * 60_000;

/** Runs autoResolve now and every interval in this process; returns the stop function. */
export function startAutoResolver(db: Db, log: FastifyBaseLogger, intervalMs = AUTO_RESOLVE_INTERVAL_MS): () => Promise<void> {
  return runPeriodically(
    intervalMs,
    async () => {
      const n = await autoResolve(db);
      if (n) log.info({ resolved: n }, 'silent chat conversations resolved');
    },
    (err) => log.error({ err }, 'auto-resolving chat conversations failed'),
  );
}

/** The page's tags on each of `customerIds` (by tag name). */
export async function customerTagsOf(db: Db, pageId: number, customerIds: number[]): Promise<Map<number, { id: number; name: string; color: string }[]>> {
  const out = new Map<number, { id: number; name: string; color: string }[]>();
  if (customerIds.length === 0) return out;
  const found = await db
    .select({ customerId: pageCustomerTags.customerId, id: pageTags.id, name: pageTags.name, color: pageTags.color })
    .from(pageCustomerTags)
    .innerJoin(pageTags, eq(pageTags.id, pageCustomerTags.tagId))
    .where(and(eq(pageCustomerTags.pageId, pageId), inArray(pageCustomerTags.customerId, [...new Set(customerIds)])))
    .orderBy(asc(pageTags.name), asc(pageTags.id));
  for (const { customerId, ...tag } of found) out.set(customerId, [...(out.get(customerId) ?? []), tag]);
  return out;
}
