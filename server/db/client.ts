/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same generated migrations through Drizzle's migrator.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { lockDataDir, type DataDirLock } from './lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies pending migrations. On PostgreSQL several processes may start at once: they take turns. */
  migrate(): Promise<void>;
  /** Runs `fn` while holding the start-up lock (PostgreSQL advisory lock; PGlite has one process). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(timeoutMs?: number): Promise<void>;
  /**
   * The rows of `query` as CSV text made by the database itself (COPY … WITH (FORMAT csv): LF between
   * records, quotes as RFC 4180), for exports where decoding every field in JavaScript is the
   * bottleneck. PGlite answers one blob per statement, so callers keep each query to a bounded slice;
   * PostgreSQL streams COPY TO STDOUT.
   */
  copyCsv(query: SQL): AsyncIterable<Buffer>;
  /** PGlite has no autovacuum; statistics and dead rows are our job. No-op on PostgreSQL. */
  vacuum(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (delivered at commit, from any process on
   * PostgreSQL, in-process on PGlite). Resolves to the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Embedded database only: a consistent SQL dump (pg_dump), no write landing during it (server/tools/db-dump.ts). */
  dumpSql?(): Promise<string>;
  close(): Promise<void>;
}

/** Extensions must be passed on every PGlite open, not only the first. */
export const pgliteExtensions = { pg_trgm };

/**
 * Beside this module in the source tree (server/db/migrations) and beside the bundle
 * (dist/server/migrations, copied by scripts/build-server.mjs).
 */
export function migrationsFolder(): string {
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  if (!existsSync(folder)) throw new Error(`Migrations folder not found: ${folder}`);
  return folder;
}

const dialect = new PgDialect();

/**
 * COPY takes no bind parameters: the values go into the text as literals, quoted by Drizzle's own
 * dialect (strings with doubled quotes). Only for queries built from validated filters.
 */
export function inlineSql(query: SQL): string {
  return dialect.sqlToQuery(query.inlineParams()).sql;
}

// Any constant works; it only has to be the same in every process of this application.
const STARTUP_LOCK_KEY = 4_250_117;

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Wraps an open PGlite instance. `lock` is released on close. */
export function pgliteDatabase(client: PGlite, lock: DataDirLock | null = null): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    withStartupLock: (fn) => fn(),
    ping: async (timeoutMs = 2000) => {
      await withTimeout(client.query('select 1'), timeoutMs, 'Database ping');
    },
    async *copyCsv(query) {
      const result = await client.query(`COPY (${inlineSql(query)}) TO '/dev/blob' WITH (FORMAT csv)`);
      if (result.blob) yield Buffer.from(await result.blob.arrayBuffer());
    },
    vacuum: async () => {
      await client.exec('VACUUM ANALYZE');
    },
    dumpSql: async () => (await import('../tools/db-dump')).dumpPglite(client),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      // Stopping after (or while) the database closes has nothing left to stop: PGlite would throw 'closed'.
      return async () => {
        if (closed) return;
        try {
          await unlisten();
        } catch (err) {
          if (!closed) throw err;
        }
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * bigint (int8: count(*), sum() of integers, bigint columns in raw queries) reads as a number on PGlite
 * (a BigInt only beyond 2^53) but as a string on node-postgres. PostgreSQL reads it the way PGlite does,
 * so a query behaves the same on both engines. Drizzle's node-postgres driver asks pg's global parsers
 * for every type but dates and intervals, so this is set once for the process.
 */
function parseInt8(value: string): number | bigint {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : BigInt(value);
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

export function postgresDatabase(pool: pg.Pool): Database {
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    withStartupLock: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    ping: async (timeoutMs = 2000) => {
      await withTimeout(pool.query('select 1'), timeoutMs, 'Database ping');
    },
    async *copyCsv(query) {
      const conn = await pool.connect();
      try {
        const stream = conn.query(copyTo(`COPY (${inlineSql(query)}) TO STDOUT WITH (FORMAT csv)`));
        for await (const chunk of stream) yield chunk as Buffer;
      } finally {
        conn.release();
      }
    },
    vacuum: async () => undefined,
    listen: async (channel, onPayload) => {
      const stop = await listenOnPool(pool, channel, onPayload, () => closed);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      // A held LISTEN connection would keep pool.end() waiting.
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * One pooled connection held for LISTEN; a lost connection is replaced (notifications sent meanwhile
 * are missed, which the listeners tolerate: the rows stay in the database).
 */
async function listenOnPool(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  isClosed: () => boolean,
): Promise<() => Promise<void>> {
  let conn: pg.PoolClient | null = null;
  let stopped = false;
  const released = new WeakSet<pg.PoolClient>();
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const attach = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A lost connection can report more than one error, and may report one after stop() released it:
    // it goes back to the pool once (the pool handles what comes after).
    c.on('error', () => {
      if (released.has(c)) return;
      released.add(c);
      c.release(true);
      if (conn === c) conn = null;
      if (!stopped && !isClosed()) setTimeout(() => void attach().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await c.query(`LISTEN ${quoted}`);
    conn = c;
  };
  await attach();
  return async () => {
    stopped = true;
    const c = conn;
    conn = null;
    if (!c) return;
    await c.query(`UNLISTEN ${quoted}`).catch(() => undefined);
    if (released.has(c)) return;
    released.add(c);
    c.release();
  };
}

export interface OpenOptions {
  dataDir: string | null;
  databaseUrl: string | null;
  /**
   * PGlite's shared_buffers (e.g. '32MB'): its cache lives in the WebAssembly heap, which never gives
   * memory back, while the files behind it are cached by the operating system anyway. Unset: PGlite's 128MB.
   */
  pgliteSharedBuffers?: string | null;
}

/** Opens PGlite in `dataDir` with `sharedBuffers`; the setting needs a restart, so a change reopens once. */
async function openPglite(dataDir: string, sharedBuffers: string | null | undefined): Promise<PGlite> {
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  if (!sharedBuffers) return client;
  const [current] = (await client.query<{ shared_buffers: string }>('show shared_buffers')).rows;
  if (current?.shared_buffers === sharedBuffers) return client;
  // ALTER SYSTEM takes no parameters; the value was checked against /^\d+(kB|MB|GB)$/ by the config.
  await client.query(`alter system set shared_buffers = '${sharedBuffers}'`);
  await client.close();
  return PGlite.create(dataDir, { extensions: pgliteExtensions });
}

/** Opens (and for PGlite, locks) the configured database. Does not migrate. */
export async function openDatabase({ dataDir, databaseUrl, pgliteSharedBuffers }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported here; without
    // a listener it would be an uncaught exception that ends the process. The pool has already dropped it
    // and the next query opens a new one.
    pool.on('error', () => undefined);
    // Fail at start, not on the first request, when the server is unreachable.
    await pool.query('select 1').catch(async (err) => {
      await pool.end();
      throw err;
    });
    return postgresDatabase(pool);
  }
  if (!dataDir) {
    return pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
  }
  const lock = lockDataDir(dataDir);
  try {
    const client = await openPglite(dataDir, pgliteSharedBuffers);
    return pgliteDatabase(client, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Rows of a raw query, for the few statements Drizzle's builder does not express. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
