import { defineConfig } from 'tsup';

// Everything is bundled (Preact and the rule engine included): the package has no runtime dependencies.
const bundled = { noExternal: [/.*/], platform: 'browser' as const, target: 'es2022', treeshake: true };

export default defineConfig([
  {
    ...bundled,
    entry: { index: 'src/index.ts', client: 'src/client/index.ts', element: 'src/element-entry.ts' },
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
    splitting: true,
    clean: true,
    sourcemap: false,
  },
  {
    ...bundled,
    entry: { embed: 'src/embed-global.ts' },
    format: ['iife'],
    minify: true,
    sourcemap: false,
  },
]);
