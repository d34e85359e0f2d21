/**
 * Column values as the API answers them. PostgreSQL drivers give `date` and `timestamptz` columns as
 * strings or Dates depending on the query path (drizzle builder or raw SQL, PGlite or pg).
 */

/** A `date` column as its local date, `YYYY-MM-DD`: cut from the value, never shifted through a time zone. */
export const day = (v: unknown): string => String(v instanceof Date ? v.toISOString() : v).slice(0, 10);
/** {@link day}, with null for a missing value. */
export const dayOrNull = (v: unknown): string | null => (v == null ? null : day(v));
/** A `timestamptz` column as an ISO 8601 instant. */
export const iso = (v: unknown): string => new Date(v as string).toISOString();
/** {@link iso}, with null for a missing value. */
export const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));
