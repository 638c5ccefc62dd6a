import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import type { S3Config } from '../config.ts';
import { type FileStorage, StorageNotFoundError, StorageUnavailableError } from './file-storage.ts';
import { createS3Client, createS3Storage } from './s3-storage.ts';
import { describeStorageContract } from './storage-contract.ts';

let counter = 0;
const open = (settings: S3Config, warn?: (error: unknown, message: string) => void) =>
  createS3Storage({
    client: createS3Client(settings),
    bucket: settings.bucket,
    prefix: settings.prefix,
    where: settings.endpoint ?? 'AWS',
    ...(warn && { warn }),
  });

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

// Each test gets its own prefix in the one bucket, so tests cannot see each other's keys.
describeStorageContract('S3 (s3rver)', async () => {
  const settings = { ...s3.settings, prefix: `contract-${++counter}/` };
  return {
    storage: open(settings),
    async interruptWrite(key) {
      // A process killed mid-upload leaves a multipart upload that was never completed.
      const client = createS3Client(settings);
      const Key = `${settings.prefix}${key}`;
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: settings.bucket, Key }));
      await client.send(
        new UploadPartCommand({ Bucket: settings.bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(1024) }),
      );
    },
    dispose: async () => undefined,
  };
});

async function keysOf(storage: FileStorage): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list()) found.push(object.key);
  return found.sort();
}

describe('S3 storage', () => {
  it('keeps deployments apart by prefix in one bucket', async () => {
    const a = open({ ...s3.settings, prefix: 'deploy-a/' });
    const b = open({ ...s3.settings, prefix: 'deploy-b/nested/' });
    await a.write('q/r/f', Readable.from([Buffer.from('a')]), { maxBytes: 10 });
    await b.write('q/r/f', Readable.from([Buffer.from('b')]), { maxBytes: 10 });
    expect(await keysOf(a)).toEqual(['q/r/f']);
    expect(await keysOf(b)).toEqual(['q/r/f']);
    await a.removePrefix('q');
    expect(await keysOf(a)).toEqual([]);
    expect(await text(await b.read('q/r/f'))).toBe('b');
  });

  it('tolerates a store without ListMultipartUploads (501): tidy says so once and goes on', async () => {
    const warnings: string[] = [];
    const storage = open({ ...s3.settings, prefix: 'tidy/' }, (_error, message) => warnings.push(message));
    expect(await storage.tidy(new Date())).toBe(0);
    expect(await storage.tidy(new Date())).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/does not list multipart uploads.*AbortIncompleteMultipartUpload/);
  });

  it('the start-up check names a missing bucket and an unreachable store', async () => {
    await expect(open({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+; create it first/,
    );
    const closed = await closedPort();
    await expect(open({ ...s3.settings, endpoint: `http://127.0.0.1:${closed}` }).check()).rejects.toThrow(
      /object store at http:\/\/127\.0\.0\.1:\d+ cannot be reached/,
    );
  });

  it('an unreachable store is StorageUnavailableError for every operation, never a missing file', async () => {
    const storage = open({ ...s3.settings, endpoint: `http://127.0.0.1:${await closedPort()}` });
    await expect(storage.write('q/r/f', Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    const read = storage.read('q/r/f');
    await expect(read).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(read).rejects.not.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.remove('q/r/f')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.removePrefix('q')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(keysOf(storage)).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
