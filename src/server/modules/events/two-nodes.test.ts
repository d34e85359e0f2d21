/**
 * Live delivery with two real app processes on one PostgreSQL (the CI's PostgreSQL run): a person
 * on node A asks to connect, the other person's stream on node B shows it, and a chat message sent
 * through B reaches A's stream. Both nodes keep their files in one S3-compatible bucket (s3rver on
 * 127.0.0.1), so a file uploaded through A is downloaded through B. Skipped on the embedded
 * database (one process by design).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { freePort, httpClient, startAppProcess } from '../../test/app-process.ts';
import { testDatabaseUrls } from '../../test/global-setup.ts';
import { openStream } from '../../test/sse.ts';
import { startS3Server } from '../../test/s3-server.ts';

const url = process.env.DATABASE_URL;
const children: ChildProcess[] = [];
let dbName = '';
let dbUrl = '';
let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

async function startNode(port: number, extra: Record<string, string> = {}): Promise<string> {
  const node = await startAppProcess(port, {
    DATABASE_URL: dbUrl, DATABASE_LISTEN_URL: testDatabaseUrls(dbName).listenUrl, ...s3!.env, ...extra,
    // Each node its own disk, as on two machines: what they share is the database and the bucket.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fyn-node-')),
  });
  children.push(node.child);
  return node.url;
}

const client = httpClient;

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
    dbUrl = testDatabaseUrls(dbName).url;
    s3 = await startS3Server();
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
    await s3?.close();
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

  it('a chat file and an avatar uploaded through node A are read through node B, with the same checks', async () => {
    const dee = await signUp(a, 'Dee', db);
    const eli = await signUp(a, 'Eli', db);
    const eliOnB = client(b);
    for (const [k, v] of eli.jar) eliOnB.jar.set(k, v);
    const asked = await dee.call('POST', '/api/connections', { target: { type: 'user', id: eli.id } });
    expect((await eli.call('PATCH', `/api/connections/${asked.data.data.id}`, { status: 'connected' })).status).toBe(200);
    const chat = await dee.call('POST', '/api/chats', { member_ids: [eli.id] });

    const manifest = Buffer.from('container,seal\nMSCU1234565,SL-778\n');
    const form = new FormData();
    form.append('file', new Blob([manifest], { type: 'text/csv' }), 'manifest.csv');
    const up = await dee.call('POST', `/api/chats/${chat.data.data.id}/attachments`, form);
    expect(up.status).toBe(200);
    const file = String(up.data.data.key).split('/')[1];
    // Node B never saw the upload: it reads the bucket, after the same membership check.
    const down = await fetch(`${b}/api/chats/${chat.data.data.id}/attachments/${file}`, { headers: { cookie: eliOnB.cookie() } });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-disposition')).toContain('manifest.csv');
    expect(Buffer.from(await down.arrayBuffer()).equals(manifest)).toBe(true);
    const stranger = await signUp(b, 'Fay', db);
    expect((await fetch(`${b}/api/chats/${chat.data.data.id}/attachments/${file}`, { headers: { cookie: stranger.cookie() } })).status).toBe(404);
    expect((await fetch(`${b}/api/chats/${chat.data.data.id}/attachments/${file}`)).status).toBe(401);

    // A picture: 1×1 PNG, cleaned by sharp on A, served from the bucket by B.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const avatar = new FormData();
    avatar.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const set = await dee.call('POST', '/api/user/avatar', avatar);
    expect(set.status).toBe(200);
    const image = String(set.data.data.avatar_url);
    expect(image).toMatch(/^\/api\/files\/avatars\//);
    const pic = await fetch(`${b}${image}`, { headers: { cookie: eliOnB.cookie() } });
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await pic.arrayBuffer()).subarray(0, 8).equals(png.subarray(0, 8))).toBe(true);
  }, 60_000);
});
