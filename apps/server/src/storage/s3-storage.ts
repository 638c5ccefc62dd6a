import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import {
  assertKey,
  type ByteSource,
  type FileStorage,
  StorageLimitError,
  StorageNotFoundError,
  StorageUnavailableError,
  type StoredObject,
} from './file-storage.ts';
import { httpStatusOf, isMissingKey, isNotImplemented, toStorageError } from './s3-errors.ts';

/** S3's smallest part; lib-storage holds one part in memory while it is sent (queueSize 1). */
const PART_SIZE = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;
/** How long the start-up check waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 15_000;

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** '' or segments ending in '/'. */
  prefix: string;
  /** Shown in messages (the endpoint, or AWS). */
  where: string;
  /** Trouble that does not fail the operation (a store that cannot list multipart uploads). */
  warn?: (error: unknown, message: string) => void;
}

/** The SDK client for the settings. Checksums follow the SDK's own AWS_REQUEST_CHECKSUM_CALCULATION / AWS_RESPONSE_CHECKSUM_VALIDATION. */
export function createS3Client(settings: S3Config): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.credentials && { credentials: settings.credentials }),
    // A store that does not answer a connection fails fast (503) instead of holding the request.
    requestHandler: { connectionTimeout: 5_000 },
  });
}

/**
 * Objects in an S3-compatible bucket, under `prefix`. A write is one streamed `Upload` (a single
 * PutObject below 5 MiB, else a multipart upload sent one part at a time): S3 makes an object
 * visible only once PutObject or CompleteMultipartUpload succeeds, so a key holds every byte or
 * nothing, whatever moment the process dies. What a dead process leaves is an unfinished
 * multipart upload, which is not an object; `tidy` aborts those once stale.
 */
export function createS3Storage({ client, bucket, prefix, where, warn }: S3StorageOptions): FileStorage {
  const objectKey = (key: string, options?: { prefix: boolean }) => `${prefix}${assertKey(key, options).join('/')}`;
  let warnedMultipart = false;

  async function deleteKeys(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const result = await client
      .send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      )
      .catch((error: unknown) => {
        throw toStorageError(error, 'delete');
      });
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      throw new StorageUnavailableError(
        `The object store kept ${failed.length} of ${keys.length} objects: ${failed[0]?.Code} ${failed[0]?.Message}`,
      );
    }
  }

  return {
    kind: 's3',

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
      } catch (error) {
        const status = httpStatusOf(error);
        const reason =
          status === 404
            ? `the bucket "${bucket}" does not exist at ${where}; create it first (S3_BUCKET)`
            : status === 403 || status === 400
              ? `access to the bucket "${bucket}" at ${where} was refused (${status}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`
              : status === 301
                ? `the bucket "${bucket}" is in another region than S3_REGION`
                : status !== undefined
                  ? `the object store at ${where} answered ${status} for the bucket "${bucket}"`
                  : `the object store at ${where} cannot be reached (${(error as Error).message}); check S3_ENDPOINT`;
        throw new Error(`File storage: ${reason}`, { cause: error });
      }
    },

    async write(key: string, source: ByteSource, { maxBytes }: { maxBytes: number }) {
      const Key = objectKey(key);
      let size = 0;
      // The source's own failure (the cap, a client gone) is the one to report, not what the
      // store said when the upload was given up (s3rver, for one, refuses AbortMultipartUpload).
      let sourceError: unknown;
      async function* capped() {
        try {
          for await (const chunk of source) {
            size += (chunk as Uint8Array).length;
            if (size > maxBytes) throw new StorageLimitError(maxBytes);
            yield chunk as Uint8Array;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: Readable.from(capped()) },
        queueSize: 1,
        partSize: PART_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        throw sourceError ?? toStorageError(error, 'write');
      }
      return { size };
    },

    async read(key: string): Promise<Readable> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissingKey(error)) throw new StorageNotFoundError(key);
        throw toStorageError(error, 'read');
      }
    },

    async remove(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })).catch((error: unknown) => {
        throw toStorageError(error, 'delete');
      });
    },

    async removePrefix(keyPrefix: string) {
      const Prefix = `${objectKey(keyPrefix, { prefix: true })}/`;
      try {
        for await (const page of paginateListObjectsV2(
          { client, pageSize: DELETE_BATCH },
          { Bucket: bucket, Prefix },
        )) {
          await deleteKeys((page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        }
      } catch (error) {
        throw toStorageError(error, 'delete');
      }
    },

    async *list(): AsyncIterable<StoredObject> {
      const pages = paginateListObjectsV2({ client, pageSize: DELETE_BATCH }, { Bucket: bucket, Prefix: prefix });
      try {
        for await (const page of pages) {
          for (const object of page.Contents ?? []) {
            if (!object.Key?.startsWith(prefix)) continue;
            yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified ?? new Date(0) };
          }
        }
      } catch (error) {
        throw toStorageError(error, 'list');
      }
    },

    async tidy(before: Date) {
      let aborted = 0;
      try {
        let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
        for (;;) {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, ...markers }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
            await client.send(
              new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            aborted++;
          }
          if (!page.IsTruncated) break;
          markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
        }
      } catch (error) {
        if (!isNotImplemented(error)) throw toStorageError(error, 'tidy');
        // Not fatal: a bucket lifecycle rule (AbortIncompleteMultipartUpload) can do this instead.
        if (!warnedMultipart) {
          warnedMultipart = true;
          warn?.(
            error,
            `The object store at ${where} does not list multipart uploads (501); unfinished uploads are not aborted ` +
              'by the sweeper. Add a lifecycle rule AbortIncompleteMultipartUpload to the bucket.',
          );
        }
      }
      return aborted;
    },
  };
}
