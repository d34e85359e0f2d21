import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from '../test/harness.ts';
import { people } from '../test/people.ts';
import { readOperations, urlOf } from '../test/attack/operations.ts';
import { nonCanonicalReason } from './canonical-path.ts';

let t: TestApp;
const p = people(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Spellings of `/api/user` that the router takes for it (or that a lenient proxy would). */
const DISGUISES = [
  '/%61pi/user', '/api/%75ser', '/api/us%65r', '/api/%55ser', '/%2561pi/user', '/api//user', '//api/user', '/api/./user', '/api/%2E/user',
  '/api/x/../user', '/api/x/%2E%2E/user', '/API/user', '/Api/user', '/api/user/', '/api%2Fuser', '/api/x%2F..%2Fuser', '/api/user%2f', '/api\\user', '/./api/user',
];

describe('canonical API paths (docs/architecture.md#canonical-paths)', () => {
  it('refuses a state change through an encoded path without the anti-forgery token, and changes nothing', async () => {
    const u = await p.user();
    const cookie = [...u.jar].filter(([k]) => k !== 'XSRF-TOKEN').map(([k, v]) => `${k}=${v}`).join('; ');
    for (const url of ['/%61pi/user', '/api/%75ser', '/api//user']) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload: { name: 'Forged Name' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: { code: 'non_canonical_path', message: expect.any(String) } });
    }
    expect((await u.get('/api/user')).data.data.name).not.toBe('Forged Name');
    // The canonical path without the token is the CSRF refusal, with it the change.
    expect((await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie }, payload: { name: 'Forged Name' } })).json().error.code).toBe('csrf_mismatch');
    expect((await u.request('PATCH', '/api/user', { name: 'Own Name' })).statusCode).toBe(200);
  });

  it('refuses every disguise of an API path with 400 non_canonical_path in the error shape (sent over a socket, as written)', async () => {
    const u = await p.user();
    // inject() would normalise dot segments away: a real socket sends the path as it is written.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const cookie = [...u.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, path, headers: { cookie, 'x-xsrf-token': u.jar.get('XSRF-TOKEN') ?? '', ...(body && { 'content-type': 'application/json' }) } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    await u.request('PATCH', '/api/user', { name: 'Before' });
    for (const url of DISGUISES) {
      for (const method of ['GET', 'PATCH'] as const) {
        const res = await send(method, url, method === 'PATCH' ? JSON.stringify({ name: 'Disguised' }) : undefined);
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(JSON.parse(res.body), `${method} ${url}`).toEqual({ error: { code: 'non_canonical_path', message: expect.any(String) } });
      }
    }
    expect((await send('GET', '/api/user')).status).toBe(200);
    expect((await u.get('/api/user')).data.data.name).toBe('Before');
  });

  it('lets canonical paths through, escapes that need to be escaped included', async () => {
    expect(nonCanonicalReason('/api/user')).toBeNull();
    expect(nonCanonicalReason('/api/public/openings/caf%C3%A9%20x')).toBeNull();
    expect(nonCanonicalReason('/api/files/.hidden')).toBeNull();
    expect(nonCanonicalReason('/api/files/a%3Fb')).toBeNull();
    expect(nonCanonicalReason('/api/files/a%3fb')).toBe('lower-case percent escape');
    expect(nonCanonicalReason('/api/files/a%zz')).toBe('broken percent escape');
    // A value that needs escaping reaches its route (which judges it), a query is not the path.
    const res = await t.app.inject({ method: 'GET', url: '/api/public/openings/caf%C3%A9%20x' });
    expect(res.json().error.code).not.toBe('non_canonical_path');
    expect((await t.app.inject({ method: 'GET', url: '/api/locations/search?q=%61%2F..%2F' })).statusCode).not.toBe(400);
    // Pages of the web app are no API paths.
    expect((await t.app.inject({ method: 'GET', url: '/app/%41' })).statusCode).not.toBe(400);
  });

  it('throttles a public route whatever its spelling: a disguised one is refused before it reaches the route', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 5 });
    const c = createClient(limited.app, '10.9.8.7');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.get(i % 2 ? '/%61pi/organisation-types' : '/api/organisation-types')).statusCode);
    // The canonical calls are counted; the disguised ones never reach the route (before, they went unthrottled).
    expect(statuses).toEqual([200, 400, 200, 400, 200, 400, 200]);
    await c.get('/api/organisation-types');
    expect((await c.get('/api/organisation-types')).statusCode).toBe(429);
    expect((await c.get('/%61pi/organisation-types')).statusCode).toBe(400);
    await limited.close();
  });
});

describe('public answers', () => {
  it('carry Cache-Control: no-store, found or not, and only they', async () => {
    const ops = readOperations(t.app).filter((o) => o.path.startsWith('/api/public/'));
    expect(ops.length).toBeGreaterThanOrEqual(5);
    const c = createClient(t.app, '10.9.8.6');
    for (const op of ops) {
      const url = urlOf(op, Object.fromEntries(op.pathParams.map((x) => [x.name, 'no-such-token'])));
      const res = await c.request(op.method, url, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, op.key).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], op.key).toBe('no-store');
    }
    const owner = await p.owner();
    const opening = await owner.post('/api/job-openings', { title: 'Cache test', location: 'GBFXT', employment_type: 'full_time', description: 'x' });
    await owner.post(`/api/job-openings/${opening.data.data.id}/open`, {});
    const found = await c.get(`/api/public/openings/${opening.data.data.public_slug}`);
    expect(found.statusCode).toBe(200);
    expect(found.headers['cache-control']).toBe('no-store');
    expect((await owner.get('/api/user')).headers['cache-control']).toBeUndefined();
  });
});
