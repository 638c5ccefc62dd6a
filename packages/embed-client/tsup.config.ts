import { readdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import { writeGzipCopies } from './scripts/precompress';

/**
 * The stylesheet is one template literal: its spaces, line breaks and the last `;` of each rule go
 * before it is bundled (a JS minifier leaves a string as written). Measured: 0.13 KB gzip.
 */
const compactStyles: Plugin = {
  name: 'compact-styles',
  setup(build) {
    build.onLoad({ filter: /render[\\/](questions[\\/][\w-]+-)?styles\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(/export const STYLES = `[\s\S]*?`;/, (styles) =>
        styles
          .replace(/\s*\n\s*/g, '')
          .replace(/([:;{,])\s+/g, '$1')
          .replace(/\s*([{}])/g, '$1')
          .replace(/;}/g, '}'),
      );
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * JSX built as `h(type, props, ...children)` (`scripts/jsx-factory.ts`) rather than the automatic runtime's
 * `jsx(type, { ...props, children })`: no `children` key per element. Measured: all the script tag's
 * JavaScript 0.3 KB gzip smaller. Only esbuild reads `tsconfig.build.json`; the declarations, type
 * checking and the tests keep `tsconfig.json` (the automatic runtime, no `h` to import in every file).
 */
const classicJsx = (options: BuildOptions) => {
  options.tsconfig = 'tsconfig.build.json';
  options.inject = [...(options.inject ?? []), 'scripts/jsx-factory.ts'];
};

// Everything is bundled (Preact and the rule engine included): the package has no runtime dependencies.
const bundled = {
  noExternal: [/.*/],
  platform: 'browser' as const,
  target: 'es2022',
  treeshake: true,
  esbuildOptions: classicJsx,
};

/**
 * The rule engine is reached through one barrel (`@forms-engine/schema/rules`) that re-exports every part
 * of it, and a bundler that splits places a part in the chunk every entry loads first as soon as the
 * barrel reaches it. Recall's answer formatting is needed only by the recall chunk: every other importer
 * gets the barrel without it (measured: 0.6 KB gzip of `mount`'s first load), `render/recall.ts` the whole.
 * The file types (`file-types.ts`: tables of 27 types and a Map built from them, which a bundler keeps
 * wherever the barrel goes) serve only the file upload: it gets them and `isAcceptedType`, every other
 * importer the barrel without them (measured: 0.6 KB gzip of `mount`'s first load, 0.7 KB of the script tag's).
 */
const RULES_INDEX = resolve(import.meta.dirname, '../schema/src/rules/index.ts');
const recallOnlyInItsChunk: Plugin = {
  name: 'recall-only-in-its-chunk',
  setup(build) {
    build.onResolve({ filter: /^@forms-engine\/schema\/rules$/ }, (args) => {
      if (/render[\\/]recall\.ts$/.test(args.importer)) return { path: RULES_INDEX, namespace: 'rules-for-recall' };
      if (/render[\\/]questions[\\/]file-upload\.tsx$/.test(args.importer))
        return { path: RULES_INDEX, namespace: 'rules-for-file-upload' };
      return { path: RULES_INDEX, namespace: 'rules-without-recall' };
    });
    build.onLoad({ filter: /.*/, namespace: 'rules-for-file-upload' }, () => ({
      contents: "export * from './file-types';\nexport { isAcceptedType } from './formats';",
      resolveDir: dirname(RULES_INDEX),
      loader: 'ts',
    }));
    build.onLoad({ filter: /.*/, namespace: 'rules-for-recall' }, async () => ({
      contents: (await readFile(RULES_INDEX, 'utf8')).replace("export * from './file-types';", ''),
      resolveDir: dirname(RULES_INDEX),
      loader: 'ts',
    }));
    build.onLoad({ filter: /.*/, namespace: 'rules-without-recall' }, async () => ({
      contents: (await readFile(RULES_INDEX, 'utf8'))
        .replace(/export \{[^}]*\} from '\.\/recall';/, '')
        .replace(/export \{[^}]*\} from '\.\/shuffle';/, '')
        .replace("export * from './file-types';", ''),
      resolveDir: dirname(RULES_INDEX),
      loader: 'ts',
    }));
  },
};

/**
 * Issue 25's helpers that only the questions loaded on demand use (the shuffle; a date-time written in the
 * respondent's zone) stay in their chunk. The rule engine's barrel leaves the shuffle out for every other
 * importer, so `render/questions/on-demand-rules.ts` names the files themselves:
 * - in the npm build it is a copy of `shuffle.ts` and `moments.ts`: `moments.ts` also serves the first
 *   load's checks, and a bundler places a shared file whole in the first load (measured: 0.5 KB gzip of
 *   `mount`'s first load);
 * - the script tag's parts import them from those files: `moments.ts` is in its first load for the checks
 *   anyway, and a copy would be sent twice (measured: 0.17 KB gzip less of all its JavaScript, 0.2 KB
 *   more of its first load, which has room).
 */
const RULES_DIR = dirname(RULES_INDEX);
const ON_DEMAND_RULES = /render[\\/]questions[\\/]on-demand-rules\.ts$/;
const onDemandRulesCopied: Plugin = {
  name: 'on-demand-rules-copied',
  setup(build) {
    build.onLoad({ filter: ON_DEMAND_RULES }, async () => {
      const parts = await Promise.all(
        ['shuffle.ts', 'moments.ts'].map((name) => readFile(`${RULES_DIR}/${name}`, 'utf8')),
      );
      return { contents: parts.join('\n'), resolveDir: RULES_DIR, loader: 'ts' };
    });
  },
};
const onDemandRulesShared: Plugin = {
  name: 'on-demand-rules-shared',
  setup(build) {
    build.onLoad({ filter: ON_DEMAND_RULES }, () => ({
      contents: [
        "export { shuffledOrder } from './shuffle';",
        "export { instantOfDateTime, wallClockOf, withLocalOffset } from './moments';",
      ].join('\n'),
      resolveDir: RULES_DIR,
      loader: 'ts',
    }));
  },
};

/**
 * The script tag in as few files as possible: each file is gzipped on its own, and esbuild gives the
 * code each set of entries shares a chunk of its own, so every file boundary costs the words the two
 * sides share (issue 25's budget of 40 KB gzip for all of it).
 * - The parts loaded on demand (the more types, the file upload, the address and its suggestions,
 *   recall, the language switcher) are one module per entry of `ON_DEMAND_CHUNKS`: a dynamic import
 *   of any member loads its chunk. Measured: all the script tag's JavaScript 45.9 KB gzip with seven
 *   on-demand files, 43.2 KB with one; a questionnaire with only a file upload now loads 11.7 KB of
 *   parts instead of 3.5 (docs/decisions.md, "Issue 25: embed size, the budget met").
 * - Each also re-exports the module's `start` (never used), so everything the module loads first is
 *   shared by all: one chunk, and `embed-module.js` only re-exports it.
 */
const EMBED_MODULE = resolve(import.meta.dirname, 'src/embed-module.ts');
const ON_DEMAND_CHUNKS: Record<string, string[]> = {
  parts: [
    'render/questions/more-types.tsx',
    'render/questions/file-upload.tsx',
    'render/questions/address.tsx',
    'render/questions/address-suggest.tsx',
    'render/recall.ts',
    'render/language-switcher.tsx',
  ].map((path) => resolve(import.meta.dirname, 'src', path)),
};
const onDemandPartsInOneChunk: Plugin = {
  name: 'on-demand-parts-in-one-chunk',
  setup(build) {
    build.onResolve({ filter: /^\.\/[\w-]+$/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || !/-on-demand\.ts$/.test(args.importer)) return undefined;
      const { path } = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir });
      const chunk = Object.keys(ON_DEMAND_CHUNKS).find((name) => ON_DEMAND_CHUNKS[name]!.includes(path));
      if (!chunk) throw new Error(`${args.importer} loads ${path}, which no chunk of ON_DEMAND_CHUNKS names`);
      return { path: chunk, namespace: 'on-demand' };
    });
    build.onLoad({ filter: /.*/, namespace: 'on-demand' }, (args) => ({
      contents: [
        ...ON_DEMAND_CHUNKS[args.path]!.map((path) => `export * from ${JSON.stringify(path)};`),
        `export { start as __start } from ${JSON.stringify(EMBED_MODULE)};`,
      ].join('\n'),
      resolveDir: import.meta.dirname,
      loader: 'ts',
    }));
  },
};

/**
 * The client loads its upload with progress (XMLHttpRequest) when first asked for it, which keeps it out
 * of the first load a site's bundler makes for `mount` (0.2 KB gzip). The script tag takes it with the
 * first load instead: a chunk of its own would cost 0.3 KB gzip more of all its JavaScript, and the
 * first load has room for it.
 */
const uploadWithTheClient: Plugin = {
  name: 'upload-with-the-client',
  setup(build) {
    build.onLoad({ filter: /client[\\/]public-client\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const lazy = "(await import('./upload-progress'))";
      if (!source.includes(lazy)) throw new Error(`${args.path}: ${lazy} not found`);
      return {
        contents: `import * as uploadProgress from './upload-progress';\n${source.replace(lazy, 'uploadProgress')}`,
        loader: 'ts',
      };
    });
  },
};

export default defineConfig([
  {
    ...bundled,
    entry: {
      index: 'src/index.ts',
      client: 'src/client/index.ts',
      element: 'src/element-entry.ts',
      labels: 'src/labels-entry.ts',
    },
    format: ['esm'],
    // Declarations bundled per entry. Mapping the private rule engine by path (not through node_modules)
    // makes rollup-plugin-dts inline its plain types, so the published .d.ts import nothing private.
    dts: {
      compilerOptions: {
        paths: {
          '@forms-engine/schema/rules': ['../schema/src/rules/index.ts'],
          '@forms-engine/schema/text': ['../schema/src/text/index.ts'],
        },
      },
    },
    esbuildPlugins: [compactStyles, recallOnlyInItsChunk, onDemandRulesCopied],
    splitting: true,
    clean: true,
    sourcemap: false,
  },
  {
    // The script tag: a small classic script (embed.js) that imports the module below.
    ...bundled,
    entry: { embed: 'src/embed-global.ts' },
    format: ['iife'],
    minify: true,
    sourcemap: false,
    onSuccess: () => writeGzipCopies(['embed.global.js']),
  },
  {
    // What the script tag imports, split as the npm build is (the server serves this folder beside embed.js).
    // The entry keeps its name (the loader names it, and the server revalidates it every time); every
    // chunk's name carries its hash, so the server can cache it for a year.
    ...bundled,
    entry: { 'embed-module': 'src/embed-module.ts' },
    outDir: 'dist/script',
    treeshake: false,
    format: ['esm'],
    esbuildPlugins: [
      compactStyles,
      recallOnlyInItsChunk,
      onDemandRulesShared,
      onDemandPartsInOneChunk,
      uploadWithTheClient,
    ],
    splitting: true,
    // terser after esbuild (issue 25's size budgets): measured 0.7 KB gzip less of all the script tag's
    // JavaScript than esbuild's minifier. Not for the npm build: a site's bundler minifies it again, and
    // esbuild over terser's output measured larger than over the plain one.
    // esbuild names what the chunks share (terser cannot rename a module's exports): `export{b as a,…}`
    // rather than `export{…as COUNTRY_CODE_LIST,…}`, and the same in every import of them (measured:
    // 0.35 KB gzip of all the script tag's JavaScript); its syntax minifying before terser's, 0.07 KB more.
    esbuildOptions: (options) => {
      classicJsx(options);
      options.minifyIdentifiers = true;
      options.minifySyntax = true;
    },
    minify: 'terser',
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 3, unsafe: true, pure_getters: true },
      mangle: true,
    },
    sourcemap: false,
    onSuccess: async () => {
      const names = (await readdir('dist/script')).filter((name) => name.endsWith('.js'));
      await writeGzipCopies(names.map((name) => `script/${name}`));
    },
  },
]);
