import { defineConfig } from 'vitest/config';

// Two projects, as the editor and the embed have: `unit` (beside the code, no database, no
// server process: `pnpm test:unit`) and `integration` (the real server over Postgres or PGlite).
// `vitest run` runs both; `--project unit` or `--project integration` one of them.
export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
