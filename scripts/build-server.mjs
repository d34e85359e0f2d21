// Bundles the server with its npm packages into dist/server/server.js (one file to load: resolving
// thousands of package files was most of a restart), but for those that read files of their own
// beside their code (PGlite's WebAssembly, Swagger UI's pages) or are optional. dist/server/main.js
// turns on Node's compile cache and loads it, so a restart does not parse the bundle again. Then
// makes the embedded database a first start copies (dist/db-template, src/server/db/template.ts),
// unless the one there was made from the same migrations and reference data.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/server/main.ts', 'make-db-template': 'src/server/make-db-template.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', '@fastify/swagger-ui', '@fastify/static', 'pg-native', '@aws-sdk/*', 'pdfjs-dist', 'pdfjs-dist/*'],
  // CommonJS packages inside an ES module still call require().
  banner: { js: "import { createRequire as __fynRequire } from 'node:module'; const require = __fynRequire(import.meta.url);" },
  sourcemap: 'linked',
  logLevel: 'warning',
});
writeFileSync(
  new URL('../dist/server/main.js', import.meta.url),
  "// Written by scripts/build-server.mjs: the compiled bundle is cached on disk (Node's compile cache) for the next start.\n" +
    "import module from 'node:module';\nmodule.enableCompileCache?.();\nawait import('./server.js');\n",
);
const made = spawnSync(process.execPath, ['dist/server/make-db-template.js'], { stdio: 'inherit' });
if (made.status !== 0) process.exit(made.status ?? 1);

// Last step of `npm run build`: the stamp that scripts/build-if-stale.mjs compares sources with.
writeFileSync(new URL('../dist/.build-stamp', import.meta.url), new Date().toISOString() + '\n');
