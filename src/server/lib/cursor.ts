import { PLAIN_DECIMAL } from '#shared/money/decimal.ts';
import { AppError } from './errors.ts';

/** Keyset cursors of lists: base64url JSON [sort value, id]. */
export const encodeCursor = (value: unknown, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2}))?$/;
export const cursorInvalid = () => new AppError(422, 'validation_failed', 'The cursor is not valid.', { cursor: 'The cursor is not valid.' });
/** A cursor is base64url JSON [sort value, id]: anything else, or values of the wrong type, is refused here, not by PostgreSQL. */
export function decodeCursor(cursor: string): [string | number, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(v) && v.length === 2 && (typeof v[0] === 'string' || typeof v[0] === 'number') && typeof v[1] === 'string' && UUID.test(v[1])) return v as [string | number, string];
  } catch {
    /* fall through */
  }
  throw cursorInvalid();
}
/** Whether a cursor's sort value fits the column it is compared with (`time`: timestamps and dates). */
export function fitsColumn(value: string | number, kind: 'time' | 'number' | 'decimal' | 'text'): boolean {
  if (kind === 'number') return Number.isSafeInteger(value);
  if (typeof value !== 'string') return false;
  if (kind === 'text') return !value.includes('\u0000');
  if (kind === 'decimal') return value.length <= 40 && PLAIN_DECIMAL.test(value);
  if (!ISO_TIME.test(value) || value.startsWith('0000')) return false;
  const t = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === value.slice(0, 10);
}

