import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPermission, type Permission } from '#shared/resources/permissions.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../modules/auth/session.ts';
import { requireMember, requirePermission } from '../modules/organisations/membership.ts';

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
  }
}

export const isAccess = (value: unknown): value is Access =>
  value === 'public' || value === 'user' || value === 'member' || (typeof value === 'string' && isPermission(value));

/** Checks what a route declared, for one request. */
async function checkAccess(ctx: AppContext, req: FastifyRequest, access: Access): Promise<void> {
  if (access === 'public') return;
  if (access === 'user') {
    await requireUser(ctx, req);
    return;
  }
  const m = await requireMember(ctx, req);
  if (access !== 'member') requirePermission(m, access);
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
    if (!access || access === 'public') return done();
    checkAccess(ctx, req, access).then(() => done(), done);
  });
}
