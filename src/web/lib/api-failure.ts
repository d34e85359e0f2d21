import type { ApiError } from '#shared/api/errors.ts';

export interface ApiFailureInit {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  retryAfter?: number | null;
  email?: string;
  candidates?: ApiError['candidates'];
  notified?: boolean;
}

/**
 * Every failed API call rejects with one of these: the HTTP status (0 when no answer came),
 * the API error code, its message, per-field messages, and the wait in seconds of a 429.
 */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly retryAfter: number | null;
  readonly email: string | undefined;
  /** 409 possible_duplicate: what the new record looks like. */
  readonly candidates: NonNullable<ApiError['candidates']>;
  /** True when the user has already been told (network or server error notice). */
  notified: boolean;

  constructor(init: ApiFailureInit) {
    super(init.message);
    this.name = 'ApiFailure';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.email = init.email;
    this.candidates = init.candidates ?? [];
    this.notified = init.notified ?? false;
  }
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof ApiFailure;
}

/** Reads `{ error: { code, message, fields?, email? } }`; null when the body has another shape. */
export function parseErrorBody(body: unknown): ApiError | null {
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (!error || typeof error !== 'object') return null;
  const { code, message, fields, email, candidates } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const result: ApiError = { code, message };
  if (fields && typeof fields === 'object') {
    result.fields = Object.fromEntries(
      Object.entries(fields as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  if (typeof email === 'string') result.email = email;
  if (Array.isArray(candidates)) {
    result.candidates = candidates.filter(
      (c): c is NonNullable<ApiError['candidates']>[number] => Boolean(c) && typeof c === 'object' && typeof (c as { id: unknown }).id === 'string' && typeof (c as { name: unknown }).name === 'string',
    );
  }
  return result;
}

/** `Retry-After` is either seconds or an HTTP date; answers whole seconds, or null. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
