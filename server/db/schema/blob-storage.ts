/**
 * Files any API process may have to serve (export job files), kept in the database when no S3-compatible
 * storage is configured (server/lib/files/blobs.ts). A file is a run of chunks of about 1 MB under its
 * key, written as it is produced and read back one chunk at a time in seq order (keyset on the primary
 * key), so neither side ever holds a whole file in memory. Every file has at least chunk 0 (empty for an
 * empty file), so "exists" is "has chunk 0".
 */
import { customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const blobChunks = pgTable(
  'blob_chunks',
  {
    key: text('key').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ name: 'blob_chunks_pk', columns: [t.key, t.seq] })],
);
