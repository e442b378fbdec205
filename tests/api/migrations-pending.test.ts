/**
 * The start-up check that skips Drizzle's migrator when the journal is applied (server/db/maintenance.ts):
 * it must say "pending" for a new database and for one that lacks the newest migration, and nothing else.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { migrationsPending } from '../../server/db/maintenance';
import { openTemplateDatabase } from './helpers';

describe('migrations pending at start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTemplateDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('is false once every migration of the journal is applied', async () => {
    expect(await migrationsPending(database)).toBe(false);
  });

  it('is true when the newest migration of the journal is not recorded', async () => {
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect(await migrationsPending(database)).toBe(true);
  });

  it('is true for a database that was never migrated', async () => {
    const empty = await openDatabase({ dataDir: null, databaseUrl: null });
    try {
      expect(await migrationsPending(empty)).toBe(true);
    } finally {
      await empty.close();
    }
  }, 60_000);
});
