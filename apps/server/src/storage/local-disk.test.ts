import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileStorage, StorageFullError, StorageLimitError } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { describeStorageContract } from './storage-contract.ts';

const run = promisify(execFile);

describeStorageContract('local disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fe-storage-'));
  return {
    storage: createLocalDiskStorage(dir),
    async interruptWrite() {
      // What a crash mid-write leaves: a temporary that was never renamed into place.
      await mkdir(join(dir, '.tmp'), { recursive: true });
      await writeFile(join(dir, '.tmp', 'interrupted'), 'half a file');
      const old = new Date(Date.now() - 3_600_000);
      await utimes(join(dir, '.tmp', 'interrupted'), old, old);
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});

let root: string;
let storage: FileStorage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fe-storage-'));
  storage = createLocalDiskStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function keys(): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list()) found.push(object.key);
  return found.sort();
}

async function* chunks(count: number, size: number) {
  for (let i = 0; i < count; i++) yield randomBytes(size);
}

describe('local disk storage', () => {
  it('keeps a key as one file under the root', async () => {
    const bytes = randomBytes(1000);
    await storage.write('q/r/f', Readable.from([bytes]), { maxBytes: 1000 });
    expect(await readFile(join(root, 'q', 'r', 'f'))).toEqual(bytes);
  });

  it('leaves no temporary behind when a write is over the cap or its source fails', async () => {
    await expect(storage.write('q/r/big', chunks(5, 1000), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(storage.write('q/r/f', failing(), { maxBytes: 1000 })).rejects.toThrow('client went away');
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('check creates the root and fails, naming DATA_DIR, where it cannot be written', async () => {
    const fresh = createLocalDiskStorage(join(root, 'made', 'here'));
    await fresh.check();
    expect(await readdir(join(root, 'made'))).toEqual(['here']);
    await writeFile(join(root, 'a-file'), 'not a directory');
    await expect(createLocalDiskStorage(join(root, 'a-file', 'files')).check()).rejects.toThrow(/Check DATA_DIR/);
  });

  it('list skips temporaries; tidy removes stale temporaries and empty directories only', async () => {
    await storage.write('q/r/keep', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await mkdir(join(root, 'q', 'empty'), { recursive: true });
    await writeFile(join(root, '.tmp', 'stale'), 'half a file');
    await writeFile(join(root, '.tmp', 'fresh'), 'being written');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(join(root, '.tmp', 'stale'), old, old);
    await utimes(join(root, 'q', 'empty'), old, old);
    expect(await keys()).toEqual(['q/r/keep']);

    expect(await storage.tidy(new Date(Date.now() - 60_000))).toBe(1);
    expect((await readdir(join(root, '.tmp'))).sort()).toEqual(['fresh']);
    expect((await readdir(join(root, 'q'))).sort()).toEqual(['r']);
    expect(await keys()).toEqual(['q/r/keep']);
  });

  it('lists nothing when the root does not exist yet', async () => {
    const fresh = createLocalDiskStorage(join(root, 'not-yet'));
    const found: string[] = [];
    for await (const object of fresh.list()) found.push(object.key);
    expect(found).toEqual([]);
    expect(await fresh.tidy(new Date())).toBe(0);
  });
});

/** A 256 KiB tmpfs, when this process may mount one (root on Linux); else undefined. */
async function smallDisk(): Promise<{ dir: string; unmount(): Promise<void> } | undefined> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
  const dir = await mkdtemp(join(tmpdir(), 'fe-full-'));
  const mounted = await run('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir]).then(
    () => true,
    () => false,
  );
  if (!mounted) {
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    async unmount() {
      await run('umount', [dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('a full disk', () => {
  it('fails the write with StorageFullError and leaves no partial file', async (context) => {
    const disk = await smallDisk();
    if (!disk) {
      console.warn('Cannot mount a small tmpfs here (not root on Linux): the real full-disk test is skipped');
      context.skip();
      return;
    }
    try {
      const full = createLocalDiskStorage(disk.dir);
      const write = full.write('q/r/big', Readable.from([randomBytes(1024 * 1024)]), { maxBytes: 2 * 1024 * 1024 });
      await expect(write).rejects.toBeInstanceOf(StorageFullError);
      expect(await readdir(disk.dir, { recursive: true }).then((names) => names.filter((n) => n !== '.tmp'))).toEqual(
        [],
      );
      expect(await readdir(join(disk.dir, '.tmp'))).toEqual([]);
      // Room again once something small is asked.
      await full.write('q/r/small', Readable.from([Buffer.from('ok')]), { maxBytes: 10 });
      expect(await readFile(join(disk.dir, 'q', 'r', 'small'), 'utf8')).toBe('ok');
    } finally {
      await disk.unmount();
    }
  });
});
