import { validationMessage } from '#shared/api/messages.ts';

/** An expected failure, answered as `{ error: { code, message, fields? } }` with its status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'You are not logged in.');
export const notFound = (what = 'The resource') => new AppError(404, 'not_found', `${what} was not found.`);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
/** 422 with one field message taken from the shared validation sentences. */
export const invalidField = (code: string, field: string, key: string) =>
  new AppError(422, code, validationMessage(key), { [field]: validationMessage(key) });
