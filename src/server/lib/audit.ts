import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

/** Writes one audit event in the caller's transaction: who did what to which record, and what changed. */
export const audit = (tx: Tx, organisationId: string, actor: string | null, entity: string, action: string, id: string, changes: Record<string, unknown>) =>
  tx.insert(auditEvents).values({ organisation_id: organisationId, id: uuidv7(), actor_user_id: actor, action, entity, entity_id: id, changes });

/** A value as JSON with object keys sorted and instants as ISO strings, so that equal values compare equal whatever their key order. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
function canonical(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string' && INSTANT.test(v)) return new Date(v).toISOString();
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  return v ?? null;
}

/**
 * What an edit changes of a record: the fields of `next` (in `fields`' order) whose value differs
 * from the stored one, with both values — what the audit trail keeps of an update.
 */
export function changesOf<K extends string>(stored: Partial<Record<K, unknown>>, next: Partial<Record<K, unknown>>, fields: readonly K[]) {
  const changed = fields.filter((k) => k in next && next[k] !== undefined && JSON.stringify(canonical(stored[k])) !== JSON.stringify(canonical(next[k])));
  return {
    fields: changed,
    before: Object.fromEntries(changed.map((k) => [k, canonical(stored[k])])),
    after: Object.fromEntries(changed.map((k) => [k, canonical(next[k])])),
  };
}
