import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './better-auth.ts';
import type { Database } from '../../db/client.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';

/** Request headers as better-auth reads them, with the client address we resolved ourselves. */
export function authHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  if (req.headers['user-agent']) headers.set('user-agent', req.headers['user-agent']);
  headers.set('x-fyn-client-ip', req.ip);
  return headers;
}

/** Copies the cookies better-auth set (session, remember-me) onto our reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | undefined) {
  for (const cookie of headers?.getSetCookie() ?? []) reply.header('set-cookie', cookie);
}

type SessionData = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type SessionUserRow = SessionData['user'];

const cache = new WeakMap<FastifyRequest, Promise<SessionData | null>>();

export const SESSION_COOKIE = 'fyn.session_token';
type SessionSources = { auth: Auth; database: Database };

/**
 * The caller's session, looked up once per request. better-auth answers "no session" when its
 * query fails; a request that carries a session cookie then checks the database, so that an
 * outage is a 500, not a logout.
 */
export function getSession({ auth, database }: SessionSources, req: FastifyRequest): Promise<SessionData | null> {
  let pending = cache.get(req);
  if (!pending) {
    pending = auth.api.getSession({ headers: authHeaders(req), query: { disableCookieCache: true } }).then(async (s) => {
      if (!s && req.cookies[SESSION_COOKIE]) await database.ping();
      return s;
    });
    cache.set(req, pending);
  }
  return pending;
}

/** The logged-in user with a verified e-mail, or the 401/403 of DESIGN.md §4. */
export async function requireUser(sources: SessionSources, req: FastifyRequest): Promise<SessionUserRow> {
  const session = await getSession(sources, req);
  if (!session) throw unauthenticated();
  if (!session.user.emailVerified) {
    throw new AppError(403, 'email_verification_required', 'Verify your email address to continue.', undefined, undefined, {
      email: session.user.email,
    });
  }
  return session.user;
}
