import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

// One bundle with the workspace packages inlined; npm dependencies stay external.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: [/^@forms-engine\//],
  // The migration runner reads its SQL files from beside the bundle.
  async onSuccess() {
    cpSync('../../packages/db/prisma/migrations', 'dist/migrations', { recursive: true });
  },
});
