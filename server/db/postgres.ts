/**
 * The PostgreSQL half of server/db/client.ts (DATABASE_URL set): a pool wrapped as the same Database
 * the embedded engine gives. Its own module so an embedded install never loads node-postgres.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineSql, migrationsFolder, STARTUP_LOCK_KEY, withTimeout, type Database, type Db, type ListenOptions } from './database';
import * as schema from './schema';

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
    listen: async (channel, onPayload, options = {}) => {
      const stop = await listenOnPool(pool, channel, onPayload, options, () => closed);
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
 * are missed: `onReattach` tells the listener, and the others tolerate it as the rows stay in the database).
 * A named connection is closed rather than returned to the pool, so no other query runs under its name.
 */
async function listenOnPool(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  { applicationName, onReattach }: ListenOptions,
  isClosed: () => boolean,
): Promise<() => Promise<void>> {
  let conn: pg.PoolClient | null = null;
  let stopped = false;
  const released = new WeakSet<pg.PoolClient>();
  /** Back to the pool once (a lost connection can report more than one error, and after stop()); `destroy`: closed instead. */
  const releaseOnce = (c: pg.PoolClient, destroy: boolean): boolean => {
    if (released.has(c)) return false;
    released.add(c);
    c.release(destroy || undefined);
    return true;
  };
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const attach = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // The pool handles what a lost connection reports after its release. One lost while attaching is
    // retried by whoever is attaching.
    c.on('error', () => {
      if (!releaseOnce(c, true) || conn !== c) return;
      conn = null;
      setTimeout(reattach, LISTEN_RETRY_MS).unref();
    });
    try {
      if (applicationName) await c.query('select set_config($1, $2, false)', ['application_name', applicationName]);
      await c.query(`LISTEN ${quoted}`);
    } catch (err) {
      releaseOnce(c, true);
      throw err;
    }
    // Stopped while a retry was attaching: a held connection would keep the pool's end waiting.
    if (stopped || isClosed()) {
      releaseOnce(c, true);
      return;
    }
    conn = c;
  };
  const reattach = () => {
    if (stopped || isClosed()) return;
    attach().then(
      () => {
        if (conn) onReattach?.();
      },
      () => setTimeout(reattach, LISTEN_RETRY_MS).unref(),
    );
  };
  await attach();
  return async () => {
    stopped = true;
    const c = conn;
    conn = null;
    if (!c) return;
    await c.query(`UNLISTEN ${quoted}`).catch(() => undefined);
    releaseOnce(c, !!applicationName);
  };
}

/** A pool on `databaseUrl`, checked with one query so an unreachable server fails the start, not the first request. */
export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is reported here; without
  // a listener it would be an uncaught exception that ends the process. The pool has already dropped it
  // and the next query opens a new one.
  pool.on('error', () => undefined);
  await pool.query('select 1').catch(async (err) => {
    await pool.end();
    throw err;
  });
  return postgresDatabase(pool);
}
