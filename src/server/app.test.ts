import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API frame', () => {
  it('reports health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error.code).toBe('not_found');
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const client = createClient(t.app);
    await client.get('/api/csrf-cookie');
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', payload: '{"email":',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${client.jar.get('XSRF-TOKEN')}`, 'x-xsrf-token': client.jar.get('XSRF-TOKEN')! },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('malformed_request');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sends security headers: the short API set on answers, the page policy on pages, none on the balancer\'s probes', async () => {
    for (const url of ['/api/health?full', '/api/user', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    // The probes answer a constant JSON to a load balancer: nothing to frame, sniff or protect.
    for (const url of ['/api/health', '/api/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // Swagger UI is a page: helmet's set (its own CSP comes from @fastify/swagger-ui; the SPA's in csp.test.ts).
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('while draining, closes every connection after its answer and tells the balancer not ready', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(before.headers.connection).not.toBe('close');
    t.app.ctx.lifecycle.draining = true;
    try {
      for (const url of ['/api/health', '/api/user', '/api/no-such-thing', '/API/user', '/']) {
        expect((await t.app.inject({ method: 'GET', url })).headers.connection, url).toBe('close');
      }
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('shutting_down');
      expect(ready.headers.connection).toBe('close');
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/user', '/api/locations/search']));
    expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'password']);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('when the database goes away', () => {
  it('readiness answers 503, liveness 200, and other calls a bare 500 without internals', async () => {
    const own = await createTestApp();
    await own.database.close();
    const ready = await own.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('database_unavailable');
    expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A well-signed session cookie: an outage is a 500, never a logout.
    const signature = createHmac('sha256', own.app.ctx.config.sessionSecret).update('abc').digest('base64');
    const user = await own.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `fyn.session_token=${encodeURIComponent(`abc.${signature}`)}` } });
    expect(user.statusCode).toBe(500);
    expect(user.json()).toEqual({ error: { code: 'internal_error', message: 'Internal Server Error. Please try again later.' } });
    await own.app.close();
  });
});
