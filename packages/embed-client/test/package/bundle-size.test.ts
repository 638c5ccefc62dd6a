import { describe, expect, it } from 'vitest';
import { BUDGET_KB, measureBundleSizes } from '../../scripts/bundle-size';

describe('bundle size budget (gzip, KB = 1,024 bytes)', () => {
  it(`mount with every question type is at most ${BUDGET_KB.mountEsm} KB as minified ESM, the script tag at most ${BUDGET_KB.scriptTag} KB`, async () => {
    const sizes = await measureBundleSizes();
    expect(sizes.mountEsm.gzip).toBeLessThanOrEqual(BUDGET_KB.mountEsm * 1024);
    expect(sizes.scriptTag.gzip).toBeLessThanOrEqual(BUDGET_KB.scriptTag * 1024);
    // The measurement must see the renderer, not an empty file: every question component is in it.
    expect(sizes.mountEsm.gzip).toBeGreaterThan(10 * 1024);
    // The script tag's first load is the loader, the module and the chunk with the renderer.
    expect(sizes.scriptTag.files.map((file) => file.name)).toEqual([
      'embed.global.js',
      'script/embed-module.js',
      expect.stringMatching(/^script\/chunk-[A-Z0-9]{8}\.js$/),
    ]);
    expect(sizes.scriptTag.gzip).toBeGreaterThan(10 * 1024);
    // The loader stays small: it is fetched before anything else.
    expect(sizes.scriptTag.files[0]!.gzip).toBeLessThan(1024);
  });

  // Issue 25: all the JavaScript the service sends once every type is shown, within 40 KB gzip. Measured as
  // sent: each file's gzip copy made by the build (zopfli), which the server sends to a client that takes gzip
  // (docs/decisions.md, "Issue 25: embed size, the budget met").
  it(`all the script tag's JavaScript, once every question type is shown, is at most ${BUDGET_KB.everything} KB as sent in gzip`, async () => {
    const sizes = await measureBundleSizes();
    expect(sizes.everything.gzip).toBeLessThanOrEqual(BUDGET_KB.everything * 1024);
    // The copies are smaller than zlib's own best, as zopfli's should be.
    expect(sizes.everything.gzip).toBeLessThan(sizes.everything.zlibGzip);
    // It counts the parts loaded on demand too: the loader, the module, its first-load chunk and the parts.
    expect(sizes.everything.files).toBe(4);
    expect(sizes.everything.gzip).toBeGreaterThan(sizes.scriptTag.gzip + 8 * 1024);
  });

  it("keeps a gzip copy of each of the script tag's files, which unzips to it, out of the folder served by name", async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { gunzipSync } = await import('node:zlib');
    const { gzipCopyOf } = await import('../../scripts/precompress');
    const dist = new URL('../../dist/', import.meta.url);
    const served = await readdir(new URL('script/', dist));
    expect(served.every((name) => name.endsWith('.js'))).toBe(true);
    const names = ['embed.global.js', ...served.map((name) => `script/${name}`)];
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^script\/parts-[A-Z0-9]{8}\.js$/)]));
    for (const name of names) {
      const copy = await readFile(gzipCopyOf(name));
      expect([name, gunzipSync(copy).equals(await readFile(new URL(name, dist)))]).toEqual([name, true]);
    }
  });
});

describe('bundle contents', () => {
  it('keep the label tables out of the script tag: they travel in the live document', async () => {
    const { readFile } = await import('node:fs/promises');
    const dist = new URL('../../dist/', import.meta.url);
    const { readdir } = await import('node:fs/promises');
    const scriptFiles = await readdir(new URL('script/', dist));
    const script = (
      await Promise.all(
        ['embed.global.js', ...scriptFiles.map((name) => `script/${name}`)].map((name) =>
          readFile(new URL(name, dist), 'utf8'),
        ),
      )
    ).join('\n');
    const tables = await readFile(new URL('labels.js', dist), 'utf8');
    // Sentences of the German and Dutch tables (ASCII, as the build may escape other letters).
    for (const sentence of ['Geben Sie die Postleitzahl ein.', 'Vul de postcode in.']) {
      expect(tables).toContain(sentence);
      expect(script).not.toContain(sentence);
    }
  });

  it('carry no Zod, no React and no tRPC: only Preact and our own code', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const dist = new URL('../../dist/', import.meta.url);
    const scripts = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.js'));
    expect(scripts).toContain('embed.global.js');
    expect(scripts).toContain('script/embed-module.js');
    for (const name of scripts) {
      const code = await readFile(new URL(name, dist), 'utf8');
      expect([name, /ZodError|\$ZodType|react-dom|__SECRET_INTERNALS|@trpc|createTRPC/.test(code)]).toEqual([
        name,
        false,
      ]);
    }
  });
});
