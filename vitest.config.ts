import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// PGlite takes ~800 MB per worker: two workers at most (docs/architecture.md#tests). Child
// processes, not worker threads: two isolates running PGlite's wasm in one process once brought
// the whole run down with a V8 fatal error (`Check failed: jit_page_->allocations_.erase(addr)`,
// in UnregisterWasmAllocation: V8 keeps one table of JIT pages per process), a CI failure after
// 274 s with no test at fault. Threads were about 6 % quicker; a run that cannot crash is worth it.
export default defineConfig({
  plugins: [react()],
  test: {
    pool: 'forks',
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
          // Each file in a VM context of a reused child process, where the forks pool started a process
          // per file that loaded antd and React again (1,700 CommonJS modules). The web project alone,
          // 84 files: 219 s → 151 s, CPU 324 → 237 s, its files' import time 185 → 115 s.
          // vm-globals.ts gives the contexts what this pool leaves out. No PGlite here, so no wasm.
          pool: 'vmForks',
          setupFiles: ['src/web/test/vm-globals.ts', 'src/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
