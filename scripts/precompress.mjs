// After `vite build`: writes .gz and .br twins of the text assets, which @fastify/static serves
// (preCompressed) to browsers that accept them. Compressed once at build, never per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/web', import.meta.url).pathname;
let files = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(js|css|html|svg|json|txt)$/.test(name)) {
      const data = readFileSync(path);
      if (data.length < 1024) continue;
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
}
walk(root);
console.log(`precompressed ${files} files`);
