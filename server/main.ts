/**
 * Starts the server: configuration, database (migrated and seeded on first start), listen; and a
 * graceful shutdown on SIGTERM/SIGINT: in-flight requests finish, new ones get 503, the database is
 * closed (and the PGlite folder unlocked) before the process exits. On the embedded database, SIGUSR2
 * asks for a backup (server/tools/db-backup-signal.ts, used by `npm run db:backup`).
 */
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { holdFirstPasses } from './lib/scheduler/periodic';
import { installBackupSignal } from './tools/db-backup-signal';

/** Milliseconds since the process started (Node's own start included). */
const elapsedMs = () => Math.round(performance.now());

/** Long enough for the first health checks and requests to go first. */
const FIRST_PASSES_AFTER_LISTEN_MS = 1000;

/** Exit codes from sysexits.h, so a supervisor can tell a bad setup from a crash. */
const EX_CONFIG = 78;
const EX_TEMPFAIL = 75;

/** Before the logger exists (bad configuration, folder in use): one line on stderr, then exit. */
function failStart(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  // Node's start and the loading of this module, before any of our code ran (the app's code loads below).
  const loadMs = elapsedMs();
  // SIGUSR2 would end a process that has no handler: ignored, unless the embedded database answers it below.
  const ignoreEarlyBackupSignal = () => undefined;
  process.on('SIGUSR2', ignoreEarlyBackupSignal);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) failStart(err.message, EX_CONFIG);
    throw err;
  }

  // Background jobs' first passes run just after the server answers, not before.
  const releaseFirstPasses = holdFirstPasses();
  let app: FastifyInstance;
  try {
    // The database starts opening first (PGlite reads and compiles its WebAssembly in the background), then
    // the app's code loads (a chunk of its own in the bundle): the two overlap instead of taking turns.
    const opening = openDatabase(config);
    // Its failure (folder in use, server unreachable) is reported below, once buildApp awaits it.
    opening.catch(() => undefined);
    const { buildApp } = await import('./app').catch(async (err: unknown) => {
      await opening.then((database) => database.close()).catch(() => undefined);
      throw err;
    });
    app = await buildApp(config, { opening });
  } catch (err) {
    if (err instanceof DataDirLockedError) failStart(err.message, EX_TEMPFAIL);
    // A damaged installation secret is a setup problem like a bad variable.
    if (err instanceof ConfigError) failStart(err.message, EX_CONFIG);
    throw err;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out: exiting with requests still open');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      app.log.info('shut down cleanly');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exitCode = 1;
    }
  };
  // `npm run db:backup` asks a running server on the embedded database for a consistent dump (SIGUSR2).
  const dumpSql = app.database.dumpSql;
  if (dumpSql && config.dataDir) installBackupSignal(config.dataDir, dumpSql, app.log);
  // A lost embedded database answers nothing again in this process: exit non-zero so the supervisor starts a new one.
  app.database.watch?.((incident) => {
    if (incident.kind !== 'lost') return;
    process.exitCode = 1;
    void shutdown('database lost');
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  setTimeout(releaseFirstPasses, FIRST_PASSES_AFTER_LISTEN_MS).unref();
  app.log.info(
    { startMs: elapsedMs(), loadMs, database: config.databaseUrl ? 'postgresql' : config.dataDir },
    `merchant portal ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/portal/`,
  );
}

main().catch((err) => {
  failStart(`Fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`, 1);
});
