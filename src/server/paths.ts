import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + from);
    dir = up;
  }
  return dir;
}

export const appRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(appRoot, 'src/server/db/migrations');
export const referenceDataDir = join(appRoot, 'data');
export const webDistDir = join(appRoot, 'dist/web');
