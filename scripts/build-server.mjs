// Bundles the server into dist/server/main.js; npm packages stay external (node_modules).
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});

// Last step of `npm run build`: the stamp that scripts/build-if-stale.mjs compares sources with.
writeFileSync(new URL('../dist/.build-stamp', import.meta.url), new Date().toISOString() + '\n');
