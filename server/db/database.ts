/**
 * What both engines share: the Database interface server code uses, and the helpers the embedded
 * (client.ts) and PostgreSQL (postgres.ts) halves both need.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as schema from './schema';
import type { ThreadIncident } from './pglite-thread';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface ListenOptions {
  /** PostgreSQL: the listening connection's application_name, so other processes can see who listens (pg_stat_activity). */
  applicationName?: string;
  /** Called when a lost listening connection (PostgreSQL) or database thread (PGlite) has been replaced; NOTIFYs sent meanwhile were missed. */
  onReattach?: () => void;
}

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
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /** Embedded database only: a consistent SQL dump (pg_dump), no write landing during it (server/tools/db-dump.ts). */
  dumpSql?(): Promise<string>;
  /**
   * Embedded database only: calls `watcher` when its thread stops (an abort in PGlite's WebAssembly): the
   * folder was opened again (`reopened`), or could not be (`lost`: every query fails from then on).
   */
  watch?(watcher: (incident: ThreadIncident) => void): void;
  close(): Promise<void>;
}

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
export const STARTUP_LOCK_KEY = 4_250_117;

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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
