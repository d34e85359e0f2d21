import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { passwordSchema } from '#shared/api/auth.ts';
import { envelope } from '#shared/api/errors.ts';
import { validationMessage } from '#shared/api/messages.ts';
import { acceptInvitationBody, invitationBody, invitationSchema, permissionModulesSchema, staffConfigurationBody, staffConfigurationSchema, staffMemberSchema, staffPatchBody } from '#shared/api/staff.ts';
import { MODULE_ACTIONS, PERMISSION_MODULES } from '#shared/resources/permissions.ts';
import type { AppContext } from '../../context.ts';
import { accounts, auditEvents, departmentsTable, organisationMembers, roles, staffConfigurations, staffInvitations, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { authHeaders, forwardCookies, getSession } from '../auth/session.ts';
import { audit } from '../../lib/audit.ts';
import { completeHire, lockHire } from '../recruitment/hire.ts';
import { requireMember } from '../organisations/membership.ts';
import { assertMayAssignRole, assertMayChangeMember } from '../organisations/privileges.ts';
import { createStaffInvitation, deleteInvitation, invitationByToken, invitationGone, joinByInvitation, lockOpenInvitation, markAccepted, type Invitation } from './invitations.ts';

const tokenParam = z.object({ token: z.string().min(10).max(100) });

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['staff'];

  api.get('/api/permission-modules', {
    config: { access: 'roles.view' },
    schema: { tags, summary: 'Permission modules and their actions', response: { 200: envelope(permissionModulesSchema) } },
  }, async () => ({ data: PERMISSION_MODULES.map((module) => ({ module, actions: [...MODULE_ACTIONS[module]] })) }));

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

  /**
   * The organisation's invitation defaults, read the same by every admin. A role or department
   * deleted since reads as none; a role the caller may not give is refused when written.
   */
  async function configurationOf(organisationId: string) {
    const [row] = await rowsOf<{ default_role_id: string | null; default_role_name: string | null; default_department_id: string | null; updated_at: Date | null }>(db, sql`
      select r.id as default_role_id, r.name as default_role_name, d.id as default_department_id, c.updated_at
        from staff_configurations c
        left join roles r on r.organisation_id = c.organisation_id and r.id = c.default_role_id
        left join departments d on d.organisation_id = c.organisation_id and d.id = c.default_department_id
       where c.organisation_id = ${organisationId}`);
    return { data: { default_role_id: row?.default_role_id ?? null, default_role_name: row?.default_role_name ?? null, default_department_id: row?.default_department_id ?? null, updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null } };
  }

  api.get('/api/control-centre/configurations', {
    config: { access: 'staff.view' },
    schema: { tags, summary: 'The organisation’s invitation defaults: the role and department a new invitation starts with', response: { 200: envelope(staffConfigurationSchema) } },
  }, async (req) => configurationOf((await requireMember(ctx, req)).organisation.id));

  api.put('/api/control-centre/configurations', {
    config: { access: 'staff.update' },
    schema: { tags, summary: 'Set the organisation’s invitation defaults (null: none)', body: staffConfigurationBody, response: { 200: envelope(staffConfigurationSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const orgId = m.organisation.id;
    const { default_role_id: roleId, default_department_id: departmentId } = req.body;
    if (roleId) {
      const [role] = await db.select().from(roles).where(and(eq(roles.organisation_id, orgId), eq(roles.id, roleId)));
      if (!role) throw invalidField('validation_failed', 'default_role_id', 'reference_invalid');
      assertMayAssignRole(m, role);
    }
    if (departmentId) {
      const [department] = await db.select({ id: departmentsTable.id }).from(departmentsTable).where(and(eq(departmentsTable.organisation_id, orgId), eq(departmentsTable.id, departmentId)));
      if (!department) throw invalidField('validation_failed', 'default_department_id', 'reference_invalid');
    }
    await db.transaction(async (tx) => {
      const values = { default_role_id: roleId, default_department_id: departmentId, updated_by: m.user.id, updated_at: new Date() };
      await tx.insert(staffConfigurations).values({ organisation_id: orgId, ...values }).onConflictDoUpdate({ target: staffConfigurations.organisation_id, set: values });
      await audit(tx, orgId, m.user.id, 'staff_configurations', 'update', orgId, req.body);
    });
    return configurationOf(orgId);
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
    // An active member needs no invitation; a deactivated one may be invited back (they rejoin by accepting).
    const [existing] = await db.select({ status: organisationMembers.status }).from(users)
      .innerJoin(organisationMembers, and(eq(organisationMembers.user_id, users.id), eq(organisationMembers.organisation_id, orgId)))
      .where(eq(users.email, req.body.email));
    if (existing?.status === 'active') throw invalidField('already_member', 'email', 'already_member');
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
   * password and the account is created (its e-mail is proven by the link) and logged in. A hire's
   * invitation makes the employee and the draft contract in the same transaction.
   */
  api.post('/api/staff/invitations/:token/accept', {
    config: { access: 'public' },
    schema: { tags, summary: 'Accept an invitation (creates or links the account, joins the organisation; a hire’s makes the employee and draft contract)', params: tokenParam, body: acceptInvitationBody, response: { 200: envelope(z.object({ organisation_id: z.string(), organisation_name: z.string() })) } },
  }, async (req, reply) => {
    const found = await invitationByToken(db, req.params.token);
    if (!found) throw invitationGone();
    const inv = found.invitation;
    const session = await getSession(ctx, req);
    // Who accepts: the logged-in person, or a new account made now (or, made by a hire before
    // invitations waited for consent, an account without a password whose password is set now).
    let userId: string;
    let account: { name: string | null; hash: string; exists: boolean } | null = null;
    if (session) {
      if (session.user.email !== inv.email) throw new AppError(403, 'invitation_other_email', `This invitation is for ${inv.email}: log in with that address.`);
      userId = session.user.id;
    } else {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, inv.email));
      const passwordless = existing
        ? (await db.select({ id: organisationMembers.user_id }).from(organisationMembers)
          .where(and(eq(organisationMembers.user_id, existing.id), eq(organisationMembers.organisation_id, inv.organisation_id), eq(organisationMembers.status, 'invited'), sql`not exists (select 1 from accounts a where a.user_id = ${existing.id})`))).length > 0
        : false;
      if (existing && !passwordless) throw new AppError(401, 'unauthenticated', `Log in as ${inv.email} to accept this invitation.`);
      const name = req.body.name ?? (passwordless ? null : await hireeName(inv));
      const password = passwordSchema.safeParse(req.body.password ?? '');
      const fields: Record<string, string> = {};
      if (!name && !passwordless) fields.name = validationMessage('name_required');
      if (!password.success) fields.password = validationMessage(String(password.error.issues[0].message));
      if (Object.keys(fields).length) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', fields);
      const { password: hasher } = await ctx.auth.$context;
      userId = existing?.id ?? uuidv7();
      account = { name, hash: await hasher.hash(password.data!), exists: Boolean(existing) };
    }
    await db.transaction(async (tx) => {
      // A hire's applicant first (rejecting one locks it first too), then the invitation itself.
      const hire = inv.offer_id ? await lockHire(tx, inv.organisation_id, inv.offer_id) : null;
      if (inv.offer_id && !hire) throw invitationGone();
      await lockOpenInvitation(tx, inv);
      if (account?.exists) {
        await tx.update(users).set({ ...(account.name && { name: account.name }), emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
      } else if (account) {
        await tx.insert(users).values({ id: userId, email: inv.email, name: account.name!, emailVerified: true });
      }
      if (account) await tx.insert(accounts).values({ id: uuidv7(), userId, accountId: userId, providerId: 'credential', password: account.hash });
      const joined = await joinByInvitation(tx, inv, userId, hire?.offer.job_title ?? null);
      if (hire) await completeHire(tx, hire, { userId, departmentId: inv.department_id, managerId: inv.manager_id, actorId: userId, invitationId: inv.id });
      await markAccepted(tx, inv, userId, joined);
    });
    if (!session) {
      const res = await ctx.auth.api.signInEmail({ body: { email: inv.email, password: req.body.password!, rememberMe: false }, headers: authHeaders(req), returnHeaders: true });
      forwardCookies(reply, res.headers);
    }
    return { data: { organisation_id: inv.organisation_id, organisation_name: found.organisationName } };
  });

  /** Declining: the invitation is gone, no account is made or changed; a hire's offer counts as declined by the person. */
  api.post('/api/staff/invitations/:token/decline', {
    config: { access: 'public' },
    schema: { tags, summary: 'Decline an invitation (nothing is kept: no account, no membership; a hire’s offer is marked declined)', params: tokenParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const found = await invitationByToken(db, req.params.token);
    if (!found) throw invitationGone();
    const inv = found.invitation;
    await db.transaction(async (tx) => {
      const hire = inv.offer_id ? await lockHire(tx, inv.organisation_id, inv.offer_id) : null;
      await lockOpenInvitation(tx, inv);
      await deleteInvitation(tx, inv);
      if (hire) {
        await tx.execute(sql`update offers set status = 'declined', updated_at = now() where organisation_id = ${inv.organisation_id} and id = ${hire.offer.id}`);
        await audit(tx, inv.organisation_id, null, 'offers', 'decline', hire.offer.id, { from: 'accepted', to: 'declined', invitation_id: inv.id });
      }
    });
    return reply.status(204).send(null);
  });

  /** The applicant's name on a hire's invitation: the account's name when the person gives none. */
  async function hireeName(inv: Invitation): Promise<string | null> {
    if (!inv.offer_id) return null;
    const [row] = await rowsOf<{ name: string }>(db, sql`
      select a.name from offers f join applicants a on a.organisation_id = f.organisation_id and a.id = f.applicant_id where f.organisation_id = ${inv.organisation_id} and f.id = ${inv.offer_id}`);
    return row?.name ?? null;
  }
}
