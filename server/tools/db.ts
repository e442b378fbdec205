/**
 * Backup, restore and move of the embedded database (docs/operations.md):
 *   npm run db:backup  -- [--data-dir ./data] [--out backups/portal-<time>.sql]
 *   npm run db:restore -- --from <file.sql> [--data-dir ./data]      (into an empty DATA_DIR)
 *   npm run db:move    -- --to <DATABASE_URL> [--data-dir ./data]    (into an empty PostgreSQL database)
 * A dump is SQL from pg_dump (PGlite's own build, @electric-sql/pglite-tools), consistent: no write lands
 * during it. A folder a running server holds is dumped by that server (SIGUSR2, ./db-backup-signal.ts);
 * a stopped one is opened (and locked) here. The migrations journal (schema drizzle) is in the dump, so a
 * server started on the restored or moved database does not migrate again.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from '../db/lock';
import { SECRET_FILE_NAME, TOKEN_PEPPER_ROW } from '../lib/installation-secret';
import { BACKUP_REQUEST_FILE, backupAnswerFile, writeDump, type BackupAnswer } from './db-backup-signal';
import { dumpPglite } from './db-dump';

export class ToolError extends Error {}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** How long a running server may take to answer a backup request. */
const SERVER_DUMP_TIMEOUT_MS = 10 * 60_000;

/** The pid of the live process holding `dataDir`, or null. */
function holderOf(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8').trim(), 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Opens a stopped embedded database, locked against a server starting meanwhile. */
async function withStoppedPglite<T>(dataDir: string, fn: (client: PGlite) => Promise<T>): Promise<T> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new ToolError(`${dataDir} holds no embedded database`);
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    try {
      return await fn(client);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Asks the server holding `dataDir` (pid `pid`) to write its dump to `out`. */
async function dumpByServer(dataDir: string, pid: number, out: string): Promise<void> {
  const id = randomUUID();
  const answerPath = backupAnswerFile(dataDir, id);
  mkdirSync(dirname(out), { recursive: true });
  const requestPath = join(dataDir, BACKUP_REQUEST_FILE);
  writeFileSync(requestPath, JSON.stringify({ id, out }), { mode: 0o600 });
  const until = Date.now() + SERVER_DUMP_TIMEOUT_MS;
  let signalled = 0;
  while (!existsSync(answerPath)) {
    const gone = holderOf(dataDir) !== pid;
    if (gone || Date.now() > until) {
      rmSync(requestPath, { force: true });
      throw new ToolError(
        gone
          ? `the server (process ${pid}) stopped before answering the backup request: run the command again`
          : `the server (process ${pid}) did not answer the backup request: is it this portal's server, of this version?`,
      );
    }
    // Until the server takes the request (it may still be starting and not listening for the signal yet).
    if (existsSync(requestPath) && Date.now() - signalled > 2000) {
      process.kill(pid, 'SIGUSR2');
      signalled = Date.now();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const answer = JSON.parse(readFileSync(answerPath, 'utf8')) as BackupAnswer;
  rmSync(answerPath, { force: true });
  if (!answer.ok) throw new ToolError(`the server could not write the backup: ${answer.error}`);
}

/** A consistent dump of the embedded database in `dataDir`, written to `out`; from the running server if any. */
export async function backup(dataDir: string, out: string): Promise<{ bytes: number; by: 'server' | 'tool' }> {
  const pid = holderOf(dataDir);
  if (pid !== null && pid !== process.pid) {
    await dumpByServer(dataDir, pid, out);
    return { bytes: statSync(out).size, by: 'server' };
  }
  try {
    const sql = await withStoppedPglite(dataDir, dumpPglite);
    mkdirSync(dirname(out), { recursive: true });
    return { bytes: writeDump(out, sql), by: 'tool' };
  } catch (err) {
    // A server started between the look and the lock: ask it instead.
    if (err instanceof DataDirLockedError) return backup(dataDir, out);
    throw err;
  }
}

/** Loads a dump into a new embedded database in `dataDir`, which must be empty (the secret file may be there). */
export async function restore(from: string, dataDir: string): Promise<void> {
  const sql = readFileSync(from, 'utf8');
  if (existsSync(dataDir)) {
    const present = readdirSync(dataDir).filter((name) => name !== SECRET_FILE_NAME);
    if (present.length > 0) throw new ToolError(`${dataDir} is not empty (${present.slice(0, 3).join(', ')}…): restore into an empty folder`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    try {
      await client.exec(sql);
    } finally {
      await client.close();
    }
  } catch (err) {
    lock.release();
    // Leave the folder as empty as it was, so the restore can be tried again.
    for (const name of readdirSync(dataDir)) if (name !== SECRET_FILE_NAME) rmSync(join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
  lock.release();
}

/**
 * Fits pg_dump's output (PGlite's PostgreSQL 18) to an older server: settings it does not know are left
 * out. The schema itself uses nothing newer than PostgreSQL 15.
 */
export function forServer(sql: string, serverVersionNum: number): string {
  let fitted = sql;
  if (serverVersionNum < 170000) fitted = fitted.replace(/^SET transaction_timeout = 0;\r?$/gm, '');
  return fitted;
}

/** Copies the embedded database of `dataDir` into the empty PostgreSQL database of `databaseUrl`. */
export async function move(dataDir: string, databaseUrl: string): Promise<{ tables: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: used } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    if (used[0]!.n > 0) throw new ToolError('the target database is not empty: db:move copies into an empty database only');
    const { rows: version } = await client.query<{ v: number }>("select current_setting('server_version_num')::int as v");

    const pid = holderOf(dataDir);
    let sql: string;
    if (pid !== null) {
      const out = join(dataDir, `move-${randomUUID()}.sql`);
      try {
        await dumpByServer(dataDir, pid, out);
        sql = readFileSync(out, 'utf8');
      } finally {
        rmSync(out, { force: true });
      }
    } else {
      sql = await withStoppedPglite(dataDir, dumpPglite);
    }
    const secretPath = join(dataDir, SECRET_FILE_NAME);
    const secret = existsSync(secretPath) ? readFileSync(secretPath, 'utf8').trim() : null;

    // All or nothing: a failure leaves the target as empty as it was.
    await client.query('begin');
    try {
      await client.query(forServer(sql, Number(version[0]!.v)));
      await client.query(`select pg_catalog.set_config('search_path', '"$user", public', true)`);
      // The installation's generated secret lives in this table on PostgreSQL: sessions and codes stay valid.
      if (secret) {
        await client.query('insert into installation_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [TOKEN_PEPPER_ROW, secret]);
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
    const { rows: tables } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return { tables: tables[0]!.n };
  } finally {
    await client.end();
  }
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new ToolError(`${name} needs a value`);
  return value;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');

export async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const dataDir = resolve(option(args, '--data-dir') ?? process.env.DATA_DIR ?? './data');
  switch (command) {
    case 'backup': {
      const out = resolve(option(args, '--out') ?? join('backups', `portal-${stamp()}.sql`));
      const { bytes, by } = await backup(dataDir, out);
      say(`Backup of ${dataDir} written to ${out} (${bytes} bytes${by === 'server' ? ', by the running server' : ''}).`);
      say(`Keep ${join(dataDir, SECRET_FILE_NAME)} with it unless TOKEN_PEPPER is set: sessions and codes are hashed with it.`);
      return;
    }
    case 'restore': {
      const from = option(args, '--from');
      if (!from) throw new ToolError('db:restore needs --from <dump.sql>');
      await restore(resolve(from), dataDir);
      say(`Restored ${resolve(from)} into ${dataDir}.`);
      return;
    }
    case 'move': {
      const to = option(args, '--to');
      if (!to || !/^postgres(ql)?:\/\//.test(to)) throw new ToolError('db:move needs --to <postgres://user:pass@host:5432/db>');
      const { tables } = await move(dataDir, to);
      // The URL is not echoed: it may carry a password.
      say(`Copied ${dataDir} into the PostgreSQL database (${tables} tables). Start the server with DATABASE_URL set to it.`);
      return;
    }
    default:
      throw new ToolError('usage: db.ts backup [--out FILE] | restore --from FILE | move --to DATABASE_URL  [--data-dir DIR]');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'db.ts')) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`${err instanceof ToolError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
