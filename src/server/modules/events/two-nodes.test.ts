/**
 * Live delivery with two real app processes on one PostgreSQL (the CI's PostgreSQL run): a person
 * on node A asks to connect, the other person's stream on node B shows it, and a chat message sent
 * through B reaches A's stream. Skipped on the embedded database (one process by design).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { appRoot } from '../../paths.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { openStream } from '../../test/sse.ts';

const url = process.env.DATABASE_URL;
const children: ChildProcess[] = [];
let dbName = '';
let dbUrl = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startNode(port: number, extra: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: appRoot,
    env: {
      ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: dbUrl, SESSION_SECRET: 'two-nodes-secret-two-nodes-secret-0123456789',
      LOG_LEVEL: 'info', DEMO_SEED: 'false', RATE_LIMIT_PER_MINUTE: '0', REGISTRATIONS_PER_HOUR: '1000', WEATHER_URL: 'none', ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`node on ${port} did not start: ${out.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk;
      if (out.includes('FYN is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`node on ${port} exited ${code}: ${out.slice(-2000)}`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** A browser-like client over fetch: cookies and the CSRF header. */
function client(base: string) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: cookie(), 'content-type': 'application/json', 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { status: res.status, data: res.status === 204 ? null : await res.json() };
  }
  return { jar, cookie, call };
}

async function signUp(base: string, name: string, admin: pg.Client) {
  const c = client(base);
  await c.call('GET', '/api/csrf-cookie');
  const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  expect((await c.call('POST', '/api/auth/register', { name, email, password: 'Harbour-2026' })).status).toBeLessThan(300);
  const { rows } = await admin.query<{ subject: string }>(`select subject from mail_outbox where "to" = $1 order by created_at desc limit 1`, [email]);
  await c.call('POST', '/api/auth/verify-otp', { email, otp: rows[0].subject.slice(0, 6) });
  const me = await c.call('GET', '/api/user');
  return Object.assign(c, { id: me.data.data.id as string });
}

describe.skipIf(!url)('live events with two app processes', () => {
  let a = '';
  let b = '';
  let db: pg.Client;
  beforeAll(async () => {
    dbName = `fyn_two_nodes_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
    await admin.end();
    dbUrl = withDatabase(url!, dbName);
    const [pa, pb] = [await freePort(), await freePort()];
    // B only answers requests (JOBS=false), as a web node of a larger deployment would.
    [a, b] = await Promise.all([startNode(pa), startNode(pb, { JOBS: 'false' })]);
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await db?.end();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('a request through node A and a message through node B arrive live on the other node', async () => {
    const ana = await signUp(a, 'Ana', db);
    const ben = await signUp(a, 'Ben', db);
    // Ben's session works on B too (one database, one secret); his stream is held by B.
    const onB = client(b);
    for (const [k, v] of ben.jar) onB.jar.set(k, v);
    const benStream = await openStream(`${b}/api/events`, { cookie: onB.cookie() });
    await benStream.next((f) => f.event === 'ready');
    const anaStream = await openStream(`${a}/api/events`, { cookie: ana.cookie() });
    await anaStream.next((f) => f.event === 'ready');

    const sent = await ana.call('POST', '/api/connections', { target: { type: 'user', id: ben.id } });
    expect(sent.status).toBe(201);
    expect((await benStream.next((f) => f.event === 'notification')).data).toMatchObject({ data: { type: 'connection_request' } });

    expect((await onB.call('PATCH', `/api/connections/${sent.data.data.id}`, { status: 'connected' })).status).toBe(200);
    const chat = await onB.call('POST', '/api/chats', { member_ids: [ana.id] });
    const msg = await onB.call('POST', `/api/chats/${chat.data.data.id}/messages`, { body: 'Container is on the truck.', client_id: 'm-1' });
    expect(msg.status).toBe(201);
    const arrived = await anaStream.next((f) => f.event === 'message');
    expect(arrived.data).toMatchObject({ data: { id: msg.data.data.id, body: 'Container is on the truck.', sender: { id: ben.id } } });
    benStream.close();
    anaStream.close();
  }, 60_000);

  it('a logout through node A ends the session’s stream held by node B, and B opens it no other', async () => {
    const cem = await signUp(a, 'Cem', db);
    const onB = client(b);
    for (const [k, v] of cem.jar) onB.jar.set(k, v);
    const jar = { cookie: onB.cookie() };
    const stream = await openStream(`${b}/api/events`, jar);
    await stream.next((f) => f.event === 'ready');
    expect((await cem.call('POST', '/api/auth/logout', {})).status).toBe(204);
    await stream.ended();
    const again = await openStream(`${b}/api/events`, jar);
    expect(again.status()).toBe(401);
    again.close();
  }, 60_000);
});
