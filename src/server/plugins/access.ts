import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPermission, type Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../modules/auth/session.ts';
import { requireMember, requirePermission, type Membership } from '../modules/organisations/membership.ts';
import { apiKeyNotAllowed, hasBearer } from '../lib/bearer.ts';
import { enterApiKey } from '../lib/request-actor.ts';

/**
 * Who may call a route, declared once on the route (`config: { access }`) and checked here
 * before its body is validated or its handler runs:
 * - `public`: anyone (login, sign-up, webhooks signed by their sender, public lookups);
 * - `user`: logged in with a verified e-mail;
 * - `member`: an active member of an organisation, whatever the role;
 * - `module.action`: a member whose role grants that permission.
 * Every /api route must declare one: a route without it stops the app from building, and the
 * attack suite reads the same declaration from the OpenAPI document (`x-access`).
 */
export type Access = 'public' | 'user' | 'member' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A call only a person makes in their own session (cards, their keys): an API key is refused (403 api_key_not_allowed). */
    personOnly?: boolean;
  }
}

export const isAccess = (value: unknown): value is Access =>
  value === 'public' || value === 'user' || value === 'member' || (typeof value === 'string' && isPermission(value));

/**
 * Checks what a route declared, for one request. With an API key (`Authorization: Bearer`), only
 * a route whose access is a permission answers, and only within the key's scopes; a route for
 * any logged-in person or member, or marked `personOnly`, refuses the key.
 */
async function checkAccess(ctx: AppContext, req: FastifyRequest, access: Access): Promise<Membership | null> {
  if (access === 'public') return null;
  if (hasBearer(req)) {
    const m = await requireMember(ctx, req);
    if (access === 'user' || access === 'member' || req.routeOptions.config?.personOnly) throw apiKeyNotAllowed();
    requirePermission(m, access);
    return m;
  }
  if (access === 'user') {
    await requireUser(ctx, req);
    return null;
  }
  const m = await requireMember(ctx, req);
  if (access !== 'member') requirePermission(m, access);
  return m;
}

const DOCS = '/api/docs';

/** Refuses to build an app with an /api route that declares no access, and copies each declaration into the OpenAPI document. */
export function registerAccessDeclarations(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    // The API's own documentation (Swagger UI and the OpenAPI document) is public and not an operation.
    if (route.url === DOCS || route.url.startsWith(DOCS + '/')) return;
    const access = (route.config as { access?: unknown } | undefined)?.access;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    if (!isAccess(access)) throw new Error(`${methods} ${route.url} declares no access (config.access: public, user, member or module.action)`);
    // The OpenAPI document carries the declaration, so that tools (the attack suite) read it there.
    if (route.schema) (route.schema as Record<string, unknown>)['x-access'] = access;
    else route.schema = { 'x-access': access } as never;
  });
}

/** Checks each request against its route's declaration, in the context whose routes need it. */
export function registerAccessCheck(app: FastifyInstance, ctx: AppContext) {
  // preValidation: an anonymous caller is told 401 before anything about their input.
  // A public route goes on without a promise (most of the cheapest requests are public).
  app.addHook('preValidation', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') {
      // Signing in, signing up, resetting a password: a person's, never a key's.
      if (access === 'public' && hasBearer(req) && req.routeOptions.url?.startsWith('/api/auth/')) return done(apiKeyNotAllowed());
      return done();
    }
    checkAccess(ctx, req, access).then((m) => {
      // The rest of the request knows its key: the audit trail names it (lib/request-actor.ts).
      if (m?.apiKey) enterApiKey(m.apiKey.id);
      done();
    }, done);
  });
}
