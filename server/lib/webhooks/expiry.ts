/**
 * The `link.expired` webhook event. A link's EXPIRED status is derived on read (its expiry has passed, it
 * is neither paid nor deactivated), so nothing happens at the moment it expires: this sweep, run by the
 * webhook worker's pass, queues the event afterwards. The guard is in the database: one conditional
 * UPDATE sets `payment_links.expired_event_at` on links whose expiry has passed and that were not
 * announced yet (rows locked FOR UPDATE SKIP LOCKED), and the event is queued in that same transaction.
 * A link is therefore announced exactly once, whatever the number of processes on one PostgreSQL and
 * across restarts; a rolled-back sweep leaves the link to the next one.
 */
import { and, asc, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentLinks as L } from '../../db/schema';
import { enqueueWebhookEvent } from './index';

/** Links claimed per transaction. */
const SWEEP_BATCH = 100;

/** One link's event payload: enough for the receiver to find the link (its code and reference). */
export const linkExpiredData = (link: { code: string; reference: string | null; title: string; expiresAt: Date | null }) => ({
  paymentLinkCode: link.code,
  orderId: link.reference ?? link.code,
  title: link.title,
  expiredAt: link.expiresAt?.toISOString() ?? null,
});

/** Queues `link.expired` for every link expired at `now` and not announced yet; returns how many links were claimed. */
export async function sweepExpiredLinks(db: Db, now: Date = new Date()): Promise<number> {
  let claimed = 0;
  for (let round = 0; round < 100; round++) {
    const links = await db.transaction(async (tx) => {
      const due = and(isNull(L.expiredEventAt), isNull(L.paidAt), isNull(L.deactivatedAt), isNotNull(L.expiresAt), lte(L.expiresAt, now));
      const rows = await tx
        .update(L)
        .set({ expiredEventAt: now })
        .where(
          and(
            due,
            inArray(L.id, tx.select({ id: L.id }).from(L).where(due).orderBy(asc(L.expiresAt)).limit(SWEEP_BATCH).for('update', { skipLocked: true })),
          ),
        )
        .returning({ merchantId: L.merchantId, code: L.code, reference: L.reference, title: L.title, expiresAt: L.expiresAt });
      for (const link of rows) {
        await enqueueWebhookEvent(tx, { merchantId: link.merchantId, type: 'link.expired', data: linkExpiredData(link) });
      }
      return rows.length;
    });
    claimed += links;
    if (links < SWEEP_BATCH) break;
  }
  return claimed;
}
