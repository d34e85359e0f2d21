import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { freePort } from './scripts/free-port.ts';

// A free port, chosen once by the runner and inherited by its workers.
process.env.FYN_E2E_PORT ??= String(await freePort());
const port = Number(process.env.FYN_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    // Recording a trace costs every action a snapshot: about a sixth of a journey's time (quotes,
    // operations and hr: 71 s with, 59 s without). CI records the retry of a failed test only
    // (retries: 1); a run on a workstation keeps the trace of any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The app then animates nothing (antd's motion off): no click lands on a menu still moving in.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The real built app on an empty embedded database (migrations, UN/LOCODE, demo accounts).
    command: `rm -rf .tmp/e2e-data && node dist/server/main.js`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Webhooks may reach the receivers the journeys start on 127.0.0.1 (developers.spec.ts), and nothing else private.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '.tmp/e2e-data', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '', WEBHOOK_ALLOW_LOOPBACK: 'true' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
