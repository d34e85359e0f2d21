import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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
