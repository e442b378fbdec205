/**
 * Start-up (migrate, seed an empty database) and periodic upkeep: PGlite has no autovacuum, and
 * ended sessions and stale sign-in counters would otherwise pile up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { authRepository } from '../routes/auth/repository';
import type { Database } from './client';
import { sessionsRepository } from './repositories/sessions';
import { upsertHelpArticles } from './seed-help-center';
import { seedIfEmpty } from './seed';

/** Ended sessions are kept this long for audit before they are deleted. */
const SESSION_RETENTION_DAYS = 30;

export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await database.withStartupLock(async () => {
    const started = Date.now();
    await database.migrate();
    log.info({ ms: Date.now() - started, kind: database.kind }, 'database migrated');
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

/** Runs upkeep every `config.vacuumIntervalMs`; returns the function that stops it. */
export function startMaintenance(database: Database, config: Config, log: FastifyBaseLogger): () => void {
  if (config.vacuumIntervalMs <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await sessionsRepository(database.db).purgeEnded(SESSION_RETENTION_DAYS);
      await authRepository(database.db).purgeThrottles(config.loginThrottle);
      await database.vacuum();
      log.info('database maintenance done');
    } catch (err) {
      log.error({ err }, 'database maintenance failed');
    } finally {
      running = false;
    }
  }, config.vacuumIntervalMs);
  // Upkeep must never keep the process alive on shutdown.
  timer.unref();
  return () => clearInterval(timer);
}
