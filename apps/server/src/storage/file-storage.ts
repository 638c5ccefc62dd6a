import type { Readable } from 'node:stream';

/** Bytes to write: a Node stream, or any async iterable of chunks (e.g. a generator that taps a stream). */
export type ByteSource = Readable | AsyncIterable<Uint8Array>;

export interface StoredObject {
  key: string;
  /** Last modification; the sweeper leaves young objects alone. */
  modifiedAt: Date;
}

/** Thrown by `write` when the source is longer than `maxBytes`; nothing is left behind. */
export class StorageLimitError extends Error {
  override readonly name = 'StorageLimitError';
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`);
  }
}

/** Thrown by `read` for a key that holds nothing. */
export class StorageNotFoundError extends Error {
  override readonly name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`Nothing stored under ${key}`);
  }
}

/** The store cannot be reached or will not work right now (network, 5xx, throttled, refused): a 503. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The disk or the object store is full: a 507. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Where uploaded bytes live. Keys are `/`-separated segments of `[A-Za-z0-9_-]`
 * (`<questionnaireId>/<responseId>/<fileId>`). Implementations stream; none holds a whole file in memory.
 */
export interface FileStorage {
  /** Where the bytes go, for logs (`local`, `s3`). */
  readonly kind: string;
  /** Checked once at start: the store can be used; else an Error whose message says what to fix. */
  check(): Promise<void>;
  /** Streams `source` under `key`, all or nothing: the key appears only once every byte is durable. */
  write(key: string, source: ByteSource, options: { maxBytes: number }): Promise<{ size: number }>;
  /** A stream of the bytes under `key`; StorageNotFoundError when there are none. */
  read(key: string): Promise<Readable>;
  /** Removes `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every key that starts with `prefix/`. */
  removePrefix(prefix: string): Promise<void>;
  /** Every stored key, for the sweeper that removes bytes without a database row. */
  list(): AsyncIterable<StoredObject>;
  /**
   * Housekeeping for the sweeper: removes temporaries of writes last touched before `before`
   * (a crash mid-write leaves them) and empty containers; returns how many temporaries went.
   */
  tidy(before: Date): Promise<number>;
}

const SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

/** Keys are built from ids, never from user input; anything else is a programming error. */
export function assertKey(key: string, { prefix = false } = {}): string[] {
  const segments = key.split('/');
  if (segments.length === 0 || segments.length > 8 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Invalid storage ${prefix ? 'prefix' : 'key'}: ${JSON.stringify(key)}`);
  }
  return segments;
}

export const fileKey = (questionnaireId: string, responseId: string, fileId: string) =>
  `${questionnaireId}/${responseId}/${fileId}`;

export const responsePrefix = (questionnaireId: string, responseId: string) => `${questionnaireId}/${responseId}`;
