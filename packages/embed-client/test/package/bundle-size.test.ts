import { describe, expect, it } from 'vitest';
import { BUDGET_KB, measureBundleSizes } from '../../scripts/bundle-size';

describe('bundle size budget (gzip, KB = 1,024 bytes)', () => {
  it(`mount with every question type is at most ${BUDGET_KB.mountEsm} KB as minified ESM, the script tag at most ${BUDGET_KB.scriptTag} KB`, async () => {
    const sizes = await measureBundleSizes();
    expect(sizes.mountEsm.gzip).toBeLessThanOrEqual(BUDGET_KB.mountEsm * 1024);
    expect(sizes.scriptTag.gzip).toBeLessThanOrEqual(BUDGET_KB.scriptTag * 1024);
    // The measurement must see the renderer, not an empty file: every question component is in it.
    expect(sizes.mountEsm.gzip).toBeGreaterThan(10 * 1024);
  });
});

describe('bundle contents', () => {
  it('carry no Zod, no React and no tRPC: only Preact and our own code', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const dist = new URL('../../dist/', import.meta.url);
    const scripts = (await readdir(dist)).filter((name) => name.endsWith('.js'));
    expect(scripts).toContain('embed.global.js');
    for (const name of scripts) {
      const code = await readFile(new URL(name, dist), 'utf8');
      expect([name, /ZodError|\$ZodType|react-dom|__SECRET_INTERNALS|@trpc|createTRPC/.test(code)]).toEqual([
        name,
        false,
      ]);
    }
  });
});
