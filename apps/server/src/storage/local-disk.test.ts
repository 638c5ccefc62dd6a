import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileStorage, StorageLimitError, StorageNotFoundError } from './file-storage.ts';
import { createLocalDiskStorage } from './local-disk.ts';

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
  it('writes a stream under a key and reads the same bytes back', async () => {
    const bytes = randomBytes(200_000);
    const { size } = await storage.write('q/r/f', Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]), {
      maxBytes: 1_000_000,
    });
    expect(size).toBe(bytes.length);
    expect(await readFile(join(root, 'q', 'r', 'f'))).toEqual(bytes);
    const stream = await storage.read('q/r/f');
    const read: Buffer[] = [];
    for await (const chunk of stream) read.push(chunk as Buffer);
    expect(Buffer.concat(read)).toEqual(bytes);
  });

  it('accepts an async iterable source and a file of exactly maxBytes', async () => {
    const { size } = await storage.write('a/b', chunks(4, 256), { maxBytes: 1024 });
    expect(size).toBe(1024);
    expect(await keys()).toEqual(['a/b']);
  });

  it('rejects a source over maxBytes and leaves nothing behind (no key, no temporary)', async () => {
    await expect(storage.write('q/r/big', chunks(5, 1000), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      StorageLimitError,
    );
    expect(await keys()).toEqual([]);
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('leaves nothing behind when the source fails mid-stream', async () => {
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(storage.write('q/r/f', failing(), { maxBytes: 1000 })).rejects.toThrow('client went away');
    expect(await keys()).toEqual([]);
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('replaces an existing key atomically', async () => {
    await storage.write('k', Readable.from([Buffer.from('old')]), { maxBytes: 10 });
    await storage.write('k', Readable.from([Buffer.from('new')]), { maxBytes: 10 });
    expect(await text(await storage.read('k'))).toBe('new');
  });

  it('read of a missing key is StorageNotFoundError', async () => {
    await expect(storage.read('nothing/here')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('removes a key and a whole prefix; removing twice is fine', async () => {
    for (const key of ['q1/r1/a', 'q1/r1/b', 'q1/r2/c', 'q2/r3/d']) {
      await storage.write(key, Readable.from([Buffer.from(key)]), { maxBytes: 100 });
    }
    await storage.remove('q1/r1/a');
    await storage.remove('q1/r1/a');
    expect(await keys()).toEqual(['q1/r1/b', 'q1/r2/c', 'q2/r3/d']);
    await storage.removePrefix('q1');
    await storage.removePrefix('q1');
    expect(await keys()).toEqual(['q2/r3/d']);
  });

  it('refuses keys that could escape the root', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '', 'a/.tmp', 'a\\b']) {
      await expect(storage.write(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
    }
    await expect(storage.removePrefix('..')).rejects.toThrow(/Invalid storage prefix/);
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
