import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Another running process holds the embedded database's folder. */
export class DataDirInUseError extends Error {}

/** Whether a process with this pid runs (one of another user's answers EPERM: it runs). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Who a process is: its pid and, where the system says (Linux), when it started; a pid alone may
 * belong to another program after a restart (a container whose server was pid 1 and is now pid 20).
 */
function identityOf(pid: number): string | null {
  if (!processRuns(pid)) return null;
  try {
    // Field 22 of /proc/<pid>/stat, after the command name in parentheses (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return `${pid} ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  } catch {
    return String(pid);
  }
}

/** Holds per lock file in this process: openDatabase takes the lock main.ts already took before copying the template. */
const held = new Map<string, number>();

/**
 * Holds the embedded database's folder for this process until the returned release is called or the
 * process ends: `<dir>.lock` names the process. Two processes on one PGlite folder are two PostgreSQL
 * servers writing the same files, each blind to the other's writes (a second `npm start` in another
 * terminal did that, and left a folder that no longer opened). A lock whose process no longer runs
 * (a crash, a kill) is taken over. Throws DataDirInUseError while another process holds it.
 */
export function lockDataDir(dir: string): () => void {
  const path = `${dir}.lock`;
  const count = held.get(path) ?? 0;
  if (count === 0) acquire(path);
  held.set(path, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(path) ?? 1) - 1;
    if (left > 0) return void held.set(path, left);
    held.delete(path);
    try {
      if (readFileSync(path, 'utf8').trim() === identityOf(process.pid)) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
}

function acquire(path: string, retry = true): void {
  mkdirSync(dirname(path), { recursive: true });
  const me = identityOf(process.pid)!;
  // Written whole under another name, then linked into place: the lock never exists half written,
  // and the link fails when it exists.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, `${me}\n`);
  try {
    linkSync(draft, path);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  const holder = readFileSync(path, 'utf8').trim();
  const pid = Number(holder.split(' ')[0]);
  if (holder !== me && Number.isInteger(pid) && pid > 0 && identityOf(pid) === holder) {
    throw new DataDirInUseError(
      `the embedded database in ${path.slice(0, -'.lock'.length)} is in use by another process (pid ${pid}): stop it first, or give this one its own DATA_DIR. If no FYN runs there, delete ${path}.`,
    );
  }
  if (!retry) throw new DataDirInUseError(`the embedded database's lock ${path} changed hands while starting: start again.`);
  rmSync(path, { force: true });
  acquire(path, false);
}
