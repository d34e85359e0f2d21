import axios, { type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import type { ERROR_CODES } from '#shared/api/errors.ts';
import { ApiFailure, parseErrorBody, parseRetryAfter } from './api-failure.ts';
import { feedback } from './feedback.ts';
import { navigateTo } from './navigation.ts';
import { useSessionStore } from './session-store.ts';
import { clearSessionState } from './clear-session.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Tell the user nothing globally (network / server error notices) about this call. */
    silent?: boolean;
    /** A 401 answer to this call is the caller's business, not an expired session. */
    skipAuthRedirect?: boolean;
  }
}

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
// Type-only use of the shared codes: this module is on every page, zod (behind them) is not.
const EMAIL_VERIFICATION_REQUIRED = 'email_verification_required' satisfies ErrorCode;

/** docs/product.md#error-notices: the internal errors of the anti-forgery step and of the 401 handling. */
export const CSRF_FAILED = 'Failed to set CSRF token';
export const AUTH_HANDLING_FAILED = 'Failed to handle authentication error';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The axios instance of docs/architecture.md#api-client: same origin under /api, cookies, CSRF header, no timeout. */
export const http = axios.create({
  baseURL: '/api',
  withCredentials: true,
  xsrfCookieName: CSRF_COOKIE,
  xsrfHeaderName: CSRF_HEADER,
  headers: { Accept: 'application/json' },
});

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** docs/architecture.md#api-client: before each POST, PUT, PATCH or DELETE, ask for a fresh anti-forgery cookie. */
http.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
  if (!UNSAFE_METHODS.has((config.method ?? 'get').toLowerCase())) return config;
  try {
    await http.get('/csrf-cookie', { silent: config.silent, skipAuthRedirect: true });
  } catch (error) {
    throw new ApiFailure({
      status: error instanceof ApiFailure ? error.status : 0,
      code: 'csrf_failed',
      message: CSRF_FAILED,
      notified: error instanceof ApiFailure && error.notified,
    });
  }
  const token = readCookie(CSRF_COOKIE);
  if (token) config.headers.set(CSRF_HEADER, token);
  return config;
});

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

function notifyNetworkError(): void {
  feedback().notification.error({
    title: i18next.t('errors.network_title'),
    description: i18next.t('errors.network'),
  });
}

function notifyServerError(): void {
  feedback().notification.error({ title: i18next.t('errors.server') });
}

function isAuthCall(url: string | undefined): boolean {
  return (url ?? '').replace(/^\/api/, '').startsWith('/auth/');
}

/** Turns whatever went wrong into an ApiFailure, telling the user where nobody else will. */
export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (!axios.isAxiosError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new ApiFailure({ status: 0, code: 'client_error', message });
  }
  const config: AxiosRequestConfig = error.config ?? {};
  if (axios.isCancel(error)) return new ApiFailure({ status: 0, code: 'canceled', message: error.message });
  if (!error.response) {
    if (!config.silent) notifyNetworkError();
    return new ApiFailure({ status: 0, code: 'network_error', message: error.message, notified: !config.silent });
  }
  const { status, data, headers } = error.response;
  const body = parseErrorBody(data);
  const failure = new ApiFailure({
    status,
    code: body?.code ?? (status >= 500 ? 'server_error' : `http_${status}`),
    message: body?.message ?? error.message,
    fields: body?.fields,
    email: body?.email,
    retryAfter: parseRetryAfter(headers?.['retry-after']),
  });
  if ((status >= 500 || !body) && !config.silent) {
    notifyServerError();
    failure.notified = true;
  }
  if (status === 401 && !config.skipAuthRedirect && !isAuthCall(config.url)) {
    try {
      authEvents.onUnauthenticated();
    } catch (cause) {
      console.error(cause);
      return new ApiFailure({ status, code: 'auth_error_handling_failed', message: AUTH_HANDLING_FAILED });
    }
  } else if (failure.code === EMAIL_VERIFICATION_REQUIRED && config.url === '/user') {
    authEvents.onEmailVerificationRequired(failure.email);
  }
  return failure;
}

http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiFailure(error)));

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
  get: <T>(url: string, config?: AxiosRequestConfig) => http.get<Envelope<T>>(url, config).then((r) => unwrap<T>(r.data)),
  /** A list call: its records and its `meta` (total, page, per_page, next_cursor). */
  list: <T>(url: string, config?: AxiosRequestConfig) =>
    http.get<ListPage<T>>(url, config).then((r) => ({
      data: r.data?.data ?? [],
      meta: r.data?.meta ?? { total: r.data?.data?.length ?? 0, page: 1, per_page: r.data?.data?.length ?? 0, next_cursor: null },
    })),
  delete: <T = void>(url: string, config?: AxiosRequestConfig) =>
    http.delete<Envelope<T>>(url, config).then((r) => unwrap<T>(r.data)),
  post: <T = void>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    http.post<Envelope<T>>(url, body, config).then((r) => unwrap<T>(r.data)),
  put: <T = void>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    http.put<Envelope<T>>(url, body, config).then((r) => unwrap<T>(r.data)),
  patch: <T = void>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
    http.patch<Envelope<T>>(url, body, config).then((r) => unwrap<T>(r.data)),
};
