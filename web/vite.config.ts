import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is one chunk (issue 20): left to the bundler, the shared
        // pieces were 21 small files, each a request of its own before the first paint (HTTP/1.1: six at
        // a time). The pages, charts, sign-in and wallet code stay separate chunks, loaded when used.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom tests that scroll a table through 85 quarters take 1-4 s alone; beside a server test file
    // (two run at once, vitest.config.ts) the default 5 s was not enough on a busy machine.
    testTimeout: 15_000,
  },
});
