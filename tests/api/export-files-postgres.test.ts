/**
 * Export job files are shared by every API process on one PostgreSQL: a job made through process A is
 * downloaded through process B, with files in the database (blob_chunks) and with files in S3-compatible
 * storage (a local s3rver that this test starts). Four processes, one database: A and B keep files in
 * the database, C and D in the bucket.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5439/postgres npx vitest run --project api tests/api/export-files-postgres.test.ts
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { presetRange, vietnamToday } from '@/domain/time';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { s3BlobStorage } from '../../server/lib/files/s3-blobs';
import { describeOnPostgres, freePort, ownDatabase, startServer, waitFor, type ServerProcess } from './processes';
import { startLocalS3, type LocalS3 } from './s3-server';

const url = process.env.TEST_DATABASE_URL;
const SME = DemoMerchants.sme.id;
const PASSWORD = 'Demo@1234';
const month = presetRange('lastMonth', vietnamToday());
const selection = `from=${month.from}&to=${month.to}&status=SUCCESS&format=csv&columns=id&columns=amount&columns=status&lang=en`;

async function login(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/authentication/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Starts an export job through `maker` and waits there until it is DONE; returns its id and size. */
async function exportThrough(maker: ServerProcess, token: string): Promise<{ id: string; sizeBytes: number; totalRows: number }> {
  const started = await fetch(`${maker.base}/transaction/v3/merchants/${SME}/transaction-report/exports?${selection}`, { method: 'POST', headers: auth(token) });
  const body = (await started.json()) as { data: { id: string } };
  expect(started.status, JSON.stringify(body)).toBe(202);
  let job: { status: string; sizeBytes: number; totalRows: number } = { status: 'QUEUED', sizeBytes: 0, totalRows: 0 };
  for (let i = 0; i < 600 && job.status !== 'DONE' && job.status !== 'FAILED'; i++) {
    const res = await fetch(`${maker.base}/report-job/v1/merchants/${SME}/exports/${body.data.id}`, { headers: auth(token) });
    job = ((await res.json()) as { data: typeof job }).data;
    if (job.status !== 'DONE') await new Promise((r) => setTimeout(r, 100));
  }
  expect(job.status).toBe('DONE');
  return { id: body.data.id, sizeBytes: job.sizeBytes, totalRows: job.totalRows };
}

async function download(server: ServerProcess, token: string, id: string) {
  const res = await fetch(`${server.base}/report-job/v1/merchants/${SME}/exports/${id}/file`, { headers: auth(token) });
  return { status: res.status, content: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') };
}

describeOnPostgres('export files shared by every process on one PostgreSQL', () => {
  const running: ServerProcess[] = [];
  let s3: LocalS3;
  let database: string;

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await ownDatabase(url!, 'portal_test_export_files');
    // Every export of more than 10 rows becomes a job, written in the background by the process asked.
    const env = { DATABASE_URL: database, EXPORT_SMALL_MAX_ROWS: '10' };
    const start = async (name: string, extra: Record<string, string>) => {
      const server = startServer(await freePort(), { ...env, ...extra });
      running.push(server);
      await waitFor(() => server.output().includes('merchant portal ready'), 150_000, () => `process ${name}: ${server.output().slice(-2000)}`);
    };
    await start('A', {});
    await Promise.all([start('B', {}), start('C', s3.env), start('D', s3.env)]);
  }, 400_000);
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
    await s3?.close();
  }, 30_000);

  it('a job written by A (files in the database) downloads through B, byte for byte', async () => {
    const [a, b] = running;
    const token = await login(a.base, 'owner_demo');
    const job = await exportThrough(a, token);
    expect(job.totalRows).toBeGreaterThan(10);
    const fromA = await download(a, token, job.id);
    const fromB = await download(b, token, job.id);
    expect(fromB.status).toBe(200);
    expect(fromB.type).toBe('text/csv; charset=utf-8');
    expect(fromB.content.length).toBe(job.sizeBytes);
    expect(fromB.content.equals(fromA.content)).toBe(true);
    // Header and one line per row.
    expect(fromB.content.toString('utf8').trim().split('\n').length).toBe(job.totalRows + 1);
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      const { rows } = await client.query<{ bytes: string }>('select coalesce(sum(octet_length(bytes)), 0)::text as bytes from blob_chunks where key = $1', [`exports/${job.id}`]);
      expect(Number(rows[0]!.bytes)).toBe(job.sizeBytes);
    } finally {
      await client.end();
    }
  });

  it('a job written by C (files in S3) downloads through D, byte for byte, and the same file as A made', async () => {
    const [a, , c, d] = running;
    const token = await login(c.base, 'owner_demo');
    const job = await exportThrough(c, token);
    expect(await s3BlobStorage(s3.config).size(`exports/${job.id}`)).toBe(job.sizeBytes);
    const fromD = await download(d, token, job.id);
    expect(fromD.status).toBe(200);
    expect(fromD.content.length).toBe(job.sizeBytes);
    expect(fromD.content.equals((await download(c, token, job.id)).content)).toBe(true);
    // The same selection written by a process that keeps files in the database is the same file.
    const other = await exportThrough(a, token);
    expect(fromD.content.equals((await download(a, token, other.id)).content)).toBe(true);
    // A process with the other storage does not find the file: it is not a copy on A's disk either.
    expect((await download(a, token, job.id)).status).toBe(404);
  });
});
