// The browser app, built twice (vite.config.ts, `shellGroups`): the first build records which
// modules each chunk holds, the second groups what the first pages load together anyway.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
for (const pass of ['1', '2']) {
  const res = spawnSync(process.execPath, [vite, 'build', ...(pass === '1' ? ['--logLevel', 'warn'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, FYN_BUILD_PASS: pass },
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
