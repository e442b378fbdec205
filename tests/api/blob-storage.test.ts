/**
 * Blob storage (server/lib/files/blobs.ts), both backends: the database (PGlite here; PostgreSQL in
 * export-files-postgres.test.ts) and S3 against a local s3rver. Files round-trip byte for byte, the
 * database keeps a file as 1 MB chunks and streams them back one at a time, and expired export jobs
 * leave no file behind.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { presetRange, vietnamToday } from '@/domain/time';
import { ConfigError, loadConfig } from '../../server/config';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { blobChunks, exportJobs, users } from '../../server/db/schema';
import { exportJobsOf, exportLimits, STALE_JOB_MS } from '../../server/lib/export-jobs';
import { DB_CHUNK_BYTES, databaseBlobStorage, rechunk, type BlobStorage } from '../../server/lib/files/blobs';
import { s3BlobStorage } from '../../server/lib/files/s3-blobs';
import { makeApp, type TestApp } from './helpers';
import { startLocalS3, type LocalS3 } from './s3-server';

const SME = DemoMerchants.sme.id;
const reportBase = `/api/transaction/v3/merchants/${SME}/transaction-report`;
const jobsBase = `/api/report-job/v1/merchants/${SME}/exports`;
const month = presetRange('lastMonth', vietnamToday());
const selection = `from=${month.from}&to=${month.to}&status=SUCCESS&format=csv&columns=id&columns=amount&columns=status`;

/** A stream of `total` bytes in parts of `part`, as an export writer would produce them. */
async function* parts(content: Buffer, part: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < content.length; at += part) yield content.subarray(at, at + part);
}

async function readAll(stream: AsyncIterable<Buffer | Uint8Array>): Promise<{ content: Buffer; pieces: number[] }> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece));
  return { content: Buffer.concat(pieces), pieces: pieces.map((p) => p.length) };
}

describe('file storage settings', () => {
  it('the database by default; S3 when S3_BUCKET is set, with its settings', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'database' });
    expect(
      loadConfig({
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://minio.local:9000',
        S3_REGION: 'ap-southeast-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'portal/',
      }).fileStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      endpoint: 'http://minio.local:9000',
      region: 'ap-southeast-1',
      accessKeyId: 'id',
      secretAccessKey: 'not-a-real-secret',
      forcePathStyle: true,
      prefix: 'portal/',
    });
    // No key in the source: without them the AWS SDK's own chain (instance role, …) is used.
    expect(loadConfig({ S3_BUCKET: 'portal-files' }).fileStorage).toMatchObject({ region: 'us-east-1', accessKeyId: null, secretAccessKey: null, endpoint: null, forcePathStyle: false, prefix: '' });
  });

  it('refuses half a setup and names that are not S3 names', () => {
    expect(() => loadConfig({ S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      new ConfigError(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default credentials)']),
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio.local:9000' })).toThrow(
      new ConfigError(['S3_BUCKET must be set when any other S3_ setting is: without it export files stay in the database']),
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'the-key-id', S3_SECRET_ACCESS_KEY: 'x', S3_REGION: 'Bad Region' })).toThrow(
      new ConfigError(['S3_REGION must be a region name such as us-east-1 (got "Bad Region")']),
    );
  });
});

describe('rechunk', () => {
  it('cuts any stream into exact chunks, the last one shorter', async () => {
    const content = randomBytes(10_000);
    const chunks = (await readAll(rechunk(parts(content, 333), 4096))).pieces;
    expect(chunks).toEqual([4096, 4096, 1808]);
    expect((await readAll(rechunk(parts(content, 5000), 4096))).content.equals(content)).toBe(true);
    expect((await readAll(rechunk(parts(Buffer.alloc(0), 10), 4096))).pieces).toEqual([]);
  });
});

/** The checks every backend passes. */
function behavesAsStorage(storage: () => BlobStorage, key: (name: string) => string) {
  it('a file of more than 3 chunks round-trips byte for byte; size, exists and remove', async () => {
    const content = randomBytes(3 * DB_CHUNK_BYTES + 12_345);
    expect(await storage().put(key('big'), parts(content, 64 * 1024 + 3))).toEqual({ sizeBytes: content.length });
    expect(await storage().size(key('big'))).toBe(content.length);
    expect(await storage().exists(key('big'))).toBe(true);
    const back = await readAll((await storage().get(key('big')))!);
    expect(back.content.length).toBe(content.length);
    expect(back.content.equals(content)).toBe(true);
    await storage().remove(key('big'));
    expect(await storage().exists(key('big'))).toBe(false);
    expect(await storage().size(key('big'))).toBeNull();
    expect(await storage().get(key('big'))).toBeNull();
    // Removing what is not there is not an error.
    await storage().remove(key('big'));
  });

  it('an empty file exists with size 0; a second put replaces the first', async () => {
    await storage().put(key('empty'), []);
    expect(await storage().size(key('empty'))).toBe(0);
    expect((await readAll((await storage().get(key('empty')))!)).content.length).toBe(0);
    await storage().put(key('empty'), [Buffer.from('second')]);
    expect((await readAll((await storage().get(key('empty')))!)).content.toString()).toBe('second');
    await storage().remove(key('empty'));
  });

  it('refuses a key that could name something else', async () => {
    await expect(storage().put('../etc/passwd', [Buffer.from('x')])).rejects.toThrow('bad blob key');
    await expect(storage().get('/abs')).rejects.toThrow('bad blob key');
  });
}

describe('blob storage in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(async () => {
    exportLimits.smallMaxRows = 5_000;
    await t.close();
  });

  behavesAsStorage(() => databaseBlobStorage(t.database.db), (name) => `test/${name}`);

  it('keeps a file as 1 MB rows and streams it back one chunk at a time', async () => {
    const storage = databaseBlobStorage(t.database.db);
    const content = randomBytes(3 * DB_CHUNK_BYTES + 1);
    await storage.put('test/chunked', parts(content, 100_000));
    const rows = await t.database.db
      .select({ seq: blobChunks.seq, size: blobChunks.bytes })
      .from(blobChunks)
      .where(eq(blobChunks.key, 'test/chunked'))
      .orderBy(asc(blobChunks.seq));
    expect(rows.map((r) => [r.seq, r.size.length])).toEqual([[0, DB_CHUNK_BYTES], [1, DB_CHUNK_BYTES], [2, DB_CHUNK_BYTES], [3, 1]]);
    const back = await readAll((await storage.get('test/chunked'))!);
    // Each piece read is one row: the reader never holds more than a chunk.
    expect(back.pieces).toEqual([DB_CHUNK_BYTES, DB_CHUNK_BYTES, DB_CHUNK_BYTES, 1]);
    expect(back.content.equals(content)).toBe(true);
    await storage.remove('test/chunked');
    const [{ left }] = await t.database.db.select({ left: count() }).from(blobChunks).where(eq(blobChunks.key, 'test/chunked'));
    expect(left).toBe(0);
  });

  it('export job files are kept in the database and removed with their expired job', async () => {
    const owner = await t.login('owner_demo');
    exportLimits.smallMaxRows = 10;
    const started = await t.call(owner, { method: 'POST', url: `${reportBase}/exports?${selection}` });
    expect(started.statusCode, started.body).toBe(202);
    const id: string = started.json().data.id;
    await exportJobsOf(t.app).idle();
    const done = (await t.call(owner, { method: 'GET', url: `${jobsBase}/${id}` })).json().data;
    expect(done.status).toBe('DONE');
    const chunks = await t.database.db.select({ size: blobChunks.bytes }).from(blobChunks).where(eq(blobChunks.key, `exports/${id}`));
    expect(chunks.reduce((n, c) => n + c.size.length, 0)).toBe(done.sizeBytes);
    const file = await t.call(owner, { method: 'GET', url: `${jobsBase}/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(done.sizeBytes);

    // Not yet expired: the purge keeps it.
    expect(await exportJobsOf(t.app).purgeExpired()).toBe(0);
    await t.database.db.update(exportJobs).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(exportJobs.id, id));
    expect(await exportJobsOf(t.app).purgeExpired()).toBe(1);
    expect(await t.database.db.select().from(exportJobs).where(eq(exportJobs.id, id))).toEqual([]);
    const [{ left }] = await t.database.db.select({ left: count() }).from(blobChunks).where(eq(blobChunks.key, `exports/${id}`));
    expect(left).toBe(0);
    expect((await t.call(owner, { method: 'GET', url: `${jobsBase}/${id}/file` })).statusCode).toBe(404);
  });
});

describe('interrupted export jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('on PostgreSQL only jobs older than the stale bound are failed: the others may be running in another process', async () => {
    const [owner] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'owner_demo'));
    const job = (id: string, createdAt: Date) => ({
      id, merchantId: SME, userId: owner!.id, report: 'transaction-report', format: 'csv', params: {}, totalRows: 100,
      fileName: 'f.csv', status: 'RUNNING', createdAt, expiresAt: new Date(Date.now() + 86_400_000),
    });
    const old = '00000000-0000-4000-8000-000000000001';
    const recent = '00000000-0000-4000-8000-000000000002';
    await t.database.db.insert(exportJobs).values([job(old, new Date(Date.now() - STALE_JOB_MS - 60_000)), job(recent, new Date())]);
    await exportJobsOf(t.app).failInterrupted(new Date(Date.now() - STALE_JOB_MS));
    const rows = await t.database.db.select({ id: exportJobs.id, status: exportJobs.status }).from(exportJobs).where(inArray(exportJobs.id, [old, recent])).orderBy(asc(exportJobs.id));
    expect(rows).toEqual([{ id: old, status: 'FAILED' }, { id: recent, status: 'RUNNING' }]);
    // The embedded database has one process: everything unfinished was cut short.
    await exportJobsOf(t.app).failInterrupted();
    expect((await t.database.db.select({ status: exportJobs.status }).from(exportJobs).where(eq(exportJobs.id, recent)))[0]!.status).toBe('FAILED');
  });
});

describe('blob storage in S3-compatible storage (local s3rver)', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await makeApp({ fileStorage: s3.config });
  });
  afterAll(async () => {
    exportLimits.smallMaxRows = 5_000;
    await t?.close();
    await s3?.close();
  });

  behavesAsStorage(() => s3BlobStorage(s3.config), (name) => `test/${name}`);

  it('a multipart upload (more than one 5 MB part) round-trips byte for byte', async () => {
    const storage = s3BlobStorage(s3.config);
    const content = randomBytes(11 * 1024 * 1024 + 17);
    expect(await storage.put('test/multipart', parts(content, 256 * 1024))).toEqual({ sizeBytes: content.length });
    expect((await readAll((await storage.get('test/multipart'))!)).content.equals(content)).toBe(true);
    await storage.remove('test/multipart');
  });

  it('export job files go to the bucket (none in the database), download from it, and are removed with their expired job', async () => {
    const owner = await t.login('owner_demo');
    const storage = s3BlobStorage(s3.config);
    const small = await t.call(owner, { method: 'POST', url: `${reportBase}/exports?${selection}` });
    expect(small.statusCode, small.body).toBe(200);
    exportLimits.smallMaxRows = 10;
    const started = await t.call(owner, { method: 'POST', url: `${reportBase}/exports?${selection}` });
    expect(started.statusCode, started.body).toBe(202);
    const id: string = started.json().data.id;
    await exportJobsOf(t.app).idle();
    const done = (await t.call(owner, { method: 'GET', url: `${jobsBase}/${id}` })).json().data;
    expect(done.status).toBe('DONE');
    expect(await storage.size(`exports/${id}`)).toBe(done.sizeBytes);
    const [{ rows }] = await t.database.db.select({ rows: count() }).from(blobChunks);
    expect(rows).toBe(0);
    const file = await t.call(owner, { method: 'GET', url: `${jobsBase}/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(small.rawPayload)).toBe(true);

    await t.database.db.update(exportJobs).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await exportJobsOf(t.app).purgeExpired()).toBe(2);
    expect(await storage.exists(`exports/${id}`)).toBe(false);
  });
});
