/**
 * What a `kill -9` of the embedded server can lose: nothing that was committed. PGlite writes the
 * WAL to the operating system before COMMIT returns, and the kernel keeps those pages when the
 * process dies. (An operating-system crash or power cut is another matter: see docs/deployment.md.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exited, onLines, runTs, scratchFolders } from '../test/app-process.ts';
import { openDatabase } from './client.ts';

const { folder: tempDir, removeAll } = scratchFolders('fyn-durability-');
afterAll(removeAll);

// Always the embedded database (its children start with DATABASE_URL empty): the pass against
// PostgreSQL (.ci/run) would only run the same again. A kill during the reference-data import is
// reference-import-kill.test.ts's, a file of its own so that the two run side by side.
describe.skipIf(Boolean(process.env.DATABASE_URL))('kill -9 of the embedded database', () => {
  it('keeps every acknowledged commit across repeated SIGKILLs at random moments', async () => {
    const dir = tempDir();
    let acknowledged = 0;
    let previous = 0;
    for (let round = 0; round < 3; round++) {
      const child = runTs('src/server/test/durability-child.ts', [dir]);
      let start = -1;
      onLines(child, (line) => {
        const ready = /^ready (\d+)/.exec(line);
        if (ready) {
          start = Number(ready[1]);
          setTimeout(() => child.kill('SIGKILL'), 150 + Math.random() * 400);
        }
        const done = /^committed (\d+)/.exec(line);
        if (done) acknowledged = Math.max(acknowledged, Number(done[1]));
      });
      await exited(child);
      // What the restarted process finds is at least everything acknowledged before the kill.
      if (round > 0) expect(start).toBeGreaterThanOrEqual(previous);
      previous = acknowledged;
      expect(acknowledged).toBeGreaterThan(0);
    }
    const database = await openDatabase({ dataDir: dir });
    const [{ n, max }] = await database.query<{ n: number; max: number }>('select count(*)::int as n, max(n)::int as max from durability_probe');
    await database.close();
    expect(max).toBeGreaterThanOrEqual(acknowledged);
    expect(n).toBe(max);
  }, 120_000);
});
