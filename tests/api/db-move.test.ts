/**
 * `npm run db:backup`, `db:restore` and `db:move` (server/tools/db.ts) on a seeded embedded database:
 * a backup and a move taken while the server runs (the server dumps itself, SIGUSR2), a move into an
 * empty PostgreSQL database only, the migrations journal carried along (no re-migration), and every demo
 * account seeing the same merchants, stores and transaction totals on PostgreSQL and on the restored folder.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/db-move.test.ts
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { presetRange, vietnamToday } from '@/domain/time';
import { DEMO_PASSWORD, DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { describeOnPostgres, freePort, ownDatabase, root, startServer, waitFor, type ServerProcess } from './processes';

const url = process.env.TEST_DATABASE_URL;

function tool(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/tools/db.ts', ...args], { cwd: root, env: { ...process.env, DATA_DIR: '' } }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function started(env: Record<string, string>, name: string): Promise<ServerProcess> {
  const server = startServer(await freePort(), env);
  await waitFor(() => server.output().includes('merchant portal ready'), 240_000, () => `${name}: ${server.output().slice(-2000)}`);
  return server;
}

async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

async function get(base: string, token: string, path: string): Promise<unknown> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: unknown };
  return { status: res.status, data: body.data };
}

/** What every demo account sees: its merchants, and per merchant the stores and transaction totals. */
async function figures(base: string): Promise<Record<string, unknown>> {
  const today = vietnamToday();
  const ranges = [presetRange('lastMonth', today), presetRange('thisMonth', today)];
  const seen: Record<string, unknown> = {};
  for (const user of Object.values(DemoUsers)) {
    const res = await fetch(`${base}/authentication/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: DEMO_PASSWORD }),
    });
    const login = (await res.json()) as { data?: { token?: string } };
    expect(res.status, `${user.username} signs in`).toBe(200);
    const token = login.data!.token!;
    const merchants = (await get(base, token, '/profile/v2/merchants')) as { status: number; data: { id: number }[] | { content: { id: number }[] } };
    const list = Array.isArray(merchants.data) ? merchants.data : (merchants.data?.content ?? []);
    const perMerchant: Record<number, unknown> = {};
    for (const { id } of list) {
      perMerchant[id] = {
        stores: await get(base, token, `/profile/v2/merchants/${id}/stores?pageSize=100`),
        totals: await Promise.all(ranges.map((r) => get(base, token, `/transaction/v3/merchants/${id}/transaction-report/totals?from=${r.from}&to=${r.to}`))),
      };
    }
    seen[user.username] = { merchants, perMerchant };
  }
  return seen;
}

async function onPostgres<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describeOnPostgres('moving the embedded database to PostgreSQL; backup and restore', () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  let dataDir: string;
  let embedded: ServerProcess;
  let before: Record<string, unknown>;
  let backupFile: string;

  beforeAll(async () => {
    const work = mkdtempSync(join(tmpdir(), 'portal-db-move-'));
    folders.push(work);
    dataDir = join(work, 'data');
    backupFile = join(work, 'backups', 'portal.sql');
    embedded = await started({ DATA_DIR: dataDir, SEED: 'on', SEED_SIZE: 'small' }, 'embedded server');
    servers.push(embedded);
    before = await figures(embedded.base);
    // Not a comparison of nothing: the owner sees the four demo merchants, each with its stores, and the
    // transaction totals of the two whose roles include the report (P2M and the pagoda's donation owner do not).
    const owner = before.owner_demo as { perMerchant: Record<string, { stores: { status: number }; totals: { status: number }[] }> };
    expect(Object.keys(owner.perMerchant)).toHaveLength(4);
    const statuses = Object.entries(owner.perMerchant).map(([id, seen]) => [Number(id), seen.stores.status, ...seen.totals.map((t) => t.status)]);
    expect(statuses).toEqual([
      [DemoMerchants.sme.id, 200, 200, 200],
      [DemoMerchants.topBrand.id, 200, 200, 200],
      [DemoMerchants.p2m.id, 200, 403, 403],
      [DemoMerchants.pagoda.id, 200, 403, 403],
    ]);
  }, 300_000);
  afterAll(async () => {
    for (const server of servers) await stop(server);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('db:backup of a running server is written by that server, as SQL with every table', async () => {
    const res = await tool(['backup', '--data-dir', dataDir, '--out', backupFile]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('by the running server');
    const sql = readFileSync(backupFile, 'utf8');
    expect(sql).toContain('PostgreSQL database dump complete');
    expect(sql).toMatch(/^INSERT INTO public\.transactions VALUES/m);
    expect(sql).toMatch(/^INSERT INTO drizzle\.__drizzle_migrations VALUES/m);
    // The server went on serving.
    expect((await fetch(`${embedded.base}/health`)).status).toBe(200);
  }, 120_000);

  it('db:move refuses a database that is not empty, and leaves it as it was', async () => {
    const target = await ownDatabase(url!, 'portal_test_move_busy');
    await onPostgres(target, (c) => c.query('create table kept (id int)'));
    const res = await tool(['move', '--data-dir', dataDir, '--to', target]);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe('the target database is not empty: db:move copies into an empty database only');
    const { rows } = await onPostgres(target, (c) => c.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`));
    expect(rows[0]!.n).toBe(1);
  }, 60_000);

  it('db:move copies the running embedded database; on PostgreSQL every demo account sees the same, without re-migrating', async () => {
    const target = await ownDatabase(url!, 'portal_test_move');
    const res = await tool(['move', '--data-dir', dataDir, '--to', target]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain(target);
    const journal = JSON.parse(readFileSync(join(root, 'server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = () => onPostgres(target, async (c) => (await c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n);
    expect(await applied()).toBe(journal.entries.length);
    const secret = readFileSync(join(dataDir, 'installation-secret'), 'utf8').trim();
    const stored = await onPostgres(target, async (c) => (await c.query<{ value: string }>(`select value from installation_secrets where name = 'token_pepper'`)).rows);
    expect(stored).toEqual([{ value: secret }]);

    const moved = await started({ DATABASE_URL: target, SEED: 'on' }, 'server on PostgreSQL');
    servers.push(moved);
    expect(await applied()).toBe(journal.entries.length);
    expect(await figures(moved.base)).toEqual(before);
    await stop(moved);
  }, 400_000);

  it('db:restore refuses a folder that is not empty and loads the backup into an empty one, which serves the same', async () => {
    await stop(embedded);
    const busy = join(folders[0]!, 'busy');
    writeFileSync(join(folders[0]!, 'placeholder'), '');
    const refused = await tool(['restore', '--from', backupFile, '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    const restoredDir = join(busy, 'data');
    const res = await tool(['restore', '--from', backupFile, '--data-dir', restoredDir]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    // The secret file is restored beside the database by the operator (docs/operations.md).
    writeFileSync(join(restoredDir, 'installation-secret'), readFileSync(join(dataDir, 'installation-secret')), { mode: 0o600 });
    const restored = await started({ DATA_DIR: restoredDir, SEED: 'on' }, 'server on the restored folder');
    servers.push(restored);
    expect(await figures(restored.base)).toEqual(before);
  }, 400_000);
});
