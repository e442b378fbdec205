/**
 * Start-up (migrate, seed an empty database) and periodic upkeep: PGlite has no autovacuum, and
 * ended sessions and stale sign-in counters would otherwise pile up.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { runPeriodically } from '../lib/scheduler/periodic';
import { authRepository } from '../routes/auth/repository';
import { migrationsFolder, rows, type Database } from './client';
import { sessionsRepository } from './repositories/sessions';
import { upsertHelpArticles } from './seed-help-center';
import { seedIfEmpty } from './seed';

/** Ended sessions are kept this long for audit before they are deleted. */
const SESSION_RETENTION_DAYS = 30;

/**
 * Whether the journal has a migration the database has not applied, by the migrator's own rule (a
 * migration is applied when its `when` is not after the newest `created_at` recorded). One query instead
 * of the migrator's reading and hashing of every file, its DDL and its empty transaction at every start.
 */
export async function migrationsPending(database: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const [last] = await rows<{ created_at: string | number | null }>(
      database.db,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    return !last || Number(last.created_at) < newest;
  } catch {
    // No migrations table yet: a new database.
    return true;
  }
}

export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await database.withStartupLock(async () => {
    const started = Date.now();
    if (await migrationsPending(database)) {
      await database.migrate();
      log.info({ ms: Date.now() - started, kind: database.kind }, 'database migrated');
    }
    // The help centre's articles are the product's content, not demo data: every install has them.
    await upsertHelpArticles(database.db);
    if (!config.seed) return;
    const seeded = await seedIfEmpty(database.db, config.seedSize);
    if (seeded) {
      log.info({ ms: Date.now() - started, ...seeded }, 'database seeded with demo data');
      // Fresh statistics right away: the planner otherwise sees empty tables until the next run.
      await database.vacuum();
    }
  });
}

/** Runs upkeep every `config.vacuumIntervalMs`; returns the function that stops it (waiting for a pass in progress). */
export function startMaintenance(database: Database, config: Config, log: FastifyBaseLogger): () => Promise<void> {
  if (config.vacuumIntervalMs <= 0) return async () => undefined;
  return runPeriodically(
    config.vacuumIntervalMs,
    async () => {
      await sessionsRepository(database.db).purgeEnded(SESSION_RETENTION_DAYS);
      await authRepository(database.db).purgeThrottles(config.loginThrottle);
      await database.vacuum();
      log.info('database maintenance done');
    },
    (err) => log.error({ err }, 'database maintenance failed'),
    { firstDelayMs: null },
  );
}
