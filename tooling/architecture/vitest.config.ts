import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Reading a folder's import graph parses every file with TypeScript: seconds on a busy machine.
  test: { testTimeout: 60_000 },
});
