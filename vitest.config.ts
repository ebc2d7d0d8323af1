import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace (spec: `npm test` is the one command).
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
    // Vitest's default on 2 cores is one file at a time (cores - 1). Most of the suite's long files wait
    // on something else (a spawned server, PostgreSQL, a timer), so two run side by side.
    maxWorkers: 2,
  },
});
