import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { passwordSchema } from '#shared/api/auth.ts';
import { envelope } from '#shared/api/errors.ts';
import { validationMessage } from '#shared/api/messages.ts';
import { acceptInvitationBody, invitationBody, invitationSchema, permissionModulesSchema, staffMemberSchema, staffPatchBody } from '#shared/api/staff.ts';
import { PERMISSION_ACTIONS, PERMISSION_MODULES } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { accounts, auditEvents, departmentsTable, organisationMembers, roles, staffInvitations, users } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { authHeaders, forwardCookies, getSession } from '../auth/session.ts';
import { invitationMail } from '../mail/templates.ts';
import type { Mail } from '../mail/mailer.ts';
import type { Db, Tx } from '../../db/client.ts';
import { organisations } from '../../db/schema/index.ts';
import { requireMember } from '../organisations/membership.ts';
import { assertMayAssignRole, assertMayChangeMember } from '../organisations/privileges.ts';

const INVITATION_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Writes an invitation into a role (and department) in the caller's transaction and answers the
 * invitation mail, to be sent once that transaction has committed (staff invitations, and hiring an
 * applicant in the recruitment hub).
 */
export async function createStaffInvitation(
  tx: Db | Tx,
  ctx: AppContext,
  i: { organisationId: string; organisationName: string; inviter: { id: string; name: string }; email: string; role: { id: string; name: string }; departmentId: string | null },
): Promise<{ id: string; mail: Mail }> {
  const token = randomBytes(24).toString('base64url');
  const id = uuidv7();
  await tx.insert(staffInvitations).values({
    organisation_id: i.organisationId, id, email: i.email, role_id: i.role.id, department_id: i.departmentId,
    token_hash: hashToken(token), invited_by: i.inviter.id, expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
  });
  const link = `${ctx.config.appUrl}/auth/sign-up?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(i.email)}`;
  return { id, mail: invitationMail(i.email, i.inviter.name, i.organisationName, i.role.name, link, INVITATION_DAYS) };
}

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['staff'];

  api.get('/api/permission-modules', {
    config: { access: 'roles.view' },
    schema: { tags, summary: 'Permission modules and their actions', response: { 200: envelope(permissionModulesSchema) } },
  }, async () => ({ data: PERMISSION_MODULES.map((module) => ({ module, actions: [...PERMISSION_ACTIONS] })) }));

  const staffQuery = () =>
    db
      .select({
        user_id: users.id, name: users.name, email: users.email, avatar_url: users.image, role_id: roles.id, role_name: roles.name,
        department_id: organisationMembers.department_id, department_name: departmentsTable.name, job_title: organisationMembers.job_title,
        status: organisationMembers.status, joined_at: organisationMembers.created_at,
      })
      .from(organisationMembers)
      .innerJoin(users, eq(users.id, organisationMembers.user_id))
      .innerJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
      .leftJoin(departmentsTable, and(eq(departmentsTable.organisation_id, organisationMembers.organisation_id), eq(departmentsTable.id, organisationMembers.department_id)));
  const view = (r: Awaited<ReturnType<ReturnType<typeof staffQuery>['execute']>>[number]) => ({
    ...r, status: r.status as 'active' | 'deactivated' | 'invited', joined_at: r.joined_at.toISOString(),
  });

  api.get('/api/staff', {
    config: { access: 'staff.view' },
    schema: { tags, summary: 'The organisation’s staff', querystring: z.object({ q: z.string().trim().max(100).optional() }), response: { 200: envelope(z.array(staffMemberSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const q = req.query.q ? `%${req.query.q.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
    const rows = await staffQuery()
      .where(and(eq(organisationMembers.organisation_id, m.organisation.id), q ? sql`(${users.name} ilike ${q} or ${users.email} ilike ${q})` : undefined))
      .orderBy(asc(users.name));
    return { data: rows.map(view) };
  });

  api.patch('/api/staff/:userId', {
    config: { access: 'staff.update' },
    schema: { tags, summary: 'Change a member’s role, department, job title or status', params: z.object({ userId: z.uuid() }), body: staffPatchBody, response: { 200: envelope(staffMemberSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const orgId = m.organisation.id;
    const { userId } = req.params;
    const changesAccess = req.body.role_id !== undefined || req.body.status !== undefined;
    await db.transaction(async (tx) => {
      // Serialises changes to the organisation's members, so the last-owner check cannot race.
      await tx.execute(sql`select 1 from organisations where id = ${orgId} for update`);
      const [member] = await tx
        .select({ role_id: organisationMembers.role_id, status: organisationMembers.status, builtin: roles.builtin, permissions: roles.permissions })
        .from(organisationMembers)
        .innerJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
        .where(and(eq(organisationMembers.organisation_id, orgId), eq(organisationMembers.user_id, userId)));
      if (!member) throw notFound('The member');
      // Someone hired in the recruitment hub becomes active by accepting their invitation (which sets their password), never by this switch.
      if (member.status === 'invited' && req.body.status !== undefined) throw new AppError(409, 'member_invited', 'This person has not accepted their invitation yet: they become active when they do.');
      if (changesAccess) {
        // The caller's own role as it is now, under the lock: a role changed a moment ago counts.
        const [caller] = await tx
          .select({ status: organisationMembers.status, id: roles.id, name: roles.name, builtin: roles.builtin, permissions: roles.permissions })
          .from(organisationMembers)
          .innerJoin(roles, and(eq(roles.organisation_id, organisationMembers.organisation_id), eq(roles.id, organisationMembers.role_id)))
          .where(and(eq(organisationMembers.organisation_id, orgId), eq(organisationMembers.user_id, m.user.id)));
        if (caller?.status !== 'active') throw new AppError(403, 'membership_deactivated', 'Your access to this organisation has been deactivated.');
        const now = { ...m, role: { id: caller.id, name: caller.name, builtin: caller.builtin }, permissions: new Set(caller.permissions) };
        const [newRole] = req.body.role_id
          ? await tx.select({ builtin: roles.builtin, permissions: roles.permissions }).from(roles).where(and(eq(roles.organisation_id, orgId), eq(roles.id, req.body.role_id)))
          : [null];
        if (newRole === undefined) throw invalidField('validation_failed', 'role_id', 'reference_invalid');
        assertMayChangeMember(now, { user_id: userId, role: member }, newRole);
      }
      const [ownerRole] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.organisation_id, orgId), eq(roles.builtin, 'owner')));
      const losesOwner = member.role_id === ownerRole.id && member.status === 'active' && ((req.body.role_id && req.body.role_id !== ownerRole.id) || req.body.status === 'deactivated');
      if (losesOwner) {
        const [{ others }] = await tx
          .select({ others: sql<number>`count(*)::int` })
          .from(organisationMembers)
          .where(and(eq(organisationMembers.organisation_id, orgId), eq(organisationMembers.role_id, ownerRole.id), eq(organisationMembers.status, 'active'), ne(organisationMembers.user_id, userId)));
        if (others === 0) throw new AppError(409, 'last_owner', 'The organisation needs at least one active owner: make someone else owner first.');
      }
      const values = {
        ...(req.body.role_id !== undefined && { role_id: req.body.role_id }),
        ...(req.body.department_id !== undefined && { department_id: req.body.department_id }),
        ...(req.body.job_title !== undefined && { job_title: req.body.job_title }),
        ...(req.body.status !== undefined && { status: req.body.status }),
        updated_at: new Date(),
      };
      try {
        await tx.update(organisationMembers).set(values).where(and(eq(organisationMembers.organisation_id, orgId), eq(organisationMembers.user_id, userId)));
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
        if (code === '23503') throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { ...(req.body.role_id && { role_id: validationMessage('reference_invalid') }), ...(req.body.department_id && { department_id: validationMessage('reference_invalid') }) });
        throw err;
      }
      await tx.insert(auditEvents).values({ organisation_id: orgId, id: uuidv7(), actor_user_id: m.user.id, action: 'update', entity: 'staff', entity_id: userId, changes: req.body });
    });
    const [row] = await staffQuery().where(and(eq(organisationMembers.organisation_id, orgId), eq(organisationMembers.user_id, userId)));
    return { data: view(row) };
  });

  const invitationView = (i: typeof staffInvitations.$inferSelect & { role_name: string }) => ({
    id: i.id, email: i.email, role_id: i.role_id, role_name: i.role_name, department_id: i.department_id,
    expires_at: i.expires_at.toISOString(), accepted_at: i.accepted_at?.toISOString() ?? null, created_at: i.created_at.toISOString(),
  });

  api.get('/api/staff/invitations', {
    config: { access: 'staff.view' },
    schema: { tags, summary: 'Invitations not yet accepted', response: { 200: envelope(z.array(invitationSchema)) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const rows = await db
      .select({ i: staffInvitations, role_name: roles.name })
      .from(staffInvitations)
      .innerJoin(roles, and(eq(roles.organisation_id, staffInvitations.organisation_id), eq(roles.id, staffInvitations.role_id)))
      .where(and(eq(staffInvitations.organisation_id, m.organisation.id), isNull(staffInvitations.accepted_at)))
      .orderBy(asc(staffInvitations.created_at));
    return { data: rows.map((r) => invitationView({ ...r.i, role_name: r.role_name })) };
  });

  api.post('/api/staff/invitations', {
    config: { access: 'staff.create' },
    schema: { tags, summary: 'Invite someone by e-mail into a role (and department)', body: invitationBody, response: { 201: envelope(invitationSchema) } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const orgId = m.organisation.id;
    const [role] = await db.select().from(roles).where(and(eq(roles.organisation_id, orgId), eq(roles.id, req.body.role_id)));
    if (!role) throw invalidField('validation_failed', 'role_id', 'reference_invalid');
    assertMayAssignRole(m, role);
    const [existing] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.email, req.body.email));
    if (existing?.organisationId === orgId) throw invalidField('already_member', 'email', 'already_member');
    const { id, mail } = await createStaffInvitation(db, ctx, {
      organisationId: orgId, organisationName: m.organisation.name, inviter: m.user, email: req.body.email, role, departmentId: req.body.department_id ?? null,
    }).catch(() => {
      throw invalidField('validation_failed', 'department_id', 'reference_invalid');
    });
    await ctx.mailer.send(mail);
    const [row] = await db.select().from(staffInvitations).where(and(eq(staffInvitations.organisation_id, orgId), eq(staffInvitations.id, id)));
    return reply.status(201).send({ data: invitationView({ ...row, role_name: role.name }) });
  });

  api.delete('/api/staff/invitations/:id', {
    config: { access: 'staff.delete' },
    schema: { tags, summary: 'Withdraw an invitation', params: z.object({ id: z.uuid() }), response: { 204: z.null() } },
  }, async (req, reply) => {
    const m = await requireMember(ctx, req);
    const gone = await db.delete(staffInvitations).where(and(eq(staffInvitations.organisation_id, m.organisation.id), eq(staffInvitations.id, req.params.id), isNull(staffInvitations.accepted_at))).returning({ id: staffInvitations.id });
    if (gone.length === 0) throw notFound('The invitation');
    return reply.status(204).send(null);
  });

  /**
   * Accepting: a logged-in user whose e-mail is the invited one joins; a visitor gives a name and
   * password and the account is created (its e-mail is proven by the link) and logged in.
   */
  api.post('/api/staff/invitations/:token/accept', {
    config: { access: 'public' },
    schema: { tags, summary: 'Accept an invitation (creates or links the account, joins the organisation)', params: z.object({ token: z.string().min(10).max(100) }), body: acceptInvitationBody, response: { 200: envelope(z.object({ organisation_id: z.string(), organisation_name: z.string() })) } },
  }, async (req, reply) => {
    const [inv] = await db
      .select({ i: staffInvitations, orgName: organisations.name })
      .from(staffInvitations)
      .innerJoin(organisations, eq(organisations.id, staffInvitations.organisation_id))
      .where(and(eq(staffInvitations.token_hash, hashToken(req.params.token)), isNull(staffInvitations.accepted_at), gt(staffInvitations.expires_at, new Date())));
    if (!inv) throw new AppError(404, 'invitation_not_found', 'This invitation is not valid any more: ask for a new one.');
    const session = await getSession(ctx, req);
    let userId: string;
    if (session) {
      if (session.user.email !== inv.i.email) throw new AppError(403, 'invitation_other_email', `This invitation is for ${inv.i.email}: log in with that address.`);
      userId = session.user.id;
    } else {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, inv.i.email));
      // Someone hired in the recruitment hub: an account made at hiring, with no password yet and an
      // `invited` membership; accepting sets the password (the mailed link proves the address).
      const [hired] = existing
        ? await db.select({ id: users.id }).from(users)
          .innerJoin(organisationMembers, and(eq(organisationMembers.user_id, users.id), eq(organisationMembers.organisation_id, inv.i.organisation_id), eq(organisationMembers.status, 'invited')))
          .where(and(eq(users.id, existing.id), sql`not exists (select 1 from accounts a where a.user_id = ${existing.id})`))
        : [];
      if (existing && !hired) throw new AppError(401, 'unauthenticated', `Log in as ${inv.i.email} to accept this invitation.`);
      const name = req.body.name;
      const password = passwordSchema.safeParse(req.body.password ?? '');
      const fields: Record<string, string> = {};
      if (!name && !hired) fields.name = validationMessage('name_required');
      if (!password.success) fields.password = validationMessage(String(password.error.issues[0].message));
      if (Object.keys(fields).length) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', fields);
      const { password: hasher } = await ctx.auth.$context;
      userId = hired?.id ?? uuidv7();
      const hash = await hasher.hash(password.data!);
      await db.transaction(async (tx) => {
        if (hired) await tx.update(users).set({ ...(name && { name }), emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
        else await tx.insert(users).values({ id: userId, email: inv.i.email, name: name!, emailVerified: true });
        await tx.insert(accounts).values({ id: uuidv7(), userId, accountId: userId, providerId: 'credential', password: hash });
      });
    }
    await db.transaction(async (tx) => {
      // A pending membership (made when the person was hired) becomes active; otherwise the person joins.
      const activated = await tx.update(organisationMembers).set({ status: 'active', role_id: inv.i.role_id, department_id: inv.i.department_id, updated_at: new Date() })
        .where(and(eq(organisationMembers.organisation_id, inv.i.organisation_id), eq(organisationMembers.user_id, userId), eq(organisationMembers.status, 'invited'))).returning({ id: organisationMembers.user_id });
      if (activated.length) await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
      else {
        const claimed = await tx.update(users).set({ organisationId: inv.i.organisation_id, emailVerified: true, updatedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.organisationId))).returning({ id: users.id });
        if (claimed.length === 0) throw new AppError(409, 'already_member', 'You already belong to an organisation.');
        await tx.insert(organisationMembers).values({ organisation_id: inv.i.organisation_id, user_id: userId, role_id: inv.i.role_id, department_id: inv.i.department_id });
      }
      await tx.update(staffInvitations).set({ accepted_at: new Date(), updated_at: new Date() }).where(and(eq(staffInvitations.organisation_id, inv.i.organisation_id), eq(staffInvitations.id, inv.i.id)));
      await tx.insert(auditEvents).values({ organisation_id: inv.i.organisation_id, id: uuidv7(), actor_user_id: userId, action: 'create', entity: 'staff', entity_id: userId, changes: { invitation: inv.i.id } });
    });
    if (!session) {
      const res = await ctx.auth.api.signInEmail({ body: { email: inv.i.email, password: req.body.password!, rememberMe: false }, headers: authHeaders(req), returnHeaders: true });
      forwardCookies(reply, res.headers);
    }
    return { data: { organisation_id: inv.i.organisation_id, organisation_name: inv.orgName } };
  });
}
