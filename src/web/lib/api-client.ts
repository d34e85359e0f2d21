import i18next from 'i18next';
import type { ERROR_CODES } from '#shared/api/errors.ts';
import { ApiFailure, parseErrorBody, parseRetryAfter } from './api-failure.ts';
import { feedback } from './feedback.ts';
import { navigateTo } from './navigation.ts';
import { useSessionStore } from './session-store.ts';
import { clearSessionState } from './clear-session.ts';

/** How one call is made: query parameters, cancelling, and who handles its failures. */
export interface RequestOptions {
  params?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Tell the user nothing globally (network / server error notices) about this call. */
  silent?: boolean;
  /** A 401 answer to this call is the caller's business, not an expired session. */
  skipAuthRedirect?: boolean;
}

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
// Type-only use of the shared codes: this module is on every page, zod (behind them) is not.
const EMAIL_VERIFICATION_REQUIRED = 'email_verification_required' satisfies ErrorCode;

/** docs/product.md#error-notices: the internal errors of the anti-forgery step and of the 401 handling. */
export const CSRF_FAILED = 'Failed to set CSRF token';
export const AUTH_HANDLING_FAILED = 'Failed to handle authentication error';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/**
 * What happens on a 401 (docs/product.md#session-expiry: remember the page unless under /auth, log out, tell the user
 * the session expired, go to the login) and on `email_verification_required`.
 */
export const authEvents = {
  onUnauthenticated(): void {
    const session = useSessionStore.getState();
    const wasLoggedIn = session.isLoggedIn;
    const here = `${window.location.pathname}${window.location.search}`;
    clearSessionState();
    if (window.location.pathname.startsWith('/auth')) return;
    session.setRedirectPath(here);
    if (wasLoggedIn) {
      feedback().notification.info({
        title: i18next.t('errors.session_expired_title'),
        description: i18next.t('errors.session_expired'),
      });
    }
    navigateTo('/auth/login', { replace: true });
  },
  onEmailVerificationRequired(email: string | undefined): void {
    clearSessionState();
    const query = email ? `?email=${encodeURIComponent(email)}` : '';
    navigateTo(`/auth/sign-up${query}`, { replace: true });
  },
};

/** One notice however many calls failed at once (a page asks for several things): the same key replaces it. */
function notifyNetworkError(): void {
  feedback().notification.error({
    key: 'network-error',
    title: i18next.t('errors.network_title'),
    description: i18next.t('errors.network'),
  });
}

function notifyServerError(): void {
  feedback().notification.error({ key: 'server-error', title: i18next.t('errors.server') });
}

function isAuthCall(path: string): boolean {
  return path.startsWith('/auth/');
}

/**
 * The transport of docs/architecture.md#api-client, on the browser's fetch (axios cost the login page
 * a tenth of its weight, docs/decisions/003-fetch-api-client.md): same origin under /api, the session
 * cookie, JSON both ways, no timeout. Before each POST, PUT, PATCH or DELETE it asks for a fresh
 * anti-forgery cookie and sends it back as the X-XSRF-TOKEN header.
 */
export const transport = {
  fetch: (input: string, init: RequestInit): Promise<Response> => fetch(input, init),
};

const BASE = '/api';

function urlOf(path: string, params: RequestOptions['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined && value !== null) query.append(key, String(value));
  const qs = query.toString();
  return `${BASE}${path}${qs ? (path.includes('?') ? '&' : '?') : ''}${qs}`;
}

/** The body of an answer: JSON when it says so, its text otherwise, '' when empty. */
async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return '';
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (UNSAFE_METHODS.has(method)) {
    try {
      await send('GET', '/csrf-cookie', undefined, { silent: options.silent, skipAuthRedirect: true });
    } catch (error) {
      throw new ApiFailure({
        status: error instanceof ApiFailure ? error.status : 0,
        code: 'csrf_failed',
        message: CSRF_FAILED,
        notified: error instanceof ApiFailure && error.notified,
      });
    }
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await transport.fetch(urlOf(path, options.params), { method, headers, body: payload, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
      throw new ApiFailure({ status: 0, code: 'canceled', message: 'canceled' });
    }
    if (!options.silent) notifyNetworkError();
    throw new ApiFailure({ status: 0, code: 'network_error', message: 'Network Error', notified: !options.silent });
  }
  const data = await bodyOf(res).catch(() => '');
  if (res.ok) return data;
  throw failureOf(res, data, path, options);
}

/** Turns an error answer into an ApiFailure, telling the user where nobody else will. */
function failureOf(res: Response, data: unknown, path: string, options: RequestOptions): ApiFailure {
  const { status } = res;
  const body = parseErrorBody(data);
  const failure = new ApiFailure({
    status,
    code: body?.code ?? (status >= 500 ? 'server_error' : `http_${status}`),
    message: body?.message ?? `Request failed with status code ${status}`,
    fields: body?.fields,
    email: body?.email,
    candidates: body?.candidates,
    retryAfter: parseRetryAfter(res.headers.get('retry-after') ?? undefined),
  });
  if ((status >= 500 || !body) && !options.silent) {
    notifyServerError();
    failure.notified = true;
  }
  if (status === 401 && !options.skipAuthRedirect && !isAuthCall(path)) {
    try {
      authEvents.onUnauthenticated();
    } catch (cause) {
      console.error(cause);
      return new ApiFailure({ status, code: 'auth_error_handling_failed', message: AUTH_HANDLING_FAILED });
    }
  } else if (failure.code === EMAIL_VERIFICATION_REQUIRED && path === '/user') {
    authEvents.onEmailVerificationRequired(failure.email);
  }
  return failure;
}

type Envelope<T> = { data: T } | undefined;
const unwrap = <T>(body: Envelope<T> | '' | null): T => (body && typeof body === 'object' ? body.data : undefined) as T;

/** The paging facts of a list answer (`{ data: [...], meta }`, docs/architecture.md#lists). */
export interface ListMeta {
  /** Matches counted up to the server's cap; when `total_exact` is false there are more. */
  total: number;
  total_exact?: boolean;
  page: number;
  per_page: number;
  next_cursor: string | null;
}
export interface ListPage<T> {
  data: T[];
  meta: ListMeta;
}

/** The calls of the app: success answers `data` of `{ data }`, failure rejects with ApiFailure. */
export const api = {
  get: <T>(url: string, options?: RequestOptions) => send('GET', url, undefined, options).then((b) => unwrap<T>(b as Envelope<T>)),
  /** A list call: its records and its `meta` (total, page, per_page, next_cursor). */
  list: <T>(url: string, options?: RequestOptions) =>
    send('GET', url, undefined, options).then((b) => {
      const page = (b && typeof b === 'object' ? b : {}) as Partial<ListPage<T>>;
      return {
        data: page.data ?? [],
        meta: page.meta ?? { total: page.data?.length ?? 0, page: 1, per_page: page.data?.length ?? 0, next_cursor: null },
      };
    }),
  delete: <T = void>(url: string, options?: RequestOptions) => send('DELETE', url, undefined, options).then((b) => unwrap<T>(b as Envelope<T>)),
  post: <T = void>(url: string, body?: unknown, options?: RequestOptions) => send('POST', url, body, options).then((b) => unwrap<T>(b as Envelope<T>)),
  put: <T = void>(url: string, body?: unknown, options?: RequestOptions) => send('PUT', url, body, options).then((b) => unwrap<T>(b as Envelope<T>)),
  patch: <T = void>(url: string, body?: unknown, options?: RequestOptions) => send('PATCH', url, body, options).then((b) => unwrap<T>(b as Envelope<T>)),
};
