/** A user's text for a LIKE pattern: `%`, `_` and `\` match themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** Postgres error code of a driver error (PGlite and node-postgres both carry `code`). */
export const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};
