/**
 * A consistent SQL dump of an open PGlite database (pg_dump compiled to WebAssembly, from
 * @electric-sql/pglite-tools), used by `npm run db:backup` / `db:move` and by a running server asked
 * for a backup (see ./db-backup-signal.ts).
 *
 * Consistency: PGlite has one connection, and every top-level query and transaction of the server takes
 * its transaction lock. The dump holds that lock from start to end, so no write can land in the middle
 * of it (a transaction in flight finishes first; requests wait a moment). pg_dump itself talks to the
 * database through the raw protocol, which takes no lock; the few statements the pglite-tools wrapper
 * runs around it go the same way, so nothing waits on the lock we hold.
 */
import type { PGlite } from '@electric-sql/pglite';

/** A simple-query protocol message ('Q', length, SQL, NUL). */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

interface LockingPglite {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/** The dump as SQL text (INSERT statements, loadable with one exec on PGlite or PostgreSQL). */
export async function dumpPglite(client: PGlite): Promise<string> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const [{ search_path: searchPath }] = (await client.query<{ search_path: string }>('SHOW search_path')).rows;
  return (client as unknown as LockingPglite)._runExclusiveTransaction(async () => {
    const raw = (sql: string) => client.execProtocolRaw(simpleQuery(sql));
    // What pgDump asks of its `pg`, without the locks its plain query/exec would wait on.
    const unlocked = {
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
      query: async () => ({ rows: [{ search_path: searchPath }] }),
      exec: async (sql: string) => {
        await raw(sql);
        return [];
      },
    };
    try {
      const file = await pgDump({ pg: unlocked as unknown as PGlite, args: ['--no-owner', '--no-privileges'] });
      return await file.text();
    } finally {
      // pg_dump reads in a transaction of its own and leaves without ending it; end it, and give the
      // session back its search_path (pg_dump empties it), before anyone else may query.
      await raw('ROLLBACK');
      await raw(`SET search_path TO ${searchPath}`);
    }
  });
}
