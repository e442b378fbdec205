/**
 * A local S3-compatible server (s3rver, pure JavaScript, files in a temporary folder) for the tests of
 * the S3 backend of blob storage. The keys are s3rver's fixed test credentials, not secrets of anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../server/config';

export const TEST_BUCKET = 'portal-test';

export interface LocalS3 {
  config: S3StorageConfig;
  /** The S3_* variables of a server process using it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StorageConfig = {
    kind: 's3',
    endpoint,
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'portal/',
  };
  return {
    config,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'portal/',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
