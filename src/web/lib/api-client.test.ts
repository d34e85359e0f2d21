import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notification = { error: vi.fn(), info: vi.fn(), success: vi.fn(), warning: vi.fn(), open: vi.fn(), destroy: vi.fn() };
vi.mock('./feedback.ts', () => ({ feedback: () => ({ notification, message: {} }), bindFeedback: vi.fn() }));

const { api, transport, authEvents } = await import('./api-client.ts');
const { ApiFailure } = await import('./api-failure.ts');
const { setNavigator } = await import('./navigation.ts');
const { useSessionStore } = await import('./session-store.ts');
const { sessionUser } = await import('../test/fixtures.ts');

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | 'network';

/** A fake server behind fetch: records requests and answers from `reply`. */
function fakeServer(reply: (seen: Seen) => Reply, csrf: Reply = { status: 204 }) {
  const seen: Seen[] = [];
  transport.fetch = async (input, init) => {
    const request: Seen = { method: init.method ?? 'GET', url: input, headers: new Headers(init.headers), body: init.body };
    seen.push(request);
    const answer = input === '/api/csrf-cookie' ? csrf : reply(request);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (input === '/api/csrf-cookie' && answer.status < 400) document.cookie = 'XSRF-TOKEN=token-123; path=/';
    const json = answer.data !== undefined && typeof answer.data !== 'string';
    const body = answer.data === undefined ? null : json ? JSON.stringify(answer.data) : String(answer.data);
    const headers = { ...(json ? { 'content-type': 'application/json; charset=utf-8' } : { 'content-type': 'text/html' }), ...answer.headers };
    return new Response(answer.status === 204 ? null : body, { status: answer.status, headers });
  };
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
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/csrf-cookie', 'POST /api/auth/login']);
    expect(seen[1].headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(seen[1].headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(seen[1].body))).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('answers a list call with its records and meta', async () => {
    const meta = { total: 3, page: 2, per_page: 1, next_cursor: 'abc' };
    const seen = fakeServer(() => ({ status: 200, data: { data: [{ id: 'r2' }], meta } }));
    await expect(api.list('/departments', { params: { page: 2, per_page: 1, q: undefined, 'filter[kind]': 'sea & air' } })).resolves.toEqual({ data: [{ id: 'r2' }], meta });
    expect(seen[0].url).toBe('/api/departments?page=2&per_page=1&filter%5Bkind%5D=sea+%26+air');
  });

  it('fetches the cookie before every PUT, PATCH and DELETE, not before a GET', async () => {
    const seen = fakeServer(() => ({ status: 204 }));
    await api.get('/user');
    await api.put('/auth/password', {});
    await api.patch('/thing', {});
    await api.delete('/thing');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/user',
      'GET /api/csrf-cookie',
      'PUT /api/auth/password',
      'GET /api/csrf-cookie',
      'PATCH /api/thing',
      'GET /api/csrf-cookie',
      'DELETE /api/thing',
    ]);
  });

  it('fails with "Failed to set CSRF token" when the cookie cannot be fetched', async () => {
    const seen = fakeServer(() => ({ status: 204 }), { status: 500, data: 'oops' });
    await expect(api.post('/auth/logout')).rejects.toMatchObject({ message: 'Failed to set CSRF token', code: 'csrf_failed', status: 500 });
    expect(seen.map((r) => r.url)).toEqual(['/api/csrf-cookie']);
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
      key: 'network-error',
      title: 'Network Error',
      description: 'Connection to the server failed. Check your network connection or try again later.',
    });
  });

  it('sends a file as multipart form data, not as JSON', async () => {
    const seen = fakeServer(() => ({ status: 200, data: { data: { ok: true } } }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    await expect(api.post('/organisation/logo', form)).resolves.toEqual({ ok: true });
    expect(seen[1].body).toBe(form);
    expect(seen[1].headers.get('Content-Type')).toBeNull();
  });

  it('says "canceled" without any notice when the caller aborts', async () => {
    transport.fetch = (_input, init) => Promise.reject(Object.assign(new DOMException('aborted', 'AbortError'), { signal: init.signal }));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/staff', { signal: controller.signal })).rejects.toMatchObject({ status: 0, code: 'canceled' });
    expect(notification.error).not.toHaveBeenCalled();
  });

  it('shows the server error notice for a 5xx or unreadable answer', async () => {
    fakeServer(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 502, notified: true });
    expect(notification.error).toHaveBeenCalledWith({ key: 'server-error', title: 'Internal Server Error. Please try again later.' });
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
