/**
 * Chat automation on PostgreSQL with two connection pools (as two server processes have): passes of the
 * auto-resolve run at once resolve each silent conversation once (the passes together report exactly the
 * silent ones), and the greeting of a conversation handled at once by both pools is sent once. Runs when
 * TEST_DATABASE_URL is set, in a database of its own.
 */
import { expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { describeOnPostgres } from './processes';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { onTwoPools } from './pools';
import { businessPages, chatConversations, chatMessages, customers, pageChatSettings } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { autoResolve, chatAutomation } from '../../server/lib/chat-automation';
import { liveChatRepository } from '../../server/lib/live-chat/repository';

const OWN_DATABASE = 'portal_test_message_management';
const SME = DemoMerchants.sme.id;

describeOnPostgres('chat automation on PostgreSQL, two pools at once', () => {
  let app: FastifyInstance;
  let second: Database;
  onTwoPools(OWN_DATABASE, (a, b) => {
    app = a;
    second = b;
  });

  it('resolves each silent conversation once and greets each conversation once', async () => {
    const db = app.database.db;
    const [page] = await db.insert(businessPages).values({ merchantId: SME, name: 'Trang PG Chat', slug: 'pg_chat_automation', status: 'ACTIVE' }).returning({ id: businessPages.id });
    const pageId = page!.id;
    await db.insert(pageChatSettings).values({ pageId, merchantId: SME, autoResolveHours: 2, greetingEnabled: true, greetingText: 'Chào ${name}!' });
    const made = await db
      .insert(customers)
      .values(Array.from({ length: 30 }, (_, i) => ({ username: `pg_chat_${i}`, fullName: `Khách ${i}` })))
      .returning({ id: customers.id });
    const now = new Date();
    const convs = await db
      .insert(chatConversations)
      .values(made.map((c, i) => ({ merchantId: SME, pageId, customerId: c.id, lastMessageAt: new Date(now.getTime() - (i < 20 ? 3 : 1) * 3_600_000) })))
      .returning();

    const passes = await Promise.all(Array.from({ length: 8 }, (_, i) => autoResolve(i % 2 ? second.db : db, now)));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(20);
    const resolved = await db.select({ id: chatConversations.id }).from(chatConversations).where(and(eq(chatConversations.pageId, pageId), eq(chatConversations.status, 'RESOLVED')));
    expect(resolved).toHaveLength(20);

    // Both pools handle the first customer message of the same ten conversations at once.
    const greeted = convs.slice(20);
    await Promise.all(
      greeted.flatMap((conv) =>
        [db, second.db].map((pool) =>
          chatAutomation(pool).afterCustomerMessage(conv, { createdAt: now }, (input) => liveChatRepository(pool).send(conv, input)),
        ),
      ),
    );
    const greetings = await db
      .select({ conversationId: chatMessages.conversationId, body: chatMessages.body })
      .from(chatMessages)
      .where(and(inArray(chatMessages.conversationId, greeted.map((c) => c.id)), eq(chatMessages.sender, 'SYSTEM')));
    expect(greetings).toHaveLength(10);
    expect(new Set(greetings.map((g) => g.conversationId)).size).toBe(10);
    expect(greetings.map((g) => g.body).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Chào Khách ${20 + i}!`).sort());
  });
});
