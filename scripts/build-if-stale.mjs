// `npm start` and `npm run test:e2e`: build the app only when something it is built from changed
// since the last build (or there is none), so that a restart does not rebuild. The build writes
// dist/.build-stamp last, so a build cut short counts as no build.
// `npm install` runs it too (`prepare`, with --install): the first `npm start` then only starts.
// An install without the build tools (`npm ci --omit=dev` on a server) skips it: build there with
// `npm run build` where the tools are.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const STAMP = join(root, 'dist/.build-stamp');
/** What the build reads: sources, the page, locales, build settings and installed versions. */
const INPUTS = ['src', 'data', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'scripts/build-web.mjs', 'scripts/build-server.mjs', 'scripts/precompress.mjs'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const name of readdirSync(path)) {
    // Tests sit beside the code but are not part of the build.
    if (/\.test\.tsx?$/.test(name)) continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

export function buildIsStale() {
  if (!existsSync(STAMP)) return 'no build yet';
  const built = statSync(STAMP).mtimeMs;
  const changed = INPUTS.find((input) => newest(join(root, input)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

const installing = process.argv.includes('--install');
const reason = buildIsStale();
if (reason && installing && !existsSync(join(root, 'node_modules/vite'))) {
  console.log('fyn: not building during install (no build tools: development dependencies were left out)');
} else if (reason) {
  console.log(`fyn: building (${reason})`);
  const res = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
