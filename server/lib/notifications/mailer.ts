/**
 * E-mail and SMS copies of notifications, for the kinds each recipient chose (notification_preferences).
 * Pending rows are claimed with FOR UPDATE SKIP LOCKED and emptied in one statement, so across
 * processes each copy is sent once; a copy that fails is logged (no text) and not retried, as the
 * other account notices. Runs on every NOTIFY and every few seconds (copies from another process).
 */
import { inArray, sql } from 'drizzle-orm';
import type { NotificationKind, NotificationParams } from '@/domain/notifications';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import type { Notifier } from '../notifier';
import { notificationText, portalText } from './text';

const BATCH = 50;

interface Claimed {
  id: number;
  user_id: number;
  kind: NotificationKind;
  params: NotificationParams;
  link: string | null;
  channels: string[];
}

interface Log {
  error(obj: object, msg: string): void;
}

/** Sends the pending copies (up to a batch); answers how many notifications were claimed. */
export async function sendPendingCopies(db: Db, notifier: Notifier, log?: Log): Promise<number> {
  const claimed = await rows<Claimed>(
    db,
    sql`with c as (
          select id, pending_channels from notifications
          where pending_channels <> '{}'::text[]
          order by id limit ${BATCH} for update skip locked)
        update notifications n set pending_channels = '{}'::text[] from c where n.id = c.id
        returning n.id, n.user_id, n.kind, n.params, n.link, c.pending_channels as channels`,
  );
  if (claimed.length === 0) return 0;
  const people = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [...new Set(claimed.map((c) => c.user_id))]));
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const row of claimed) {
    const person = byId.get(row.user_id);
    if (!person) continue;
    // Users' language is not stored: Vietnamese first, English below (e-mail); SMS in Vietnamese.
    const vi = notificationText('vi', row.kind, row.params);
    const en = notificationText('en', row.kind, row.params);
    const where = row.link ? `\n\n${row.link}` : '';
    for (const channel of row.channels) {
      const to = channel === 'EMAIL' ? person.email : channel === 'SMS' ? person.phone : null;
      if (!to) continue;
      try {
        await notifier.send({
          channel: channel as 'EMAIL' | 'SMS',
          to: channel === 'EMAIL' ? to.toLowerCase() : to,
          title: portalText('vi', 'portal.notifications.mailTitle') ?? 'Thông báo',
          text: channel === 'EMAIL' ? `${vi}${where}\n\n—\n\n${en}${where}` : vi,
        });
      } catch (err) {
        log?.error({ notificationId: row.id, channel, err: (err as Error).message }, 'notification copy not sent');
      }
    }
  }
  return claimed.length;
}

/** Sends pending copies now (coalesced) and every `intervalMs`; returns the stop function. */
export function startCopySender(db: Db, notifier: Notifier, log: Log, intervalMs = 5000) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await sendPendingCopies(db, notifier, log)) === BATCH);
        } while (again && !stopped);
      } catch (err) {
        log.error({ err: (err as Error).message }, 'notification copies failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    wake: () => void run(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
