import { z } from 'zod';
import { decodeCursor, fitsColumn } from './cursor.ts';

/**
 * A timeline's paging, newest first (a client's activity in the CRM, a shipment's history): the
 * query's `cursor` (the last item's time and id, base64url JSON) and `limit`, and the page of rows
 * with the next cursor.
 */
export const timelineCursor = z.string().max(200).transform((v, c) => {
  try {
    // The same checks as every list's cursor (lib/cursor.ts): a lenient Date.parse let "\"6" through to PostgreSQL (a 500 the fuzz found).
    const [at, id] = decodeCursor(v);
    if (fitsColumn(at, 'time')) return { at: String(at), id };
  } catch {
    // falls through to the issue
  }
  c.addIssue({ code: 'custom', message: 'cursor_invalid' });
  return z.NEVER;
});

/** The query string of a timeline call. */
export const timelineQuery = z.object({ cursor: timelineCursor.optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });

/** The answer of a timeline call: its items and the cursor of the next page (null on the last). */
export const timelineAnswer = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: z.object({ next_cursor: z.string().nullable() }) });

/** One page of rows fetched `limit + 1` at a time (time `at`, `id`), presented by `present`. */
export function timelinePage<R extends { at: string | Date; id: string }, T>(rows: R[], limit: number, present: (row: R) => T): { data: T[]; meta: { next_cursor: string | null } } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(present),
    meta: { next_cursor: rows.length > limit && last ? Buffer.from(JSON.stringify([new Date(last.at).toISOString(), last.id])).toString('base64url') : null },
  };
}
