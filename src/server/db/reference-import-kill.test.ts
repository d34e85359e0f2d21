/**
 * A `kill -9` of the embedded server during its first start's reference-data import (UN/LOCODE,
 * ECB rates) loses nothing for good: the next start finishes the import. Its server processes
 * always run on the embedded database (DATABASE_URL empty), so the pass against PostgreSQL skips
 * it: it would only run the same again.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, onLines, runTs, scratchFolders } from '../test/app-process.ts';
import { openDatabase } from './client.ts';

const { folder: tempDir, removeAll } = scratchFolders('fyn-import-kill-');
afterAll(removeAll);

describe.skipIf(Boolean(process.env.DATABASE_URL))('kill -9 during the reference-data import', () => {
  it('finishes a reference-data import that a kill cut short', async () => {
    const dataDir = tempDir();
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', DEMO_SEED: 'false', NODE_ENV: 'development' };
    // A database already made (migrated, no reference data), so the start imports instead of
    // copying the build's template (db/template.ts), which holds the reference data already.
    const made = await openDatabase({ dataDir: join(dataDir, 'db') });
    await made.migrate();
    await made.close();
    const first = runTs('src/server/main.ts', [], env);
    onLines(first, (line) => {
      if (line.includes('importing UN/LOCODE')) setTimeout(() => first.kill('SIGKILL'), 800);
    });
    await exited(first);

    const second = runTs('src/server/main.ts', [], env);
    await new Promise<void>((resolve) => onLines(second, (line) => line.includes('FYN is ready') && resolve()));
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);

    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from locations');
    const [mark] = await database.query<{ rows: number }>(`select rows from reference_imports where name like 'unlocode %'`);
    await database.close();
    expect(mark.rows).toBe(n);
    expect(n).toBeGreaterThan(115_000);
  }, 180_000);
});
