import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_STAGES, PIPELINE_KINDS, type PipelineKind } from '#shared/crm/model.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { pipelineStages, pipelines } from '../../db/schema/index.ts';

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
