/**
 * One process of the two-process publisher test (page-posts-publisher.test.ts): on DATABASE_URL, runs
 * publishDuePosts `ROUNDS` times back to back and prints the ids it published, one JSON array.
 */
import { openDatabase } from '../../server/db/client';
import { publishDuePosts } from '../../server/lib/scheduler/page-posts';

const ROUNDS = 20;
const database = await openDatabase({ dataDir: null, databaseUrl: process.env.DATABASE_URL! });
const published: number[] = [];
try {
  for (let i = 0; i < ROUNDS; i++) published.push(...(await publishDuePosts(database.db)));
} finally {
  await database.close();
}
process.stdout.write(JSON.stringify(published));
