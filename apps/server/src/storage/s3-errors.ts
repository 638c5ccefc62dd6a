import { StorageFullError, StorageUnavailableError } from './file-storage.ts';

/** What the SDK's errors carry: a service exception has `$metadata.httpStatusCode`; a network error has none. */
interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const FULL_CODES = new Set(['XMinioStorageFull', 'StorageFull', 'QuotaExceeded', 'InsufficientStorage']);
/** Refusals that mean the store is misconfigured or throttling us, not that our request was wrong. */
const UNAVAILABLE_CODES = new Set([
  'AccessDenied',
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'NoSuchBucket',
  'SlowDown',
  'RequestTimeout',
  'TimeoutError',
]);

export const httpStatusOf = (error: unknown) => (error as SdkError | undefined)?.$metadata?.httpStatusCode;

export function isMissingKey(error: unknown): boolean {
  const name = (error as SdkError | undefined)?.name;
  return name === 'NoSuchKey' || (name === 'NotFound' && httpStatusOf(error) === 404);
}

/** A store that does not implement an operation (s3rver's ListMultipartUploads): 501 NotImplemented. */
export const isNotImplemented = (error: unknown) =>
  httpStatusOf(error) === 501 || (error as SdkError | undefined)?.name === 'NotImplemented';

/**
 * The storage error classes the HTTP layer maps (507 full, 503 unavailable) for what the object
 * store answered; anything else (a request we got wrong) passes unchanged: that is a bug, a 500.
 */
export function toStorageError(error: unknown, doing: string): unknown {
  if (!(error instanceof Error)) return error;
  const { name, code } = error as SdkError;
  const status = httpStatusOf(error);
  if (status === 507 || FULL_CODES.has(name ?? '') || FULL_CODES.has(code ?? '')) {
    return new StorageFullError(`The object store is full (${doing})`, { cause: error });
  }
  const network = status === undefined; // no HTTP answer at all: refused, reset, DNS, timeout
  if (network || status >= 500 || status === 429 || UNAVAILABLE_CODES.has(name ?? '')) {
    return new StorageUnavailableError(`The object store is unavailable (${doing}): ${error.message}`, {
      cause: error,
    });
  }
  return error;
}
