/**
 * Broadcasts are sent exactly once on PostgreSQL with sender passes running at once on two connection
 * pools (as two server processes do), and after a process died mid-way: every recipient of the audience
 * is materialised once (= countAudience), each gets one chat message, and the broadcast is started by
 * one pass only. Runs when TEST_DATABASE_URL is set, in a database of its own.
 */
import { expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { describeOnPostgres } from './processes';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/client';
import { onTwoPools } from './pools';
import { broadcastRecipients, broadcasts, businessPageFollows, businessPages, chatMessages, customers, pageCustomerTags, pageTags } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { countAudience } from '../../server/lib/audience';
import { runBroadcastPass, sendRecipient, startDueBroadcast } from '../../server/lib/broadcasts';
import { EMPTY_AUDIENCE } from '../../src/domain/audience';
import { addDays, vietnamTime, vietnamToday } from '../../src/domain/time';

const OWN_DATABASE = `portal_test_care_${process.pid}`;
const SME = DemoMerchants.sme.id;
const AT = () => vietnamTime(addDays(vietnamToday(), 1), 10);

describeOnPostgres('broadcasts on PostgreSQL, concurrent sender passes', () => {
  let app: FastifyInstance;
  let second: Database;
  let pageId: number;
  onTwoPools(OWN_DATABASE, async (a, b) => {
    app = a;
    second = b;
    const [page] = await app.database.db.insert(businessPages).values({ merchantId: SME, name: 'Trang PG', slug: 'pg_care_page', status: 'ACTIVE' }).returning({ id: businessPages.id });
    pageId = page!.id;
  });

  async function broadcastTo(tagName: string, n: number) {
    const db = app.database.db;
    const [tag] = await db.insert(pageTags).values({ merchantId: SME, pageId, name: tagName, color: '#2e7d32' }).returning({ id: pageTags.id });
    const made = await db
      .insert(customers)
      .values(Array.from({ length: n }, (_, i) => ({ username: `pg_care_${tagName}_${i}`, fullName: `Khách ${i}` })))
      .returning({ id: customers.id });
    await db.insert(businessPageFollows).values(made.map((c) => ({ pageId, customerId: c.id })));
    await db.insert(pageCustomerTags).values(made.map((c) => ({ tagId: tag!.id, customerId: c.id, pageId })));
    const audience = { ...EMPTY_AUDIENCE, tagIds: [tag!.id] };
    const [b] = await db
      .insert(broadcasts)
      .values({ merchantId: SME, pageId, name: tagName, audience, message: 'Chào ${name}', scheduledAt: new Date() })
      .returning({ id: broadcasts.id });
    return { id: b!.id, ids: made.map((c) => c.id), audience };
  }

  const messagesOf = async (broadcastId: number) =>
    (await app.database.db.select({ n: count() }).from(chatMessages).where(and(eq(chatMessages.pageId, pageId), like(chatMessages.clientMessageId, `broadcast:${broadcastId}`))))[0]!.n;

  it('sends each recipient once however many passes run at once on two pools', async () => {
    const { id, ids, audience } = await broadcastTo('race', 60);
    expect(await countAudience(app.database.db, audience, { merchantId: SME, pageId, population: 'PAGE' })).toBe(60);
    const passes = await Promise.all(Array.from({ length: 8 }, (_, i) => runBroadcastPass(i % 2 ? second.db : app.database.db, AT())));
    expect(passes.flatMap((p) => p.started).filter((s) => s === id)).toHaveLength(1);
    expect(passes.reduce((a, p) => a + p.outcomes.SENT, 0)).toBe(60);
    const recipients = await app.database.db.select({ customerId: broadcastRecipients.customerId, state: broadcastRecipients.state }).from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, id));
    expect(recipients.map((r) => r.customerId).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(recipients.every((r) => r.state === 'SENT')).toBe(true);
    expect(await messagesOf(id)).toBe(60);
    const [done] = await app.database.db.select({ status: broadcasts.status, audienceSize: broadcasts.audienceSize }).from(broadcasts).where(eq(broadcasts.id, id));
    expect(done).toEqual({ status: 'SENT', audienceSize: 60 });
  }, 120_000);

  it('resumes after a process stopped mid-way, on the other pool, without duplicates', async () => {
    const { id, ids } = await broadcastTo('restart', 20);
    expect(await startDueBroadcast(app.database.db, AT())).toBe(id);
    for (const customerId of ids.slice(0, 7)) expect(await sendRecipient(app.database.db, id, customerId, AT())).toBe('SENT');
    // The first "process" is gone; the second one's passes (two at once) finish the job.
    const [a, b] = await Promise.all([runBroadcastPass(second.db, AT()), runBroadcastPass(second.db, AT())]);
    expect(a.outcomes.SENT + b.outcomes.SENT).toBe(13);
    expect(await messagesOf(id)).toBe(20);
  }, 120_000);
});
