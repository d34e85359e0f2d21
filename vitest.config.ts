import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// PGlite takes ~800 MB per worker: two workers at most (docs/architecture.md#tests). Worker
// threads rather than child processes: the same tests, about 6 % less wall time here.
export default defineConfig({
  plugins: [react()],
  test: {
    pool: 'threads',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // No module mocks and no module-level state here (each file builds its own app and
          // database): a worker imports the server once instead of once per file.
          isolate: false,
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
