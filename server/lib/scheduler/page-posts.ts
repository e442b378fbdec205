/**
 * Publishing scheduled page posts. The post row is the whole state: one guarded UPDATE moves every due
 * SCHEDULED post to PUBLISHED and returns exactly the rows it moved, so across restarts and several
 * processes on one PostgreSQL each post is published once (a second process's UPDATE finds the row no
 * longer SCHEDULED: PostgreSQL re-checks the WHERE after waiting on the row lock). A post scheduled while
 * the server was down goes out on the first pass after start, with its scheduled time as published_at.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pagePosts } from '../../db/schema';
import { runPeriodically } from './periodic';

/** How often a process looks for due posts. */
export const POST_PUBLISHER_INTERVAL_MS = 15_000;

/** Publishes the posts due at `now`; returns the ids this call published. */
export async function publishDuePosts(db: Db, now: Date = new Date()): Promise<number[]> {
  const published = await db
    .update(pagePosts)
    .set({ status: 'PUBLISHED', publishedAt: sql`${pagePosts.scheduledAt}`, updatedAt: now })
    .where(and(eq(pagePosts.status, 'SCHEDULED'), lte(pagePosts.scheduledAt, now)))
    .returning({ id: pagePosts.id });
  return published.map((p) => p.id);
}

/** Runs publishDuePosts now and then every interval; returns the stop function (waits for a running pass). */
export function startPostPublisher(db: Db, log: FastifyBaseLogger, intervalMs = POST_PUBLISHER_INTERVAL_MS): () => Promise<void> {
  return runPeriodically(
    intervalMs,
    async () => {
      const ids = await publishDuePosts(db);
      if (ids.length) log.info({ postIds: ids }, 'scheduled page posts published');
    },
    (err) => log.error({ err }, 'publishing scheduled page posts failed'),
  );
}
