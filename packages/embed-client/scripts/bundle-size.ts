import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** KB = 1,024 bytes, gzipped (level 9). */
export const BUDGET_KB = { mountEsm: 30, scriptTag: 32 } as const;

export interface BundleSizes {
  /** What a site's bundler ships for `import { mount }`: every question type, minified ESM. */
  mountEsm: { minified: number; gzip: number };
  /** The script-tag bundle the server serves at /embed/v1/embed.js. */
  scriptTag: { minified: number; gzip: number };
}

const gzipSize = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;

/** Measures the built package in `dist/` (run `pnpm build` first). */
export async function measureBundleSizes(): Promise<BundleSizes> {
  const result = await build({
    stdin: { contents: "export { mount } from './dist/index.js';", resolveDir: PACKAGE_DIR, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const esm = result.outputFiles[0]?.contents ?? new Uint8Array();
  const iife = await readFile(new URL('dist/embed.global.js', `file://${PACKAGE_DIR}`));
  return {
    mountEsm: { minified: esm.length, gzip: gzipSize(esm) },
    scriptTag: { minified: iife.length, gzip: gzipSize(iife) },
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
