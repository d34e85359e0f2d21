/**
 * The product as shipped: the production build started as `npm start` starts it (`node
 * dist/server/main.js` on an empty data folder, default settings: developer mode with the demo data,
 * background jobs running, logging at info), loaded by autocannon from another process, beside a
 * bare Fastify hello route in a process of its own started the same way. The only setting changed:
 * RATE_LIMIT_PER_MINUTE=0, since all the load comes from one address (the default 1 200 a minute
 * would answer 429 to nearly all of it). The api part measures an in-process app (logging off, no
 * jobs); this one measures what a user's server does.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { appRoot } from '../src/server/paths.ts';
import { freePort } from '../scripts/free-port.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/modules/demo/seed.ts';
import { cannon } from './api.ts';
import { cpuMs, loginCookie, mark, onCleanup, startServer, tempDir } from './support.ts';

const TARGETS = { '/api/health': 0.8, '/api/user': 0.4 } as const;

/** A run with the CPU time the server process spent per answer (robust to other load on the machine, unlike req/s). */
async function measure(url: string, pid: number | undefined, connections: number, headers: Record<string, string>, seconds: number) {
  const before = cpuMs(pid);
  const r = await cannon(url, connections, headers, seconds);
  const after = cpuMs(pid);
  return { ...r, cpuUs: before === null || after === null ? null : ((after - before) * 1000) / r.requests };
}

async function startHello(): Promise<{ url: string; pid: number | undefined }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(appRoot, 'bench/hello-server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  onCleanup(() => void child.kill('SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => b.toString().includes('hello ready') && resolve());
    child.once('exit', (code) => reject(new Error(`hello server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, pid: child.pid };
}

const ms = (x: number) => (x < 1 ? '<1' : String(Math.round(x)));

export async function shippedBench(connectionsList: number[], seconds: number): Promise<Record<string, number[]>> {
  console.log('\n== The product as shipped: `node dist/server/main.js` with default settings (demo data, jobs running, info log; rate limit off), load from another process ==');
  const { url: hello, pid: helloPid } = await startHello();
  // The environment `npm start` gives it: nothing but a fresh data folder and a free port.
  const server = await startServer({ DATA_DIR: tempDir('fyn-bench-shipped-'), RATE_LIMIT_PER_MINUTE: '0' }, { plain: true });
  const ratios: Record<string, number[]> = {};
  try {
    const cookie = await loginCookie(server.base, DEMO_USERS[0].email, DEMO_PASSWORD);
    const cases = [
      { path: '/api/health', headers: {} },
      { path: '/api/user', headers: { cookie } },
    ] as const;
    // Warm-up: JIT, caches.
    for (const c of cases) await cannon(`${server.base}${c.path}`, 10, c.headers, 1);
    await cannon(hello, 10, {}, 1);
    for (const connections of connectionsList) {
      console.log(`\n${connections} connections, ${seconds} s per measurement`);
      console.log(['route'.padEnd(20), 'req/s'.padStart(8), '×hello'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'hello req/s'.padStart(12), 'CPU µs/req'.padStart(11), 'hello µs'.padStart(9), '  target'].join(' '));
      for (const c of cases) {
        const h = await measure(hello, helloPid, connections, {}, seconds);
        const r = await measure(`${server.base}${c.path}`, server.child.pid, connections, c.headers, seconds);
        const ratio = r.rps / h.rps;
        (ratios[c.path] ??= []).push(ratio);
        const target = TARGETS[c.path];
        const bad = r.bad > 0 ? `  (${r.bad} of ${r.requests} answers not 2xx or failed)` : '';
        const us = (x: number | null) => (x === null ? '–' : x.toFixed(1));
        console.log([c.path.padEnd(20), r.rps.toFixed(0).padStart(8), ratio.toFixed(2).padStart(7), ms(r.p50).padStart(7), ms(r.p99).padStart(7), h.rps.toFixed(0).padStart(12), us(r.cpuUs).padStart(11), us(h.cpuUs).padStart(9), `  ×hello ≥ ${target}: ${mark(ratio >= target)}${bad}`].join(' '));
      }
    }
  } finally {
    await server.stop();
  }
  return ratios;
}
