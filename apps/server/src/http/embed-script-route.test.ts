import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltFile } from './embed-script-route.ts';

describe("the embed's built files and their gzip copies", () => {
  let folder: string;
  const code = Buffer.from(`export const words = ${JSON.stringify('a questionnaire '.repeat(200))};\n`);
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'embed-copy-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('sends the copy the build made of the file, byte for byte', async () => {
    const copy = gzipSync(code, { level: 1 }); // any gzip that unzips to the file
    await writeFile(join(folder, 'fresh.js'), code);
    await writeFile(join(folder, 'fresh.js.gz'), copy);
    const body = await readBuiltFile(join(folder, 'fresh.js'), join(folder, 'fresh.js.gz'));
    expect((await body.coded('gzip')).equals(copy)).toBe(true);
  });

  it('ignores a copy that does not unzip to the file (an older build) or is not gzip at all, and makes its own', async () => {
    await writeFile(join(folder, 'stale.js'), code);
    await writeFile(join(folder, 'stale.js.gz'), gzipSync(Buffer.from('export const words = "old";\n')));
    await writeFile(join(folder, 'broken.js'), code);
    await writeFile(join(folder, 'broken.js.gz'), Buffer.from('not gzip'));
    await writeFile(join(folder, 'alone.js'), code);
    for (const name of ['stale.js', 'broken.js', 'alone.js']) {
      const body = await readBuiltFile(join(folder, name), join(folder, `${name}.gz`));
      expect([name, gunzipSync(await body.coded('gzip')).equals(code)]).toEqual([name, true]);
    }
  });
});
