import type { FileStorageConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalDiskStorage, filesDirFor } from './local-disk.ts';

/** The store FILE_STORAGE names: files under DATA_DIR/files, or objects in S3_BUCKET. */
export function createFileStorage(settings: FileStorageConfig, dataDir: string, logger?: Logger): FileStorage {
  if (settings.kind === 'local') return createLocalDiskStorage(filesDirFor(dataDir));
  // The AWS SDK takes most of a second to load: only a server that keeps files in S3 loads it.
  return lazyStorage('s3', async () => {
    const { createS3Client, createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage({
      client: createS3Client(settings),
      bucket: settings.bucket,
      prefix: settings.prefix,
      where: settings.endpoint ?? `AWS S3 (${settings.region})`,
      warn: (error, message) => logger?.warn({ err: error }, message),
    });
  });
}

/** A store whose module is loaded on first use (the start-up check is the first use). */
function lazyStorage(kind: string, load: () => Promise<FileStorage>): FileStorage {
  let loading: Promise<FileStorage> | undefined;
  const store = () => {
    loading ??= load();
    return loading;
  };
  return {
    kind,
    check: async () => (await store()).check(),
    write: async (key, source, options) => (await store()).write(key, source, options),
    read: async (key) => (await store()).read(key),
    remove: async (key) => (await store()).remove(key),
    removePrefix: async (prefix) => (await store()).removePrefix(prefix),
    async *list() {
      yield* (await store()).list();
    },
    tidy: async (before) => (await store()).tidy(before),
  };
}
