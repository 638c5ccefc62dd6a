import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const SERVER = process.env.FORMS_ENGINE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    // Each asset's Brotli and gzip forms written beside it, compressed once at their smallest: the
    // server sends the one the browser accepts (`express-static-gzip` in apps/server).
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
    }),
  ],
  // `pnpm dev`: hot reload here, the API from a running server.
  server: { proxy: { '/trpc': SERVER, '/api': SERVER, '/public': SERVER, '/embed': SERVER } },
  build: { sourcemap: true, manifest: true, chunkSizeWarningLimit: 1024 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // userEvent types key by key, and each key renders the whole draft screen: on a CI machine
          // whose two cores also run the server's and the embed's suites, one form test took over 30 s.
          // Every wait inside is on state (waitFor, findBy), so a longer limit only stops flakes.
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/*.test.ts'],
          environment: 'node',
          // The browser tests use the built editor, as the server serves it.
          globalSetup: ['./e2e/ensure-build.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000, interval: 50 } },
        },
      },
    ],
  },
});
