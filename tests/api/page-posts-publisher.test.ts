/**
 * Scheduled page posts are published exactly once with two processes on one PostgreSQL: 30 due posts,
 * two separate Node processes each running the publisher 20 times at once; every post is published by
 * exactly one of them, with its scheduled time as publication time. Runs when TEST_DATABASE_URL names a
 * throwaway PostgreSQL, on a database of its own:
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/page-posts-publisher.test.ts
 * The embedded-database half (same guarded UPDATE, parallel passes in one process) is in page-content.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { asc, inArray } from 'drizzle-orm';
import { ownDatabase, describeOnPostgres } from './processes';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { businessPages, pagePosts } from '../../server/db/schema';

const url = process.env.TEST_DATABASE_URL;
const CHILD = fileURLToPath(new URL('./page-posts-publisher-child.ts', import.meta.url));

function runChild(databaseUrl: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

describeOnPostgres('scheduled page posts on PostgreSQL with two processes', () => {
  let app: FastifyInstance;
  let databaseUrl: string;
  beforeAll(async () => {
    // A database of its own: postgres.test.ts resets TEST_DATABASE_URL's schema while files run in parallel.
    databaseUrl = await ownDatabase(url!, 'portal_test_page_posts');
    // No post publisher in the app's background (testConfig), which could publish the due posts before the two child processes do.
    app = await buildApp(testConfig({ databaseUrl }));
  }, 120_000);
  afterAll(() => app?.close());

  it('publishes each due post exactly once', async () => {
    const db = app.database.db;
    const [page] = await db.select({ id: businessPages.id }).from(businessPages).orderBy(asc(businessPages.id)).limit(1);
    const due = Date.now() - 60_000;
    const inserted = await db
      .insert(pagePosts)
      .values(Array.from({ length: 30 }, (_, i) => ({ pageId: page!.id, bodyHtml: `<p>Bài hẹn giờ ${i}</p>`, status: 'SCHEDULED', scheduledAt: new Date(due - i * 1000) })))
      .returning({ id: pagePosts.id });
    const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
    const [first, second] = await Promise.all([runChild(databaseUrl), runChild(databaseUrl)]);
    const all = [...first!, ...second!].filter((id) => ids.includes(id)).sort((a, b) => a - b);
    expect(all).toEqual(ids);
    const rows = await db.select().from(pagePosts).where(inArray(pagePosts.id, ids));
    expect(rows.every((r) => r.status === 'PUBLISHED' && r.publishedAt?.getTime() === r.scheduledAt?.getTime())).toBe(true);
  }, 120_000);
});
