import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Auth } from './better-auth.ts';
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from './session-lifetime.ts';
import type { Database } from '../../db/client.ts';
import { organisationMembers, organisations, roles, sessions, users } from '../../db/schema/index.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import { apiKeyNotAllowed, hasBearer } from '../../lib/bearer.ts';

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
export type OrganisationRow = typeof organisations.$inferSelect;

/** The caller's membership as the identity query reads it, or null without one. */
export type MemberRow = {
  status: string;
  role: { id: string; name: string; builtin: string | null; permissions: string[] };
  organisation: OrganisationRow;
};
/** Who is calling: the session, its user, and the user's membership, read together. */
export type Identity = { session: { id: string; expiresAt: Date }; user: SessionUserRow; member: MemberRow | null };

type SessionSources = { auth: Auth; database: Database; config: { sessionSecret: string; appUrl: string }; identities?: IdentityCache };

/**
 * Identities by session token, reused by read requests for `ttlMs` (config.identityReuseMs)
 * without a query; a write always reads the caller afresh, so no permission check of a write
 * rests on a reused identity. A change made through this node (any write request that was not
 * refused) clears them all before its answer leaves, so reads see it at once here; a change made
 * through another node, or in the database directly, reaches reads here within `ttlMs`
 * (docs/architecture.md#sessions). 0 turns reuse off.
 */
export type IdentityCache = ReturnType<typeof createIdentityCache>;

export function createIdentityCache(ttlMs: number) {
  const entries = new LRUCache<string, Identity>({ max: 10_000, ttl: Math.max(ttlMs, 1) });
  // A read that began before a write must not store what it read after the write cleared the cache.
  let generation = 0;
  return {
    get: (token: string): Identity | undefined => (ttlMs > 0 ? entries.get(token) : undefined),
    generation: () => generation,
    set(token: string, identity: Identity, readAt: number) {
      if (ttlMs > 0 && readAt === generation) entries.set(token, identity);
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

/** better-auth's cookie names (prefix "fyn"; `__Secure-` behind HTTPS). */
const cookieName = (secure: boolean, name: string) => `${secure ? '__Secure-' : ''}fyn.${name}`;

/** The session token of a cookie signed by better-auth (`token.base64(HMAC-SHA256(secret, token))`), or null. */
function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const cache = new WeakMap<FastifyRequest, Promise<Identity | null>>();

/**
 * The caller's identity, once per request, in one query: session by token, its user, membership,
 * role and organisation (docs/architecture.md#sessions). The cookie's signature is checked with a
 * synchronous HMAC first, so a forged cookie costs no query. better-auth itself is asked only when
 * the session has expired or is due for its daily renewal, which it performs.
 */
export function identify(sources: SessionSources, req: FastifyRequest): Promise<Identity | null> {
  let pending = cache.get(req);
  if (!pending) {
    pending = load(sources, req);
    cache.set(req, pending);
  }
  return pending;
}

/** The identity this request already read (null when it read none, or nobody is logged in), without a query. */
export async function identityRead(req: FastifyRequest): Promise<Identity | null> {
  return (await cache.get(req)?.catch(() => null)) ?? null;
}

/** Forgets this request's identity: a handler that changed the membership reads it again (never reused: it is a write). */
export function forgetIdentity(req: FastifyRequest) {
  cache.delete(req);
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A request that changes nothing: only these reuse an identity, and only the others clear reuse. */
export const isRead = (method: string) => READS.has(method);

async function load(sources: SessionSources, req: FastifyRequest): Promise<Identity | null> {
  const secure = sources.config.appUrl.startsWith('https://');
  const token = verifiedToken(req.cookies[cookieName(secure, 'session_token')], sources.config.sessionSecret);
  if (!token) return null;
  // A write checks the caller's rights as they are now.
  const identities = isRead(req.method) ? sources.identities : undefined;
  const reused = identities?.get(token);
  const readAt = identities?.generation() ?? 0;
  const found = reused ?? (await byToken(sources.database, token));
  if (!found) return null;
  const expiresAt = found.session.expiresAt.getTime();
  const renewalDue = expiresAt - SESSION_EXPIRES_IN * 1000 + SESSION_UPDATE_AGE * 1000 <= Date.now() && !req.cookies[cookieName(secure, 'dont_remember')];
  if (expiresAt > Date.now() && !renewalDue) {
    if (!reused) identities?.set(token, found, readAt);
    return found;
  }
  // Expired (better-auth deletes it) or due for renewal (better-auth moves its expiry on).
  const renewed = await sources.auth.api.getSession({ headers: authHeaders(req), query: { disableCookieCache: true } });
  return renewed ? byToken(sources.database, token) : null;
}

/**
 * The columns of a caller's user and membership (role, organisation): what a session and an API
 * key both read, in the same query as the session or the key (`withMember`), so that one loader
 * (`memberOf`, then organisations/membership.ts) serves both.
 */
export const memberColumns = {
  user: users,
  status: organisationMembers.status,
  role: { id: roles.id, name: roles.name, builtin: roles.builtin, permissions: roles.permissions },
  organisation: organisations,
};

/**
 * Joins the user `userId` and their membership of `organisationId` (both columns of the query's
 * root, or of the user) onto a query that selects `memberColumns`: the membership may be missing.
 */
export function withMember<T extends PgSelect>(query: T, userId: AnyPgColumn, organisationId: AnyPgColumn): T {
  // The row keeps the type the selection gave it (memberOf reads the left-joined columns as possibly null).
  return query
    .innerJoin(users, eq(users.id, userId))
    .leftJoin(organisationMembers, and(eq(organisationMembers.organisation_id, organisationId), eq(organisationMembers.user_id, users.id)))
    .leftJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
    .leftJoin(organisations, eq(organisations.id, organisationMembers.organisation_id)) as unknown as T;
}

type MemberColumnsRow = { user: unknown; status: string | null; role: MemberRow['role'] | null; organisation: OrganisationRow | null };

/** The user and membership a `memberColumns` row read (the membership null when there is none). */
export function memberOf(row: MemberColumnsRow): { user: SessionUserRow; member: MemberRow | null } {
  const member = row.status && row.role && row.organisation ? { status: row.status, role: row.role, organisation: row.organisation } : null;
  return { user: row.user as SessionUserRow, member };
}

async function byToken(database: Database, token: string): Promise<Identity | null> {
  const [row] = await withMember(
    database.db.select({ session: { id: sessions.id, expiresAt: sessions.expiresAt }, ...memberColumns }).from(sessions).$dynamic(),
    sessions.userId,
    users.organisationId,
  ).where(eq(sessions.token, token));
  if (!row) return null;
  return { session: row.session, ...memberOf(row) };
}

/** The caller's session and user, or null. */
export async function getSession(sources: SessionSources, req: FastifyRequest): Promise<Pick<Identity, 'session' | 'user'> | null> {
  return identify(sources, req);
}

/** The logged-in user with a verified e-mail, or the 401/403 of docs/architecture.md#errors. */
export async function requireUser(sources: SessionSources, req: FastifyRequest): Promise<SessionUserRow> {
  // A call with an API key is no person's: it never reaches a person's own records.
  if (hasBearer(req)) throw apiKeyNotAllowed();
  const identity = await identify(sources, req);
  if (!identity) throw unauthenticated();
  if (!identity.user.emailVerified) {
    throw new AppError(403, 'email_verification_required', 'Verify your email address to continue.', undefined, undefined, {
      email: identity.user.email,
    });
  }
  return identity.user;
}
