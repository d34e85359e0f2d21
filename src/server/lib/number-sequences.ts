import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { numberSequences } from '../db/schema/index.ts';

/** The next value of an organisation's numbering sequence, in `tx`: never repeated, never skipped (a rolled-back transaction gives it back). */
export async function nextNumber(tx: Tx, organisationId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(numberSequences)
    .values({ organisation_id: organisationId, name, next_value: 2 })
    .onConflictDoUpdate({ target: [numberSequences.organisation_id, numberSequences.name], set: { next_value: sql`${numberSequences.next_value} + 1` } })
    .returning({ next: numberSequences.next_value });
  return row.next - 1;
}
