import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace (spec: `npm test` is the one command).
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
  },
});
