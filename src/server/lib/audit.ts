import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

/** Writes one audit event in the caller's transaction: who did what to which record, and what changed. */
export const audit = (tx: Tx, organisationId: string, actor: string | null, entity: string, action: string, id: string, changes: Record<string, unknown>) =>
  tx.insert(auditEvents).values({ organisation_id: organisationId, id: uuidv7(), actor_user_id: actor, action, entity, entity_id: id, changes });
