/**
 * What a `kill -9` of the embedded server can lose: nothing that was committed. PGlite writes the
 * WAL to the operating system before COMMIT returns, and the kernel keeps those pages when the
 * process dies. (An operating-system crash or power cut is another matter: see docs/deployment.md.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../paths.ts';
import { openDatabase } from './client.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'fyn-durability-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(script: string, args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: appRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function lines(child: ChildProcess, onLine: (line: string) => void) {
  let buffer = '';
  child.stdout!.on('data', (chunk) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    parts.forEach(onLine);
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

// Always the embedded database (its children start with DATABASE_URL empty): the pass against
// PostgreSQL (.ci/run) would only run the same again, about 90 s of one worker.
describe.skipIf(Boolean(process.env.DATABASE_URL))('kill -9 of the embedded database', () => {
  it('keeps every acknowledged commit across repeated SIGKILLs at random moments', async () => {
    const dir = tempDir();
    let acknowledged = 0;
    let previous = 0;
    for (let round = 0; round < 3; round++) {
      const child = run('src/server/test/durability-child.ts', [dir]);
      let start = -1;
      lines(child, (line) => {
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

  it('finishes a reference-data import that a kill cut short', async () => {
    const dataDir = tempDir();
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', DEMO_SEED: 'false', NODE_ENV: 'development' };
    // A database already made (migrated, no reference data), so the start imports instead of
    // copying the build's template (db/template.ts), which holds the reference data already.
    const made = await openDatabase({ dataDir: join(dataDir, 'db') });
    await made.migrate();
    await made.close();
    const first = run('src/server/main.ts', [], env);
    lines(first, (line) => {
      if (line.includes('importing UN/LOCODE')) setTimeout(() => first.kill('SIGKILL'), 800);
    });
    await exited(first);

    const second = run('src/server/main.ts', [], env);
    await new Promise<void>((resolve) => lines(second, (line) => line.includes('FYN is ready') && resolve()));
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
