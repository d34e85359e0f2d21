import { createDefaultPipelines, createReferenceLists } from '../crm/service.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Organisation, organisationInput } from '#shared/api/organisations.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chargeCodesTable, locations, organisationCurrenciesTable, organisationMembers, organisationStatusEvents, organisations, roles, users, type OrganisationStatus } from '../../db/schema/index.ts';
import { BUILTIN_ROLES, type BuiltinRole } from '#shared/resources/permissions.ts';
import { AppError } from '../../lib/errors.ts';
import { isPremium } from '../billing/status.ts';
import type { OrganisationRow } from './membership.ts';
import { defaultChargeCodes, localCurrency } from './defaults.ts';

type Input = z.output<typeof organisationInput>;
const columns = (input: Partial<Input>) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.types !== undefined && { types: input.types }),
  ...(input.country !== undefined && { country: input.country }),
  ...(input.address_line1 !== undefined && { addressLine1: input.address_line1 }),
  ...(input.address_line2 !== undefined && { addressLine2: input.address_line2 }),
  ...(input.city !== undefined && { city: input.city }),
  ...(input.postcode !== undefined && { postcode: input.postcode }),
  ...(input.location_code !== undefined && { locationCode: input.location_code }),
  ...(input.registration_number !== undefined && { registrationNumber: input.registration_number }),
  ...(input.vat_number !== undefined && { vatNumber: input.vat_number }),
  ...(input.website !== undefined && { website: input.website }),
});

async function checkLocation(db: Db | Tx, code: string | null | undefined) {
  if (!code) return;
  const [loc] = await db.select({ code: locations.code }).from(locations).where(eq(locations.code, code));
  if (!loc) throw new AppError(422, 'validation_failed', 'The request has invalid fields.', { location_code: 'Choose a location from the list.' });
}

/** The organisation as the API shows it to one of its members. */
export async function organisationView(ctx: AppContext, org: OrganisationRow, role: string, canEdit: boolean): Promise<Organisation> {
  const [loc] = org.locationCode
    ? await ctx.database.db.select({ code: locations.code, name: locations.name, country: locations.country }).from(locations).where(eq(locations.code, org.locationCode))
    : [];
  return {
    id: org.id, name: org.name, types: org.types, country: org.country, address_line1: org.addressLine1, address_line2: org.addressLine2,
    city: org.city, postcode: org.postcode, location_code: org.locationCode, location: loc ?? null, registration_number: org.registrationNumber,
    vat_number: org.vatNumber, website: org.website, logo_url: org.logo, status: org.status, premium: isPremium(org.status, ctx.config.forcePremium),
    role, can_edit: canEdit, created_at: org.createdAt.toISOString(),
  };
}

/** Creates an organisation with its creator as owner; a user belongs to at most one. */
export async function createOrganisation(ctx: AppContext, userId: string, input: Input): Promise<OrganisationRow> {
  await checkLocation(ctx.database.db, input.location_code);
  return ctx.database.db.transaction(async (tx) => {
    const id = uuidv7();
    const [org] = await tx.insert(organisations).values({ id, ...columns(input), createdBy: userId } as typeof organisations.$inferInsert).returning();
    // Claims the user only if they have no organisation yet, in the same transaction.
    const claimed = await tx.update(users).set({ organisationId: id, updatedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.organisationId))).returning({ id: users.id });
    if (claimed.length === 0) throw new AppError(409, 'already_member', 'You already belong to an organisation.');
    // The built-in roles; the creator takes Owner.
    const roleIds = Object.fromEntries(Object.keys(BUILTIN_ROLES).map((k) => [k, uuidv7()])) as Record<BuiltinRole, string>;
    await tx.insert(roles).values(
      (Object.entries(BUILTIN_ROLES) as [BuiltinRole, (typeof BUILTIN_ROLES)[BuiltinRole]][]).map(([key, r]) => ({
        organisation_id: id, id: roleIds[key], name: r.name, builtin: key, permissions: [...r.permissions],
      })),
    );
    await tx.insert(organisationMembers).values({ organisation_id: id, user_id: userId, role_id: roleIds.owner });
    await tx.insert(chargeCodesTable).values(defaultChargeCodes(id, input.country));
    await createDefaultPipelines(tx, id);
    await createReferenceLists(tx, id);
    await tx.insert(organisationCurrenciesTable).values({ organisation_id: id, id: uuidv7(), currency: localCurrency(input.country), is_base: true });
    await tx.insert(organisationStatusEvents).values({ organisationId: id, id: uuidv7(), fromStatus: 'none', toStatus: 'inactive', actorUserId: userId, reason: 'organisation_created' });
    return org;
  });
}

export async function updateOrganisation(ctx: AppContext, org: OrganisationRow, input: Partial<Input>): Promise<OrganisationRow> {
  await checkLocation(ctx.database.db, input.location_code);
  const [row] = await ctx.database.db.update(organisations).set({ ...columns(input), updatedAt: new Date() }).where(eq(organisations.id, org.id)).returning();
  return row;
}

/** Records a status change (who or which provider event, when, from, to) and applies it. */
export async function changeStatus(
  tx: Db | Tx,
  org: { id: string; status: OrganisationStatus },
  to: OrganisationStatus,
  by: { actorUserId?: string | null; providerEventId?: string | null; reason: string },
  extra: Partial<typeof organisations.$inferInsert> = {},
) {
  await tx.update(organisations).set({ status: to, updatedAt: new Date(), ...extra }).where(eq(organisations.id, org.id));
  await tx.insert(organisationStatusEvents).values({
    organisationId: org.id, id: uuidv7(), fromStatus: org.status, toStatus: to,
    actorUserId: by.actorUserId ?? null, providerEventId: by.providerEventId ?? null, reason: by.reason,
  });
}

export async function statusHistory(ctx: AppContext, organisationId: string) {
  const rows = await ctx.database.db
    .select({ e: organisationStatusEvents, actor: users.name })
    .from(organisationStatusEvents)
    .leftJoin(users, eq(users.id, organisationStatusEvents.actorUserId))
    .where(eq(organisationStatusEvents.organisationId, organisationId))
    .orderBy(desc(organisationStatusEvents.createdAt), desc(organisationStatusEvents.id))
    .limit(100);
  return rows.map(({ e, actor }) => ({
    from: e.fromStatus, to: e.toStatus, reason: e.reason, actor: actor ?? null, provider_event_id: e.providerEventId, at: e.createdAt.toISOString(),
  }));
}

export const lockOrganisation = (tx: Tx, id: string) => tx.execute(sql`select 1 from organisations where id = ${id} for update`);
