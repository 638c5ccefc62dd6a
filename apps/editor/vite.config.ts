import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/trpc': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000' } },
  test: { environment: 'jsdom', include: ['src/**/*.test.tsx'] },
});
