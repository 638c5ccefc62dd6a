import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects and unfinished multipart uploads. */
  directory: string;
  /** What a server process needs to keep its files in this bucket. */
  env: Record<string, string>;
  settings: S3Config;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: it checks request signatures against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, from npm) on a random loopback port, keeping its objects
 * in a temporary directory, with `bucket` created. It does not implement ListMultipartUploads
 * (501) nor AbortMultipartUpload, like some of the stores people run.
 */
export async function startS3Server(bucket = 'forms-engine'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'fe-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings: {
      endpoint,
      region: 'us-east-1',
      bucket,
      credentials: CREDENTIALS,
      forcePathStyle: true,
      prefix: '',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
