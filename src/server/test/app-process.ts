import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appRoot } from '../paths.ts';

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The environment every app process of the tests starts with (plus the caller's). */
export const appProcessEnv = (port: number, extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), SESSION_SECRET: 'two-nodes-secret-two-nodes-secret-0123456789',
  LOG_LEVEL: 'info', DEMO_SEED: 'false', RATE_LIMIT_PER_MINUTE: '0', REGISTRATIONS_PER_HOUR: '1000', WEATHER_URL: 'none', ...extra,
});

/**
 * A real app process (`src/server/main.ts`) on 127.0.0.1:`port`, resolved once it logs that it is
 * ready; `output()` is everything it printed so far.
 */
export async function startAppProcess(port: number, extra: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: appRoot, env: appProcessEnv(port, extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node on ${port} did not start: ${out.slice(-2000)}`)), 90_000);
    const onData = () => {
      if (out.includes('FYN is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`node on ${port} exited ${code}: ${out.slice(-2000)}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => out };
}

/** A browser-like client over fetch: cookies and the CSRF header; JSON, or FormData as multipart. */
export function httpClient(base: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method: string, path: string, body?: unknown) {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: cookie(), ...(form ? {} : { 'content-type': 'application/json' }), 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { status: res.status, headers: res.headers, data: res.status === 204 ? null : await res.json() };
  }
  return { jar, cookie, call };
}

/** A TypeScript script of the repository in a process of its own (through tsx), its output piped. */
export const runTs = (script: string, args: string[], env: Record<string, string> = {}): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: appRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

/** Calls `onLine` with each whole line the process prints to its standard output. */
export function onLines(child: ChildProcess, onLine: (line: string) => void): void {
  let buffer = '';
  child.stdout!.on('data', (chunk) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    parts.forEach(onLine);
  });
}

/** Resolves with the process's exit code once it has ended. */
export const exited = (child: ChildProcess): Promise<number | null> => new Promise((resolve) => child.once('exit', resolve));

/** Fresh temporary folders for a test file, and one call that removes them all (in its afterAll). */
export function scratchFolders(prefix: string): { folder: () => string; removeAll: () => void } {
  const made: string[] = [];
  return {
    folder: () => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll: () => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}
