import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

const notification = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn(), open: vi.fn(), destroy: vi.fn() };
vi.mock('./feedback.ts', () => ({ feedback: () => ({ notification, message: {} }), bindFeedback: vi.fn() }));

const { api, http, authEvents } = await import('./api-client.ts');
const { ApiFailure } = await import('./api-failure.ts');
const { setNavigator } = await import('./navigation.ts');
const { useSessionStore } = await import('./session-store.ts');
const { sessionUser } = await import('../test/fixtures.ts');

interface Seen {
  method: string;
  url: string;
  headers: AxiosHeaders;
  data: unknown;
}

type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network';

/** A fake transport: records requests and answers from `reply`. */
function fakeServer(reply: (config: InternalAxiosRequestConfig) => Reply) {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers: AxiosHeaders.from(config.headers),
      data: config.data,
    });
    if (config.url === '/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=token-123; path=/';
      return { data: '', status: 204, statusText: 'No Content', headers: {}, config };
    }
    const answer = reply(config);
    if (answer === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response = {
      data: answer.data ?? '',
      status: answer.status,
      statusText: String(answer.status),
      headers: answer.headers ?? {},
      config,
    };
    if (answer.status >= 400) {
      throw new AxiosError(`Request failed with status code ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}

describe('api client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    setNavigator(navigate);
    vi.clearAllMocks();
  });
  afterEach(() => useSessionStore.getState().clear());

  it('fetches the CSRF cookie before a POST, sends it back and unwraps data', async () => {
    const seen = fakeServer(() => ({ status: 200, data: { data: { first_login: true } } }));
    const result = await api.post<{ first_login: boolean }>('/auth/login', { email: 'a@b.co', password: 'x' });
    expect(result).toEqual({ first_login: true });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /csrf-cookie', 'POST /auth/login']);
    expect(seen[1].headers.get('X-XSRF-TOKEN')).toBe('token-123');
  });

  it('answers a list call with its records and meta', async () => {
    const meta = { total: 3, page: 2, per_page: 1, next_cursor: 'abc' };
    fakeServer(() => ({ status: 200, data: { data: [{ id: 'r2' }], meta } }));
    await expect(api.list('/departments', { params: { page: 2, per_page: 1 } })).resolves.toEqual({ data: [{ id: 'r2' }], meta });
  });

  it('fetches the cookie before every PUT, PATCH and DELETE, not before a GET', async () => {
    const seen = fakeServer(() => ({ status: 204 }));
    await api.get('/user');
    await api.put('/auth/password', {});
    await api.patch('/thing', {});
    await api.delete('/thing');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /user',
      'GET /csrf-cookie',
      'PUT /auth/password',
      'GET /csrf-cookie',
      'PATCH /thing',
      'GET /csrf-cookie',
      'DELETE /thing',
    ]);
  });

  it('fails with "Failed to set CSRF token" when the cookie cannot be fetched', async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError('Request failed', AxiosError.ERR_BAD_RESPONSE, config, null, {
        data: 'oops',
        status: 500,
        statusText: '500',
        headers: {},
        config,
      });
    };
    http.defaults.adapter = adapter;
    await expect(api.post('/auth/logout')).rejects.toMatchObject({ message: 'Failed to set CSRF token' });
  });

  it('normalises a failure: status, code, message, fields and Retry-After', async () => {
    fakeServer(() => ({
      status: 429,
      data: { error: { code: 'too_many_requests', message: 'Slow down', fields: { email: 'Too fast' } } },
      headers: { 'retry-after': '42' },
    }));
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', message: 'Slow down', retryAfter: 42 });
    expect((error as InstanceType<typeof ApiFailure>).fields).toEqual({ email: 'Too fast' });
    expect(notification.error).not.toHaveBeenCalled();
  });

  it('shows the Network Error notice when the server cannot be reached', async () => {
    fakeServer(() => 'network');
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(notification.error).toHaveBeenCalledWith({
      title: 'Network Error',
      description: 'Connection to the server failed. Check your network connection or try again later.',
    });
  });

  it('shows the server error notice for a 5xx or unreadable answer', async () => {
    fakeServer(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 502, notified: true });
    expect(notification.error).toHaveBeenCalledWith({ title: 'Internal Server Error. Please try again later.' });
  });

  it('clears the session and goes to the login on a 401, remembering the page', async () => {
    window.history.pushState({}, '', '/organisation/crm?tab=2');
    useSessionStore.getState().logIn(sessionUser());
    fakeServer(() => ({ status: 401, data: { error: { code: 'unauthenticated', message: 'Log in' } } }));
    await expect(api.get('/organisation')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(useSessionStore.getState().redirectPath).toBe('/organisation/crm?tab=2');
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(notification.info).toHaveBeenCalledWith({
      title: 'Session Expired',
      description: 'Your session has expired. Please login again.',
    });
    window.history.pushState({}, '', '/');
  });

  it('leaves a 401 of an auth call to the caller', async () => {
    const spy = vi.spyOn(authEvents, 'onUnauthenticated');
    fakeServer(() => ({ status: 401, data: { error: { code: 'unauthenticated', message: 'No' } } }));
    await expect(api.post('/auth/password')).rejects.toMatchObject({ status: 401 });
    expect(spy).not.toHaveBeenCalled();
  });

  it('sends an unverified user to the sign-up code step', async () => {
    fakeServer(() => ({
      status: 403,
      data: { error: { code: 'email_verification_required', message: 'Verify', email: 'new@example.com' } },
    }));
    await expect(api.get('/user')).rejects.toMatchObject({ code: 'email_verification_required' });
    expect(navigate).toHaveBeenCalledWith('/auth/sign-up?email=new%40example.com', { replace: true });
  });

  it('fails with "Failed to handle authentication error" when the 401 handling itself throws', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(authEvents, 'onUnauthenticated').mockImplementation(() => {
      throw new Error('storage full');
    });
    fakeServer(() => ({ status: 401, data: { error: { code: 'unauthenticated', message: 'Log in' } } }));
    await expect(api.get('/organisation')).rejects.toMatchObject({ message: 'Failed to handle authentication error' });
    vi.mocked(authEvents.onUnauthenticated).mockRestore();
    log.mockRestore();
  });

  it('does not remember an /auth page as the place to return to', async () => {
    window.history.pushState({}, '', '/auth/sign-up');
    useSessionStore.getState().logIn(sessionUser());
    useSessionStore.getState().setRedirectPath(null);
    fakeServer(() => ({ status: 401, data: { error: { code: 'unauthenticated', message: 'Log in' } } }));
    await expect(api.get('/organisation')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: false, redirectPath: null });
    window.history.pushState({}, '', '/');
  });
});
