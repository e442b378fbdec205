/**
 * Blob storage: files any API process may have to serve (export job files), written from a stream and
 * read back as a stream. Two backends behind one interface:
 *  - the database (default): table blob_chunks, ~1 MB bytea chunks written as the file is produced and
 *    read back one chunk per query (keyset on seq), so several processes on one PostgreSQL share the
 *    files, the database backup carries them, and no side holds a whole file in memory;
 *  - S3-compatible object storage when S3_BUCKET is set (@aws-sdk/client-s3; multipart Upload from
 *    @aws-sdk/lib-storage, which sends parts as the stream produces them).
 * Keys are made by the server (e.g. `exports/<uuid>`), never from user input.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FileStorageConfig } from '../../config';
import type { Db } from '../../db/client';
import { blobChunks } from '../../db/schema';
import { asBuffer, checkedKey, type BlobContent, type BlobStorage } from './blob-bytes';

export type { BlobContent, BlobStorage } from './blob-bytes';

/** Bytes per database row. Large enough that a 100 MB export is 100 rows, small enough to stream. */
export const DB_CHUNK_BYTES = 1024 * 1024;

/** Cuts a byte stream into chunks of exactly `size` bytes (the last one shorter), copying only what it must. */
export async function* rechunk(content: BlobContent, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const raw of content) {
    let part = asBuffer(raw);
    while (held + part.length >= size) {
      const take = size - held;
      parts.push(part.subarray(0, take));
      yield Buffer.concat(parts, size);
      parts = [];
      held = 0;
      part = part.subarray(take);
    }
    if (part.length > 0) {
      // A copy: the producer may reuse its buffer once we ask for the next part.
      parts.push(Buffer.from(part));
      held += part.length;
    }
  }
  if (held > 0) yield Buffer.concat(parts, held);
}

/**
 * Chunks travel as base64 text (decode/encode in SQL): PGlite converts a bytea parameter or column
 * byte by byte in JavaScript, about 1 s per MB, against tens of milliseconds for the text.
 */
const insertChunk = (db: Db, key: string, seq: number, bytes: Buffer) =>
  db.insert(blobChunks).values({ key, seq, bytes: sql`decode(${bytes.toString('base64')}, 'base64')` });
const chunkBytes = sql<string>`encode(${blobChunks.bytes}, 'base64')`;

export function databaseBlobStorage(db: Db): BlobStorage {
  const size = async (key: string) => {
    const [row] = await db
      .select({ size: sql<number>`coalesce(sum(octet_length(${blobChunks.bytes})), 0)::bigint`, chunks: sql<number>`count(*)::int` })
      .from(blobChunks)
      .where(eq(blobChunks.key, checkedKey(key)));
    return row && Number(row.chunks) > 0 ? Number(row.size) : null;
  };
  const remove = async (key: string) => {
    await db.delete(blobChunks).where(eq(blobChunks.key, checkedKey(key)));
  };
  return {
    kind: 'database',
    async put(key, content) {
      checkedKey(key);
      await remove(key);
      let seq = 0;
      let sizeBytes = 0;
      try {
        for await (const bytes of rechunk(content, DB_CHUNK_BYTES)) {
          await insertChunk(db, key, seq, bytes);
          seq += 1;
          sizeBytes += bytes.length;
        }
        // An empty file still exists: chunk 0 with no bytes.
        if (seq === 0) await insertChunk(db, key, 0, Buffer.alloc(0));
      } catch (err) {
        await remove(key).catch(() => undefined);
        throw err;
      }
      return { sizeBytes };
    },
    async get(key) {
      checkedKey(key);
      const [first] = await db
        .select({ seq: blobChunks.seq, bytes: chunkBytes })
        .from(blobChunks)
        .where(eq(blobChunks.key, key))
        .orderBy(asc(blobChunks.seq))
        .limit(1);
      if (!first) return null;
      async function* chunks(): AsyncGenerator<Buffer> {
        let last = first!.seq;
        const head = Buffer.from(first!.bytes, 'base64');
        if (head.length > 0) yield head;
        for (;;) {
          // One chunk per query, keyset on (key, seq): memory stays at one chunk whatever the file size.
          const [next] = await db
            .select({ seq: blobChunks.seq, bytes: chunkBytes })
            .from(blobChunks)
            .where(and(eq(blobChunks.key, key), gt(blobChunks.seq, last)))
            .orderBy(asc(blobChunks.seq))
            .limit(1);
          if (!next) return;
          last = next.seq;
          yield Buffer.from(next.bytes, 'base64');
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    size,
    exists: async (key) => (await size(key)) !== null,
    remove,
  };
}

/** The storage a configuration names: S3 when S3_BUCKET is set, else the database. */
export function blobStorageFor(config: FileStorageConfig, db: Db): BlobStorage {
  if (config.kind === 'database') return databaseBlobStorage(db);
  // The AWS SDK is loaded only when S3 is configured: it would add to every start otherwise.
  let loaded: Promise<BlobStorage> | null = null;
  const s3 = () => (loaded ??= import('./s3-blobs').then((m) => m.s3BlobStorage(config)));
  return {
    kind: 's3',
    put: async (key, content) => (await s3()).put(key, content),
    get: async (key) => (await s3()).get(key),
    size: async (key) => (await s3()).size(key),
    exists: async (key) => (await s3()).exists(key),
    remove: async (key) => (await s3()).remove(key),
  };
}
