/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same generated migrations through Drizzle's migrator.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inlineSql, migrationsFolder, withTimeout, type Database, type Db } from './database';
import { lockDataDir, type DataDirLock } from './lock';
import { openPgliteThread, PgliteThread } from './pglite-thread';
import * as schema from './schema';

export { migrationsFolder, type Database, type Db, type ListenOptions } from './database';

export { pgliteExtensions } from './pglite-extensions';

/** What the database wrapper uses of PGlite: an instance in this thread, or one on its own thread. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close'> | PgliteThread;

/** Wraps an open PGlite instance. `lock` is released on close. */
export function pgliteDatabase(client: PgliteClient, lock: DataDirLock | null = null): Database {
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
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
    dumpSql: async () => (client instanceof PgliteThread ? client.dumpSql() : (await import('../tools/db-dump')).dumpPglite(client as PGlite)),
    watch: client instanceof PgliteThread ? (watcher) => client.watch(watcher) : undefined,
    listen: async (channel, onPayload, options) => {
      const unlisten = client instanceof PgliteThread ? await client.listen(channel, onPayload, options?.onReattach) : await client.listen(channel, onPayload);
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

export interface OpenOptions {
  dataDir: string | null;
  databaseUrl: string | null;
  /**
   * PGlite's shared_buffers (e.g. '32MB'): its cache lives in the WebAssembly heap, which never gives
   * memory back, while the files behind it are cached by the operating system anyway. Unset: PGlite's 128MB.
   */
  pgliteSharedBuffers?: string | null;
}

/** Opens (and for PGlite, locks) the configured database. Does not migrate. */
export async function openDatabase({ dataDir, databaseUrl, pgliteSharedBuffers }: OpenOptions): Promise<Database> {
  // node-postgres and its driver load only here: an embedded install never pays for them at start.
  if (databaseUrl) return (await import('./postgres')).openPostgres(databaseUrl);
  // PGlite runs on a thread of its own (server/db/pglite-thread.ts), in memory when there is no folder.
  if (!dataDir) return pgliteDatabase(await openPgliteThread({}));
  const lock = lockDataDir(dataDir);
  try {
    return pgliteDatabase(await openPgliteThread({ dataDir, sharedBuffers: pgliteSharedBuffers }), lock);
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
