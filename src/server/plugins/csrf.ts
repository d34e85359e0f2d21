import type { FastifyInstance } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { hasBearer } from '../lib/bearer.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit CSRF protection (docs/architecture.md#csrf). The token is `nonce.hmac(nonce)` so that a
 * cookie planted from elsewhere without the server's secret is refused too. Every state change of
 * the context it is registered in needs the token, but for the routes named in `exempt` (route
 * patterns as registered, `/api/tracking/webhook/:organisationId`).
 */
export function registerCsrf(app: FastifyInstance, opts: { secret: string; secure: boolean; exempt: string[] }) {
  const exempt = new Set(opts.exempt);
  // An exemption naming no route (a route renamed) would leave that route's callers refused or, worse, a typo unnoticed.
  const registered = new Set<string>();
  app.addHook('onRoute', (route) => void registered.add(route.url));
  app.addHook('onReady', (done) => {
    const missing = opts.exempt.filter((e) => !registered.has(e));
    done(missing.length ? new Error(`CSRF exemptions name no route: ${missing.join(', ')}`) : undefined);
  });
  const sign = (nonce: string) => createHmac('sha256', opts.secret).update('csrf:' + nonce).digest('base64url');
  const valid = (token: string) => {
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  app.get('/api/csrf-cookie', { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Set the XSRF-TOKEN cookie', response: { 204: z.null() } } }, async (req, reply) => {
    const current = req.cookies[CSRF_COOKIE];
    const token = current && valid(current) ? current : (() => { const n = randomBytes(18).toString('base64url'); return `${n}.${sign(n)}`; })();
    reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: opts.secure, httpOnly: false });
    return reply.status(204).send(null);
  });

  // Synchronous: a hook that returns a promise costs every request a few microseconds.
  // Decided on the route the router matched, never on the raw URL (which may spell it differently;
  // non-canonical spellings are refused before this, plugins/canonical-path.ts).
  app.addHook('onRequest', (req, _reply, done) => {
    if (!UNSAFE.has(req.method)) return done();
    // An API key is sent on purpose, never by a browser on its own: cookies are ignored with it (app.ts), so no token is needed.
    if (hasBearer(req)) return done();
    const route = req.routeOptions.url;
    if (route !== undefined && exempt.has(route)) return done();
    const cookie = req.cookies[CSRF_COOKIE];
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || header !== cookie || !valid(cookie)) {
      return done(new AppError(403, 'csrf_mismatch', 'The anti-forgery token is missing or does not match. Reload the page and try again.'));
    }
    done();
  });
}
