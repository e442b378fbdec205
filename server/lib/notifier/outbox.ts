/** The demo outbox: messages sent while DEMO_MODE is on, newest first, kept for a day. */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demoOutbox } from '../../db/schema';
import type { OutgoingMessage } from './index';

const KEEP_MS = 24 * 3_600_000;

export interface OutboxEntry {
  id: number;
  channel: 'SMS' | 'EMAIL';
  to: string;
  title: string;
  text: string;
  code: string | null;
  createdAt: Date;
}

export function outboxRepository(db: Db) {
  return {
    async add(message: OutgoingMessage, now = new Date()): Promise<void> {
      await db.insert(demoOutbox).values({
        channel: message.channel,
        address: message.to,
        title: message.title,
        body: message.text,
        code: message.code ?? null,
        createdAt: now,
      });
      await db.delete(demoOutbox).where(lt(demoOutbox.createdAt, new Date(now.getTime() - KEEP_MS)));
    },

    async list(address: string, limit = 20): Promise<OutboxEntry[]> {
      const rows = await db
        .select()
        .from(demoOutbox)
        .where(and(eq(demoOutbox.address, address)))
        .orderBy(desc(demoOutbox.id))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel as 'SMS' | 'EMAIL',
        to: r.address,
        title: r.title,
        text: r.body,
        code: r.code,
        createdAt: r.createdAt,
      }));
    },
  };
}
