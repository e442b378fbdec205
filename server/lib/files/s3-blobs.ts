/**
 * The S3-compatible backend of blob storage (see ./blobs.ts), loaded only when S3_BUCKET is set.
 * Uploads go through lib-storage's multipart Upload, which sends 5 MB parts as the stream fills them.
 */
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../config';
import { asBuffer, checkedKey, type BlobStorage } from './blob-bytes';

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
  return false;
}

/** The S3 client of a configuration (also used by tests to make the bucket). */
export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // Absent keys: the SDK's default chain (environment, instance role, …).
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
}

export function s3BlobStorage(config: S3StorageConfig, client: S3Client = s3Client(config)): BlobStorage {
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${config.prefix}${checkedKey(key)}`;
  const size = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    async put(key, content) {
      let sizeBytes = 0;
      async function* counted(): AsyncGenerator<Buffer> {
        for await (const part of content) {
          const buffer = asBuffer(part);
          sizeBytes += buffer.length;
          yield buffer;
        }
      }
      // Parts of 5 MB (S3's minimum) sent as they fill, at most 2 at a time: memory stays bounded.
      const upload = new Upload({ client, params: { Bucket, Key: objectKey(key), Body: Readable.from(counted()) }, partSize: 5 * 1024 * 1024, queueSize: 2 });
      await upload.done();
      return { sizeBytes };
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return object.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    size,
    exists: async (key) => (await size(key)) !== null,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}

