import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, opendir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  type ByteSource,
  type FileStorage,
  StorageFullError,
  StorageLimitError,
  StorageNotFoundError,
  StorageUnavailableError,
  type StoredObject,
} from './file-storage.ts';

/** Interrupted writes live here, inside the root so the final rename never crosses filesystems. */
const TEMP_DIR = '.tmp';

/** The disk or the user's quota is full: a 507. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** The disk will not take writes now (read-only remount, I/O error, permissions changed): a 503. */
const UNAVAILABLE_CODES = new Set(['EROFS', 'EIO', 'EACCES', 'EPERM']);

/** The storage error classes the HTTP layer maps, for what the filesystem said; anything else unchanged. */
function toStorageError(error: unknown, doing: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && FULL_CODES.has(code)) return new StorageFullError(`The disk is full (${doing})`, { cause: error });
  if (code && UNAVAILABLE_CODES.has(code)) {
    return new StorageUnavailableError(`The disk cannot be written (${doing}): ${code}`, { cause: error });
  }
  return error;
}

/** Flushes a file or directory to disk (a directory fsync makes a rename durable). */
async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function byteCap(maxBytes: number) {
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new StorageLimitError(maxBytes));
      else callback(null, chunk);
    },
  });
  return { transform, size: () => size };
}

/**
 * Files under `root` (normally `DATA_DIR/files`), one file per key. A write goes to
 * `root/.tmp/<uuid>`, is fsynced, then renamed into place and the directory fsynced, so a
 * key either holds every byte or does not exist, whatever moment the process dies.
 */
export function createLocalDiskStorage(root: string): FileStorage {
  const tempDir = join(root, TEMP_DIR);
  const pathOf = (key: string) => join(root, ...assertKey(key));

  return {
    kind: 'local',

    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new Error(`Uploaded files cannot be kept in ${root}: ${(error as Error).message}. Check DATA_DIR.`, {
          cause: error,
        });
      }
    },

    async write(key: string, source: ByteSource, { maxBytes }: { maxBytes: number }) {
      const target = pathOf(key);
      await mkdir(tempDir, { recursive: true }).catch((error: unknown) => {
        throw toStorageError(error, 'write');
      });
      const temp = join(tempDir, randomUUID());
      const cap = byteCap(maxBytes);
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(source, cap.transform, out);
        await fsyncPath(temp);
        await renameIntoPlace(temp, target);
        await fsyncPath(dirname(target));
      } catch (error) {
        // A stream destroyed while its file was still opening creates the file afterwards: wait for it.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(temp, { force: true });
        throw toStorageError(error, 'write');
      }
      return { size: cap.size() };
    },

    async read(key: string): Promise<Readable> {
      const path = pathOf(key);
      const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' || error.code === 'ENOTDIR' ? new StorageNotFoundError(key) : error;
      });
      return handle.createReadStream();
    },

    async remove(key: string) {
      await rm(pathOf(key), { force: true });
    },

    async removePrefix(prefix: string) {
      await rm(join(root, ...assertKey(prefix, { prefix: true })), { recursive: true, force: true });
    },

    async *list(): AsyncIterable<StoredObject> {
      yield* walk(root, []);
    },

    async tidy(before: Date) {
      let removed = 0;
      const names = await readdir(tempDir).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(tempDir, name);
        const info = await stat(path).catch(() => null);
        if (info && info.mtime < before) {
          await rm(path, { force: true });
          removed++;
        }
      }
      await pruneEmptyDirectories(root, before, true);
      return removed;
    },
  };
}

/** mkdir + rename; a sweeper may prune the empty directory in between, so try again once. */
async function renameIntoPlace(temp: string, target: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(temp, target);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 2) throw error;
    }
  }
}

/** Removes directories left empty by deletions, if untouched since `before`; returns whether `dir` is gone. */
async function pruneEmptyDirectories(dir: string, before: Date, isRoot = false): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) return false;
  let remaining = entries.length;
  for (const entry of entries) {
    if (entry.isDirectory() && !(isRoot && entry.name === TEMP_DIR)) {
      if (await pruneEmptyDirectories(join(dir, entry.name), before)) remaining--;
    }
  }
  if (isRoot || remaining > 0) return false;
  const info = await stat(dir).catch(() => null);
  if (!info || info.mtime >= before) return false;
  return rmdir(dir).then(
    () => true,
    () => false,
  );
}

async function* walk(dir: string, segments: string[]): AsyncGenerator<StoredObject> {
  const handle = await opendir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return;
  for await (const entry of handle) {
    if (segments.length === 0 && entry.name === TEMP_DIR) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(path, [...segments, entry.name]);
    } else if (entry.isFile()) {
      const info = await stat(path).catch(() => null);
      if (info) yield { key: [...segments, entry.name].join('/'), modifiedAt: info.mtime };
    }
  }
}

/** Where uploaded files live: `DATA_DIR/files`. */
export const filesDirFor = (dataDir: string) => join(dataDir, 'files');
