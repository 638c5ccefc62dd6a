// The guarantees every FileStorage gives, as one suite that each store's test file runs against
// a real store (the local disk, an S3-compatible server). Not a test file itself: no vitest run
// picks it up alone.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileStorage, StorageLimitError, StorageNotFoundError } from './file-storage.ts';

export interface StoreUnderTest {
  storage: FileStorage;
  /** Leaves what a process killed mid-write leaves behind, last touched an hour ago. */
  interruptWrite(key: string): Promise<void>;
  dispose(): Promise<void>;
}

const MiB = 1024 * 1024;

async function* chunks(count: number, size: number) {
  for (let i = 0; i < count; i++) yield randomBytes(size);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

export function describeStorageContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the FileStorage contract`, () => {
    let store: StoreUnderTest;
    let storage: FileStorage;
    beforeEach(async () => {
      store = await open();
      storage = store.storage;
    });
    afterEach(() => store.dispose());

    async function keys(): Promise<string[]> {
      const found: string[] = [];
      for await (const object of storage.list()) found.push(object.key);
      return found.sort();
    }

    it('passes its start-up check', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('writes a stream under a key and reads the same bytes back', async () => {
      const bytes = randomBytes(200_000);
      const source = Readable.from([bytes.subarray(0, 70_000), bytes.subarray(70_000)]);
      const { size } = await storage.write('q/r/f', source, { maxBytes: 1_000_000 });
      expect(size).toBe(bytes.length);
      expect((await readAll(await storage.read('q/r/f'))).equals(bytes)).toBe(true);
    });

    it('round-trips a file larger than one S3 part (6 MiB) and an empty one', async () => {
      const bytes = randomBytes(6 * MiB);
      const source = Readable.from(Array.from({ length: 96 }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536)));
      expect(await storage.write('q/r/big', source, { maxBytes: 10 * MiB })).toEqual({ size: 6 * MiB });
      expect((await readAll(await storage.read('q/r/big'))).equals(bytes)).toBe(true);
      expect(await storage.write('q/r/empty', Readable.from([]), { maxBytes: 10 })).toEqual({ size: 0 });
      expect((await readAll(await storage.read('q/r/empty'))).length).toBe(0);
    });

    it('accepts an async iterable source and a file of exactly maxBytes', async () => {
      const { size } = await storage.write('a/b', chunks(4, 256), { maxBytes: 1024 });
      expect(size).toBe(1024);
      expect(await keys()).toEqual(['a/b']);
    });

    it('rejects a source over maxBytes and leaves no key behind, below and above one part', async () => {
      await expect(storage.write('q/r/small', chunks(5, 1000), { maxBytes: 4096 })).rejects.toBeInstanceOf(
        StorageLimitError,
      );
      await expect(storage.write('q/r/large', chunks(7, MiB), { maxBytes: 6 * MiB })).rejects.toBeInstanceOf(
        StorageLimitError,
      );
      expect(await keys()).toEqual([]);
      await expect(storage.read('q/r/large')).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('reports the source failing mid-stream and leaves no key behind, below and above one part', async () => {
      async function* failing(before: number) {
        yield* chunks(before, MiB);
        throw new Error('client went away');
      }
      await expect(storage.write('q/r/a', failing(0), { maxBytes: 10 * MiB })).rejects.toThrow('client went away');
      await expect(storage.write('q/r/b', failing(6), { maxBytes: 10 * MiB })).rejects.toThrow('client went away');
      expect(await keys()).toEqual([]);
    });

    it('replaces an existing key whole', async () => {
      await storage.write('k', Readable.from([Buffer.from('old')]), { maxBytes: 10 });
      await storage.write('k', Readable.from([Buffer.from('new')]), { maxBytes: 10 });
      expect(await text(await storage.read('k'))).toBe('new');
    });

    it('read of a missing key is StorageNotFoundError', async () => {
      await expect(storage.read('nothing/here')).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('removes a key and a whole prefix; removing twice is fine', async () => {
      for (const key of ['q1/r1/a', 'q1/r1/b', 'q1/r2/c', 'q2/r3/d', 'q10/r4/e']) {
        await storage.write(key, Readable.from([Buffer.from(key)]), { maxBytes: 100 });
      }
      await storage.remove('q1/r1/a');
      await storage.remove('q1/r1/a');
      expect(await keys()).toEqual(['q1/r1/b', 'q1/r2/c', 'q10/r4/e', 'q2/r3/d']);
      await storage.removePrefix('q1');
      await storage.removePrefix('q1');
      // `q1` is a whole segment: q10 is another questionnaire.
      expect(await keys()).toEqual(['q10/r4/e', 'q2/r3/d']);
    });

    it('refuses keys that could escape their place', async () => {
      for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '', 'a/.tmp', 'a\\b']) {
        await expect(storage.write(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(
          /Invalid storage key/,
        );
        await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
      }
      await expect(storage.removePrefix('..')).rejects.toThrow(/Invalid storage prefix/);
    });

    it('lists each key once with its modification time', async () => {
      const before = Date.now() - 5_000;
      await storage.write('q/r/one', Readable.from([Buffer.from('1')]), { maxBytes: 10 });
      await storage.write('q/s/two', Readable.from([Buffer.from('2')]), { maxBytes: 10 });
      const listed: { key: string; modifiedAt: Date }[] = [];
      for await (const object of storage.list()) listed.push(object);
      expect(listed.map((object) => object.key).sort()).toEqual(['q/r/one', 'q/s/two']);
      for (const object of listed) {
        expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
        expect(object.modifiedAt.getTime()).toBeLessThan(Date.now() + 5_000);
      }
    });

    it('an interrupted write is never a key; tidy never removes a stored key', async () => {
      await storage.write('q/r/keep', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
      await store.interruptWrite('q/r/dead');
      expect(await keys()).toEqual(['q/r/keep']);
      await expect(storage.read('q/r/dead')).rejects.toBeInstanceOf(StorageNotFoundError);
      await storage.tidy(new Date(Date.now() - 60_000));
      expect(await keys()).toEqual(['q/r/keep']);
      expect(await text(await storage.read('q/r/keep'))).toBe('x');
    });
  });
}
