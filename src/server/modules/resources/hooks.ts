import { and, eq, ne, sql } from 'drizzle-orm';
import { addressesTable, organisationCurrenciesTable } from '../../db/schema/index.ts';
import type { ResourceName } from '#shared/resources/registry.ts';
import { mayMoveLead, type LeadStatus } from '#shared/crm/model.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { assertMayChangeRole, assertMayCreateRole } from '../organisations/privileges.ts';
import type { ResourceHooks, TenantTable, Tx } from './register.ts';
import { reviewCriterionHooks, reviewCycleHooks } from '../hr/performance.ts';
import { taskHooks } from '../operations/tasks.ts';

/**
 * Built-in roles keep their names; Owner keeps every permission; none of them can be deleted; and
 * the privilege rules (nobody grants what they do not hold, built-in roles are the owners').
 */
const roleHooks: ResourceHooks = {
  beforeCreate(values, m) {
    assertMayCreateRole(m, values.permissions as string[]);
  },
  beforeUpdate(existing, values, m) {
    const role = { builtin: existing.builtin as string | null, permissions: existing.permissions as string[] };
    assertMayChangeRole(m, role, values.permissions as string[] | undefined);
    if (!existing.builtin) return;
    if (values.name !== undefined && values.name !== existing.name) throw new AppError(409, 'builtin_role', 'Built-in roles keep their names.');
    if (existing.builtin === 'owner' && values.permissions !== undefined) throw new AppError(409, 'builtin_role', 'The Owner role always has every permission.');
  },
  beforeDelete(existing) {
    if (existing.builtin) throw new AppError(409, 'builtin_role', 'Built-in roles cannot be deleted.');
  },
};

/** Marking one record as the primary (or base) one unmarks the organisation's others. */
function onlyOne(table: TenantTable & Record<string, never>, column: string): ResourceHooks {
  const cols = table as unknown as Record<string, Parameters<typeof eq>[0]>;
  return {
    async beforeWrite(tx: Tx, organisationId, values, id) {
      if (values[column] !== true) return;
      await tx.update(table).set({ [column]: false } as never).where(and(eq(cols.organisation_id, organisationId), ne(cols.id, id), eq(cols[column], true)));
    },
  };
}

/** Trigram similarity from which two names in one country are taken for the same company. */
const SIMILAR_NAME = 0.45;

/**
 * A native organisation that looks like one already there (a similar name in the same country, or
 * the same VAT number) is refused with its candidates, unless the caller says `force: true`.
 */
const nativeOrganisationHooks: ResourceHooks = {
  async beforeInsert(tx, organisationId, values) {
    const force = values.force === true;
    delete values.force;
    if (force) return;
    const name = String(values.name ?? '').toLowerCase();
    const vat = (values.vat_number as string | null) ?? null;
    const rows = await rowsOf<{ id: string; name: string; country: string; vat_number: string | null; score: number }>(tx, sql`
      select id, name, country, vat_number, round(similarity(lower(name), ${name})::numeric, 2)::float8 as score
        from native_organisations
       where organisation_id = ${organisationId}
         and ((country = ${values.country} and similarity(lower(name), ${name}) >= ${SIMILAR_NAME}) or (${vat}::text is not null and vat_number = ${vat}))
       order by score desc, name limit 5`);
    if (rows.length) {
      throw new AppError(409, 'possible_duplicate', 'This looks like an organisation you already have. Open it, or send force: true to create it anyway.', undefined, undefined, { candidates: rows });
    }
  },
};

/** A contact marked primary unmarks the organisation's other primary contact of the same company. */
const nativeContactHooks: ResourceHooks = {
  async beforeWrite(tx, organisationId, values, id) {
    if (values.is_primary !== true) return;
    await tx.execute(sql`update native_contacts set is_primary = false
      where organisation_id = ${organisationId} and id <> ${id} and is_primary
        and native_organisation_id = coalesce(${(values.native_organisation_id as string | undefined) ?? null}::uuid, (select native_organisation_id from native_contacts where organisation_id = ${organisationId} and id = ${id}))`);
  },
};

/** A sell rule says how much: a percentage, or a fixed amount in a currency. */
function assertMarkup(values: Record<string, unknown>) {
  if (values.markup_type === 'percent' && values.markup_pct == null) throw new AppError(422, 'validation_failed', 'A percentage rule needs its percentage.', { markup_pct: 'Give the percentage.' });
  if (values.markup_type === 'fixed' && (values.markup_minor == null || values.currency == null)) {
    throw new AppError(422, 'validation_failed', 'A fixed rule needs its amount and currency.', { [values.markup_minor == null ? 'markup_minor' : 'currency']: 'Give the amount and its currency.' });
  }
}
const sellRuleHooks: ResourceHooks = {
  beforeCreate: (values) => assertMarkup(values),
  beforeUpdate: (existing, values) => assertMarkup({ ...existing, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) }),
};

/** Leads move by their state machine (src/shared/crm/model.ts); `converted` only through the convert call; `lost` needs the reason. */
const leadHooks: ResourceHooks = {
  beforeCreate(values) {
    if (values.status === 'converted') throw new AppError(409, 'invalid_transition', 'A lead is converted with the convert call, not created converted.');
    if (values.status === 'lost' && !values.lost_reason) throw new AppError(422, 'validation_failed', 'Say why the lead was lost.', { lost_reason: 'Give the reason.' });
  },
  beforeUpdate(existing, values) {
    const from = existing.status as LeadStatus;
    const to = (values.status as LeadStatus | undefined) ?? from;
    if (from === 'converted') throw new AppError(409, 'invalid_transition', 'A converted lead is kept as it was: work with its organisation and deal.');
    if (!mayMoveLead(from, to)) throw new AppError(409, 'invalid_transition', `A ${from} lead cannot become ${to}.`);
    if (to === 'lost' && !(values.lost_reason ?? existing.lost_reason)) throw new AppError(422, 'validation_failed', 'Say why the lead was lost.', { lost_reason: 'Give the reason.' });
  },
};

export const RESOURCE_HOOKS: Partial<Record<ResourceName, ResourceHooks>> = {
  roles: roleHooks,
  addresses: onlyOne(addressesTable as never, 'is_primary'),
  'organisation-currencies': onlyOne(organisationCurrenciesTable as never, 'is_base'),
  'native-organisations': nativeOrganisationHooks,
  'native-contacts': nativeContactHooks,
  'sell-rules': sellRuleHooks,
  leads: leadHooks,
  'review-cycles': reviewCycleHooks,
  'review-criteria': reviewCriterionHooks,
  tasks: taskHooks,
};
