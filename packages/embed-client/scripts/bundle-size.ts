import { readdir, readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { gzipCopyOf } from './precompress';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** KB = 1,024 bytes, gzipped (level 9). */
export const BUDGET_KB = { mountEsm: 30, scriptTag: 32, everything: 40 } as const;

export interface BundleSizes {
  /**
   * What a site's bundler ships first for `import { mount }`, minified ESM: every question type
   * but the file upload, which is its own chunk, loaded when a questionnaire shows one.
   */
  mountEsm: { minified: number; gzip: number };
  /**
   * The script tag's first load, each file gzipped on its own as the server sends it: the loader
   * (/embed/v1/embed.js), the module it imports and that module's static imports. The chunks loaded
   * on demand (file upload, recall, address suggestions, language switcher) are not counted.
   */
  scriptTag: { minified: number; gzip: number; files: { name: string; gzip: number }[] };
  /**
   * All the JavaScript the service sends for the script tag once every question type and option has
   * been shown (the loader, the module and every chunk, the on-demand parts included), as the server
   * sends each file in gzip: the copy the build made with zopfli (issue 25). `zlibGzip` is the same
   * files at zlib's level 9, for comparison.
   */
  everything: { minified: number; gzip: number; zlibGzip: number; files: number };
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
    // As a site's bundler does: a dynamic import becomes a chunk of its own, loaded on demand.
    splitting: true,
    outdir: 'out',
    write: false,
    metafile: true,
    absWorkingDir: PACKAGE_DIR,
    logLevel: 'silent',
  });
  // The entry and the chunks it imports statically; the on-demand chunks are not the first load.
  const outputs = result.metafile.outputs;
  const firstLoad = new Set<string>();
  const visit = (path: string) => {
    if (firstLoad.has(path)) return;
    firstLoad.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(Object.keys(outputs).find((path) => path.endsWith('stdin.js')) ?? '');
  const esm = Buffer.concat(
    result.outputFiles.filter((file) => firstLoad.has(relative(PACKAGE_DIR, file.path))).map((file) => file.contents),
  );
  const files = await scriptTagFirstLoad();
  const all = await scriptTagEverything();
  return {
    mountEsm: { minified: esm.length, gzip: gzipSize(esm) },
    scriptTag: {
      minified: files.reduce((sum, file) => sum + file.bytes.length, 0),
      gzip: files.reduce((sum, file) => sum + gzipSize(file.bytes), 0),
      files: files.map((file) => ({ name: file.name, gzip: gzipSize(file.bytes) })),
    },
    everything: {
      minified: all.reduce((sum, file) => sum + file.bytes.length, 0),
      gzip: all.reduce((sum, file) => sum + file.gzipCopy.length, 0),
      zlibGzip: all.reduce((sum, file) => sum + gzipSize(file.bytes), 0),
      files: all.length,
    },
  };
}

/** The loader and every file of `dist/script/`, each with the gzip copy the build made of it. */
async function scriptTagEverything(): Promise<{ bytes: Buffer; gzipCopy: Buffer }[]> {
  const dist = new URL('dist/', `file://${PACKAGE_DIR}`);
  const names = (await readdir(new URL('script/', dist))).filter((name) => name.endsWith('.js'));
  return Promise.all(
    ['embed.global.js', ...names.map((name) => `script/${name}`)].map(async (name) => ({
      bytes: await readFile(new URL(name, dist)),
      gzipCopy: await readFile(gzipCopyOf(name)),
    })),
  );
}

/** A minified module's static imports (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` is on demand. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\.\/[\w-]+\.m?js)["']/g;

/** The loader, `script/embed-module.js`, and every file it imports statically, followed through the built files. */
async function scriptTagFirstLoad(): Promise<{ name: string; bytes: Buffer }[]> {
  const dist = new URL('dist/', `file://${PACKAGE_DIR}`);
  const files = [{ name: 'embed.global.js', bytes: await readFile(new URL('embed.global.js', dist)) }];
  const seen = new Set<string>();
  const visit = async (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const bytes = await readFile(new URL(`script/${name}`, dist));
    files.push({ name: `script/${name}`, bytes });
    for (const [, imported] of bytes.toString('utf8').matchAll(STATIC_IMPORT)) await visit(imported!.slice(2));
  };
  await visit('embed-module.js');
  return files;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
