import { STANDARD_TASK_TEMPLATES } from '#shared/resources/operations.ts';
import { STANDARD_ANNUAL_POLICY, STANDARD_LEAVE_TYPES } from '#shared/resources/hr.ts';
import { STANDARD_RECRUITMENT_STAGES } from '#shared/resources/recruitment.ts';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_STAGES, PIPELINE_KINDS, type PipelineKind } from '#shared/crm/model.ts';
import { STANDARD_REFERENCE_LISTS, type ReferenceListName } from '#shared/resources/reference-lists.ts';
import { AppError } from '../../lib/errors.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { directionsTable, equipmentTypesTable, incotermsTable, loadTypesTable, pipelineStages, pipelines, taskTemplatesTable, transportModesTable, leaveTypesTable, leavePoliciesTable, recruitmentStagesTable } from '../../db/schema/index.ts';

/** A pipeline with its stages in order (the defaults of its kind unless given). */
export async function createPipeline(tx: Tx, organisationId: string, name: string, kind: PipelineKind, stages = DEFAULT_STAGES[kind], position = 0): Promise<string> {
  const id = uuidv7();
  await tx.insert(pipelines).values({ organisation_id: organisationId, id, name, kind, position });
  await tx.insert(pipelineStages).values(stages.map((s, i) => ({ organisation_id: organisationId, id: uuidv7(), pipeline_id: id, name: s.name, position: i, probability_pct: s.probability_pct, outcome: s.outcome })));
  return id;
}

/** Every new organisation gets one pipeline of each kind. */
export async function createDefaultPipelines(tx: Tx, organisationId: string): Promise<void> {
  for (const [i, kind] of PIPELINE_KINDS.entries()) await createPipeline(tx, organisationId, kind === 'connection' ? 'Prospects' : 'Quotations', kind, DEFAULT_STAGES[kind], i);
}

/** The first pipeline of a kind and its first open stage: where converted leads and new quotes land. */
export async function firstStage(tx: Tx, organisationId: string, kind: PipelineKind): Promise<{ pipeline_id: string; stage_id: string } | null> {
  const [row] = await rowsOf<{ pipeline_id: string; stage_id: string }>(tx, sql`
    select p.id as pipeline_id, s.id as stage_id from pipelines p join pipeline_stages s on s.organisation_id = p.organisation_id and s.pipeline_id = p.id
     where p.organisation_id = ${organisationId} and p.kind = ${kind} and s.outcome = 'open' order by p.position, p.created_at, s.position limit 1`);
  return row ?? null;
}

const REFERENCE_TABLES = {
  directions: directionsTable, 'load-types': loadTypesTable, 'transport-modes': transportModesTable, incoterms: incotermsTable, 'equipment-types': equipmentTypesTable,
} as const satisfies Record<ReferenceListName, unknown>;

/** Every new organisation gets the standard reference lists (existing ones got them in migration 0015). */
export async function createReferenceLists(tx: Tx, organisationId: string): Promise<void> {
  for (const [name, rows] of Object.entries(STANDARD_REFERENCE_LISTS) as [ReferenceListName, readonly object[]][]) {
    await tx.insert(REFERENCE_TABLES[name]).values(rows.map((r) => ({ organisation_id: organisationId, id: uuidv7(), ...r })) as never);
  }
  await tx.insert(taskTemplatesTable).values(STANDARD_TASK_TEMPLATES.map((r) => ({ organisation_id: organisationId, id: uuidv7(), ...r })));
  const types = STANDARD_LEAVE_TYPES.map((r) => ({ organisation_id: organisationId, id: uuidv7(), ...r }));
  await tx.insert(leaveTypesTable).values(types);
  await tx.insert(leavePoliciesTable).values({ organisation_id: organisationId, id: uuidv7(), leave_type_id: types[0].id, ...STANDARD_ANNUAL_POLICY });
  await tx.insert(recruitmentStagesTable).values(STANDARD_RECRUITMENT_STAGES.map((r) => ({ organisation_id: organisationId, id: uuidv7(), ...r })));
}

/** The active codes of one of the organisation's reference lists (what quotes and rates may use). */
export async function activeCodes(db: Db | Tx, organisationId: string, name: Exclude<ReferenceListName, 'transport-modes'>): Promise<Set<string>> {
  const table = REFERENCE_TABLES[name];
  const rows = await db.select({ code: table.code }).from(table).where(and(eq(table.organisation_id, organisationId), eq(table.active, true)));
  return new Set(rows.map((r) => r.code));
}

/** The quote modes that an active transport mode of the organisation prices as. */
export async function activeModes(db: Db | Tx, organisationId: string): Promise<Set<string>> {
  const rows = await db.select({ mode: transportModesTable.mode }).from(transportModesTable).where(and(eq(transportModesTable.organisation_id, organisationId), eq(transportModesTable.active, true)));
  return new Set(rows.map((r) => r.mode));
}

/**
 * Refuses a quote or rate whose mode, incoterm or equipment is not an active entry of the organisation's
 * lists (control centre › reference lists), with the field that is wrong.
 */
export async function checkReferenceCodes(
  db: Db | Tx,
  organisationId: string,
  used: { mode?: string | null; incoterm?: string | null; equipment?: { field: string; code: string }[] },
): Promise<void> {
  const fields: Record<string, string> = {};
  if (used.mode && !(await activeModes(db, organisationId)).has(used.mode)) fields.mode = 'This transport mode is not active in your reference lists.';
  if (used.incoterm && !(await activeCodes(db, organisationId, 'incoterms')).has(used.incoterm)) fields.incoterm = 'This Incoterm is not active in your reference lists.';
  if (used.equipment?.length) {
    const active = await activeCodes(db, organisationId, 'equipment-types');
    for (const e of used.equipment) if (!active.has(e.code)) fields[e.field] = `${e.code} is not an active equipment type in your reference lists.`;
  }
  if (Object.keys(fields).length) throw new AppError(422, 'reference_inactive', 'A value is not active in your reference lists (control centre).', fields);
}
