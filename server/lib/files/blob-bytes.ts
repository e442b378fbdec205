/** What both blob storage backends share (./blobs.ts, ./s3-blobs.ts): the interface, key checks, bytes. */
import type { Readable } from 'node:stream';

/** What a blob is written from: a stream (any Readable is one) or a list of buffers. */
export type BlobContent = AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array | string>;

export interface BlobStorage {
  readonly kind: 'database' | 's3';
  /** Writes the stream under `key` (replacing any file there); resolves with its size once stored. */
  put(key: string, content: BlobContent): Promise<{ sizeBytes: number }>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Size in bytes, or null when there is no file. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the file; nothing there is not an error. */
  remove(key: string): Promise<void>;
}

export function checkedKey(key: string): string {
  if (!/^[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(key) || key.includes('..')) throw new Error('bad blob key');
  return key;
}

export const asBuffer = (part: Buffer | Uint8Array | string) => (Buffer.isBuffer(part) ? part : typeof part === 'string' ? Buffer.from(part) : Buffer.from(part.buffer, part.byteOffset, part.byteLength));

