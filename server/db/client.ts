/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
 * Both run the same generated migrations through Drizzle's migrator.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { inlineSql, migrationsFolder, withTimeout, type Database, type Db } from './database';
import { lockDataDir, type DataDirLock } from './lock';
import * as schema from './schema';

export { migrationsFolder, type Database, type Db, type ListenOptions } from './database';

/** Extensions must be passed on every PGlite open, not only the first. */
export const pgliteExtensions = { pg_trgm };

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
  // node-postgres and its driver load only here: an embedded install never pays for them at start.
  if (databaseUrl) return (await import('./postgres')).openPostgres(databaseUrl);
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
