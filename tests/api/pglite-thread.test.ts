/**
 * The embedded database on its own thread (server/db/pglite-thread.ts): what the application relies on
 * from PGlite still holds across the thread boundary, and the HTTP thread keeps running while a query does.
 * When the thread stops, a data folder is opened again (as a PostgreSQL pool replaces a lost connection),
 * or the database is given up as lost, which the server answers by exiting for its supervisor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { openDatabase, pgliteDatabase, rows, type Database } from '../../server/db/client';
import { openPgliteThread, type PgliteThread, type ThreadIncident } from '../../server/db/pglite-thread';
import { isUniqueViolation } from '../../server/db/errors';

let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-thread-'));
  database = await openDatabase({ dataDir, databaseUrl: null });
  await database.db.execute(sql`create table items (id int primary key, label text not null, at timestamptz not null default now())`);
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite on its own thread', () => {
  it('keeps the error’s code and constraint, which the application reads', async () => {
    await database.db.execute(sql`insert into items (id, label) values (1, 'one')`);
    let error: unknown;
    try {
      await database.db.execute(sql`insert into items (id, label) values (1, 'again')`);
    } catch (err) {
      error = err;
    }
    expect(isUniqueViolation(error, 'items_pkey')).toBe(true);
    expect(await rows(database.db, sql`select label from items where id = 1`)).toEqual([{ label: 'one' }]);
  });

  it('commits a transaction when it returns and undoes all of it when it throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, label) values (2, 'two')`);
      await tx.execute(sql`insert into items (id, label) values (3, 'three')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (id, label) values (4, 'four')`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update items set label = 'changed' where id = 2`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await rows(database.db, sql`select id, label from items where id between 2 and 4 order by id`)).toEqual([
      { id: 2, label: 'two' },
      { id: 3, label: 'three' },
    ]);
  });

  it('runs a query from outside a transaction only after it ends, as PGlite does in one thread', async () => {
    let inside!: () => void;
    const held = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into items (id, label) values (5, 'five')`);
      inside();
      await gate;
    });
    await held;
    const outside = rows<{ n: number }>(database.db, sql`select count(*)::int as n from items where id = 5`);
    release();
    await tx;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it('hands timestamps to Drizzle as text, and nested transactions use savepoints', async () => {
    const [row] = await rows<{ at: unknown }>(database.db, sql`select at from items where id = 1`);
    expect(typeof row!.at).toBe('string');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, label) values (6, 'six')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into items (id, label) values (7, 'seven')`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    expect(await rows(database.db, sql`select id from items where id in (6, 7) order by id`)).toEqual([{ id: 6 }]);
  });

  it('delivers NOTIFY to a listener until it stops listening', async () => {
    const got: string[] = [];
    const unlisten = await database.listen('thread_test', (payload) => got.push(payload));
    await database.db.execute(sql`select pg_notify('thread_test', 'first')`);
    await new Promise((r) => setTimeout(r, 50));
    await unlisten();
    await database.db.execute(sql`select pg_notify('thread_test', 'second')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual(['first']);
  });

  it('makes CSV with COPY and a consistent dump', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of database.copyCsv(sql`select id, label from items where id <= 3 order by id`)) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('1,one\n2,two\n3,three\n');
    const dump = await database.dumpSql!();
    expect(dump).toContain('CREATE TABLE public.items');
  });

  it('leaves this thread free while a query runs: timers fire during a 400 ms statement', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    const started = performance.now();
    await database.db.execute(sql`select pg_sleep(0.4)`);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(elapsed).toBeGreaterThanOrEqual(390);
    // In-thread PGlite blocks the event loop for the whole statement: no tick at all.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('refuses calls after close with an error instead of hanging', async () => {
    const other = await openDatabase({ dataDir: null, databaseUrl: null });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  });
});

describe('when the database thread stops (an abort in PGlite’s WebAssembly)', () => {
  /** Ends the worker as a crash would: without closing PGlite. */
  const crash = (thread: PgliteThread) => (thread as unknown as { worker: Worker }).worker.terminate();

  /** Runs `use` on a new folder, removed afterwards (or the file left in its place). */
  const inFolder = async (prefix: string, use: (dir: string) => Promise<void>) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    try {
      await use(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('opens the folder again: calls in flight fail, an open transaction leaves nothing, listeners hear again', () =>
    inFolder('portal-reopen-', async (dir) => {
      const thread = await openPgliteThread({ dataDir: dir });
      const incidents: ThreadIncident[] = [];
      thread.watch((incident) => incidents.push(incident));
      const db = pgliteDatabase(thread);
      await db.db.execute(sql`create table kept (id int primary key)`);
      await db.db.execute(sql`insert into kept values (1)`);
      const heard: string[] = [];
      let reattached = 0;
      await db.listen('reopen_test', (payload) => heard.push(payload), { onReattach: () => (reattached += 1) });

      let crashed!: Promise<number>;
      const inTransaction = db.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (2)`);
        crashed = crash(thread);
        await tx.execute(sql`insert into kept values (3)`);
      });
      // Drizzle wraps the database's error ("Failed query: …") and keeps it as the cause.
      await expect(inTransaction).rejects.toSatisfy((err: Error) => /thread stopped/.test(String((err.cause as Error | undefined)?.message)));
      await crashed;

      // The next call waits for the folder to open again, and sees exactly what was committed.
      expect(await rows(db.db, sql`select id from kept order by id`)).toEqual([{ id: 1 }]);
      expect(incidents).toEqual([expect.objectContaining({ kind: 'reopened', attempt: 1 })]);
      expect(reattached).toBe(1);
      await db.db.execute(sql`select pg_notify('reopen_test', 'after')`);
      await expect.poll(() => heard).toEqual(['after']);
      await db.close();
    }));

  it('gives the database up as lost when its folder does not open again: every call is refused, none hangs', () =>
    inFolder('portal-lost-', async (dir) => {
      const thread = await openPgliteThread({ dataDir: dir });
      const incidents: ThreadIncident[] = [];
      thread.watch((incident) => incidents.push(incident));
      await thread.query('select 1');
      // The folder is replaced by a file: no attempt can open it.
      rmSync(dir, { recursive: true, force: true });
      writeFileSync(dir, 'not a database');
      await crash(thread);
      await expect(thread.query('select 1')).rejects.toThrow();
      expect(incidents.map((incident) => incident.kind)).toEqual(['lost']);
      await expect(thread.query('select 1')).rejects.toThrow();
      await thread.close();
    }),
  // One start of the thread per attempt (REOPEN_DELAYS_MS), each a few seconds from source on a busy machine.
  90_000);

  it('a database in memory is gone with its thread: lost at once; stopping a listener and closing still succeed', async () => {
    const thread = await openPgliteThread({});
    const incidents: ThreadIncident[] = [];
    thread.watch((incident) => incidents.push(incident));
    const unlisten = await thread.listen('lost_test', () => undefined);
    await crash(thread);
    await expect(thread.query('select 1')).rejects.toThrow(/stopped/);
    expect(incidents.map((incident) => incident.kind)).toEqual(['lost']);
    // The server's shutdown after a loss stops its listeners and closes the database: neither may throw.
    await expect(unlisten()).resolves.toBeUndefined();
    await expect(thread.close()).resolves.toBeUndefined();
  });
});
