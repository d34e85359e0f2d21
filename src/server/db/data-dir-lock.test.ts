import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchFolders } from '../test/app-process.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const scratch = scratchFolders('fyn-lock-');
const folder = () => join(scratch.folder(), 'db');
afterEach(scratch.removeAll);

/** Takes the lock of `db` in a process of its own; resolves once it holds it, with a way to end that process. */
async function holdElsewhere(db: string): Promise<{ pid: number; stop: () => Promise<void> }> {
  const script = `import { lockDataDir } from ${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).pathname)}; lockDataDir(${JSON.stringify(db)}); console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited (${code})`)));
  });
  return { pid: child.pid!, stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); }) };
}

describe('the embedded database folder lock', () => {
  it('refuses a second process while the first runs, and lets it in once that one has ended', async () => {
    const db = folder();
    const other = await holdElsewhere(db);
    expect(() => lockDataDir(db)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(db)).toThrow(`in use by another process (pid ${other.pid})`);
    // Killed without releasing (a crash): its lock is stale and taken over.
    await other.stop();
    const release = lockDataDir(db);
    expect(readFileSync(`${db}.lock`, 'utf8').startsWith(`${process.pid}`)).toBe(true);
    release();
    expect(existsSync(`${db}.lock`)).toBe(false);
  }, 30_000);

  it('is taken again within the process, and freed by the last release', () => {
    const db = folder();
    const first = lockDataDir(db);
    const second = lockDataDir(db);
    first();
    first();
    expect(existsSync(`${db}.lock`)).toBe(true);
    second();
    expect(existsSync(`${db}.lock`)).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another program (a restarted container)', () => {
    const db = folder();
    // A live process (this one's parent), but not the one that wrote the lock: another start time.
    writeFileSync(`${db}.lock`, `${process.ppid} 1\n`);
    const release = lockDataDir(db);
    expect(readFileSync(`${db}.lock`, 'utf8').startsWith(`${process.pid}`)).toBe(true);
    release();
  });

  it('takes over an empty or unreadable lock', () => {
    const db = folder();
    writeFileSync(`${db}.lock`, '');
    const release = lockDataDir(db);
    expect(readFileSync(`${db}.lock`, 'utf8').startsWith(`${process.pid}`)).toBe(true);
    release();
  });
});
