import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  test: {
    // Builds dist/ first when it is missing or older than the sources (turbo builds it before).
    globalSetup: ['./test/ensure-build.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/support/settle-effects.ts'],
          // A component test renders and types through several screens; a loaded machine needs more than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: { name: 'package', include: ['test/package/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
    ],
  },
});
