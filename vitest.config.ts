import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: pure rules (no I/O) and API/database tests that share one PostgreSQL
// started once per run (embedded, or DATABASE_URL when set).
export default defineConfig({
  test: {
    // One test file per core, not Vitest's default of one fewer: the API files mostly wait on
    // PostgreSQL and HTTP, so on 2 cores two at a time halves the run (about 6 min to 3).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'server/**/*.unit.test.ts',
            'client/**/*.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts'],
          globalSetup: ['server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
