import createClient, { type Middleware } from 'openapi-fetch';
// Generated from the app's document by openapi-client.test.ts (git-ignored): this file is
// type-checked against it there, not by `npm run typecheck` (tsconfig.json leaves this folder out).
import type { paths } from './generated/openapi.ts';

/** Cookies kept between calls, as a browser would (fetch keeps none). */
function cookieJar(): Middleware & { get(name: string): string | undefined } {
  const jar = new Map<string, string>();
  return {
    get: (name) => jar.get(name),
    onRequest({ request }) {
      if (jar.size) request.headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      return request;
    },
    onResponse({ response }) {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(';', 1)[0];
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
      }
      return response;
    },
  };
}

/**
 * Typed calls through a client generated from the OpenAPI document (openapi-typescript +
 * openapi-fetch): log in with the session cookie and the anti-forgery token, read the profile and
 * a list, and get a refusal in the error shape. A path, parameter or field the document does not declare fails the type check.
 */
export async function typedCalls(baseUrl: string, login: { email: string; password: string }) {
  const jar = cookieJar();
  const api = createClient<paths>({ baseUrl });
  api.use(jar);

  const csrf = await api.GET('/api/csrf-cookie');
  const token = jar.get('XSRF-TOKEN');
  if (!token) throw new Error(`no XSRF-TOKEN cookie (${csrf.response.status})`);
  const session = await api.POST('/api/auth/login', { params: { header: { 'X-XSRF-TOKEN': token } }, body: login });
  if (!session.data) throw new Error(`login refused: ${session.response.status} ${session.error?.error.code}`);

  const me = await api.GET('/api/user');
  if (!me.data) throw new Error(`GET /api/user: ${me.response.status} ${me.error?.error.code}`);
  const user: { name: string; organisation: string | null; permissions: string[] } = {
    name: me.data.data.name,
    organisation: me.data.data.organisation?.name ?? null,
    permissions: me.data.data.permissions,
  };

  const list = await api.GET('/api/quotes', { params: { query: { status: 'accepted', limit: 3 } } });
  if (!list.data) throw new Error(`GET /api/quotes: ${list.response.status} ${list.error?.error.code}`);
  const quotes: { number: string; status: 'draft' | 'sent' | 'accepted' | 'declined' | 'expired' | 'cancelled'; sellMinor: number }[] = list.data.data.map((q) => ({
    number: q.number,
    status: q.status,
    sellMinor: q.sell_minor,
  }));
  const more: string | null = list.data.meta.next_cursor;

  // A refusal arrives typed in the error shape.
  const none = await api.GET('/api/partners/{id}', { params: { path: { id: '00000000-0000-7000-8000-000000000000' } } });
  const refusal: { status: number; code: string | undefined } = { status: none.response.status, code: none.error?.error.code };

  return { user, quotes, more, refusal };
}
