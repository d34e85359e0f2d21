/**
 * SIGTERM on a real app process (docs/deployment.md#rolling-a-release): readiness answers 503 at
 * once while the node keeps serving for the drain; a request that reached it before the signal is
 * answered even when its body arrives after the drain; live streams end with a reconnect hint; new
 * connections are refused; the process exits 0.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { copyTemplate } from './db/template.ts';
import { freePort, httpClient, startAppProcess } from './test/app-process.ts';
import { testDatabaseUrls } from './test/global-setup.ts';
import { openStream } from './test/sse.ts';

const DRAIN_S = 2;
const url = process.env.DATABASE_URL;
let dbName = '';
let child: ChildProcess | undefined;
let output = () => '';

/** A database of its own for the process: a copy of the migrated template, on PostgreSQL or PGlite. */
async function databaseEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fyn-shutdown-'));
  if (url) {
    dbName = `fyn_shutdown_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
    await admin.end();
    const { url: pooled, listenUrl } = testDatabaseUrls(dbName);
    return { DATA_DIR: dataDir, DATABASE_URL: pooled, DATABASE_LISTEN_URL: listenUrl };
  }
  // The embedded database: the template laid into DATA_DIR/db as a first start lays it.
  copyTemplate(join(dataDir, 'db'), inject('pgliteTemplate'));
  return { DATA_DIR: dataDir };
}

/** Writes a request's head and the first part of its body, and waits for its answer. */
function slowRequest(port: number, head: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => (answer += c));
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  socket.write(`${head}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, half)}`);
  return { finish: () => socket.write(body.slice(half)), closed };
}

describe('SIGTERM', () => {
  let base = '';
  let port = 0;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    port = await freePort();
    env = await databaseEnv();
    const node = await startAppProcess(port, { ...env, DEV_MODE: 'true', SHUTDOWN_DRAIN_S: String(DRAIN_S), SHUTDOWN_TIMEOUT_S: '5', JOBS: 'true' });
    child = node.child;
    output = node.output;
    base = node.url;
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dbName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  // Two servers on one embedded folder were two PostgreSQL servers writing the same files, each blind
  // to the other's writes (data-dir-lock.ts).
  it.skipIf(url)('a second server on the same embedded database folder refuses to start, and the first keeps serving', async () => {
    const second = await startAppProcess(await freePort(), { ...env, DEV_MODE: 'true' }).then(
      ({ child: started }) => (started.kill('SIGKILL'), 'it started'),
      (err: Error) => err.message,
    );
    expect(second).toMatch(/exited 1: [^]*fyn: failed to start: the embedded database in \S+ is in use by another process \(pid \d+\)/);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
  }, 60_000);

  it('drains, answers what arrived before it, ends live streams with a reconnect hint, and exits 0', async () => {
    // A logged-in person with a live stream.
    const ana = httpClient(base);
    await ana.call('GET', '/api/csrf-cookie');
    const email = `ana-${randomBytes(4).toString('hex')}@example.com`;
    expect((await ana.call('POST', '/api/auth/register', { name: 'Ana', email, password: 'Harbour-2026' })).status).toBeLessThan(300);
    const mail = await ana.call('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`);
    expect((await ana.call('POST', '/api/auth/verify-otp', { email, otp: String(mail.data.data[0].subject).slice(0, 6) })).status).toBeLessThan(300);
    const stream = await openStream(`${base}/api/events`, { cookie: ana.cookie() });
    await stream.next((f) => f.event === 'ready');
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    // A login whose head has arrived, and half its body, when the signal comes.
    const body = JSON.stringify({ email, password: 'Harbour-2026', remember: false });
    const login = slowRequest(port, `POST /api/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncookie: XSRF-TOKEN=${ana.jar.get('XSRF-TOKEN')}\r\nx-xsrf-token: ${ana.jar.get('XSRF-TOKEN')}\r\n`, body);
    await new Promise((r) => setTimeout(r, 200));

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // Readiness fails at once; the node still answers everything else, closing each connection after.
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: { code: 'shutting_down', message: 'This node is shutting down.' } });
    const user = await ana.call('GET', '/api/user');
    expect(user.status).toBe(200);
    expect(user.headers.get('connection')).toBe('close');
    expect(stream.frames.some((f) => f.event === 'reconnect')).toBe(false);

    // After the drain: live streams end with a reconnect hint, then no new connection is taken.
    const hint = await stream.next((f) => f.event === 'reconnect', (DRAIN_S + 3) * 1000);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_S * 1000 - 100);
    expect(hint.retry).toBe(500);
    await stream.ended();
    // The login that arrived before the signal is finished and answered.
    login.finish();
    const answer = await login.closed;
    expect(answer, output()).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('fyn.session_token=');
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    expect(await exited).toBe(0);
  }, 60_000);
});
