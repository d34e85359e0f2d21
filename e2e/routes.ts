import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTES, type AppRoute } from '../src/web/app/routes.tsx';
import { csrfToken } from './helpers.ts';

/**
 * The routed screens as the browser reaches them, from the app's own route table
 * (src/web/app/routes.tsx): a journey over "every screen" cannot miss one added later.
 * Used by the accessibility sweep (screens-a11y.spec.ts) and the bundle budget check.
 */

/** Every route with a screen of its own (the catch-all `*` is the 404 page, reached by any unknown path). */
export const SCREEN_ROUTES: readonly AppRoute[] = ROUTES.filter((route) => route.path !== '*');

/** The names of a route's path parameters (`/hr/payroll/:id` → `['id']`). */
export const paramsOf = (path: string): string[] => path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));

/** Values for every path parameter of the table, from the demo data (one real record each). */
export type DemoParams = Record<string, string>;

/** A route's path with its parameters filled in; `*` becomes a path no route matches. */
export function pathOf(route: AppRoute | string, params: DemoParams = {}): string {
  const path = typeof route === 'string' ? route : route.path;
  if (path === '*') return '/no/such/page';
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No demo value for :${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** Who sees which route: the guests' pages only logged out, every other page as the demo owner. */
export const isGuestRoute = (route: AppRoute) => route.guards?.includes('guest') ?? false;

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** Demo values: those every route shares, and those of a route that names its parameter alike but means another record. */
export interface DemoValues {
  params: DemoParams;
  byRoute: Record<string, DemoParams>;
}

/** The path of a route filled with the demo values. */
export const demoPathOf = (route: AppRoute, values: DemoValues) => pathOf(route, { ...values.params, ...values.byRoute[route.path] });

/**
 * One demo record for each path parameter of the route table, read as the logged-in demo owner
 * (page): the public pages' tokens are the quote link the demo mailed and a tracking link made
 * for a demo shipment. Fails when the table gains a parameter this does not know.
 */
export async function demoValues(page: Page): Promise<DemoValues> {
  const request = page.request;
  const user = await data<{ id: string }>(request, '/api/user');
  const [quote] = await data<{ id: string }[]>(request, '/api/quotes');
  const [booking] = await data<{ id: string }[]>(request, '/api/bookings');
  const [shipment] = await data<{ id: string }[]>(request, '/api/shipments');
  const roles = await data<{ id: string; builtin: boolean }[]>(request, '/api/roles');
  const [organisation] = await data<{ id: string }[]>(request, '/api/native-organisations');
  const [run] = await data<{ id: string }[]>(request, '/api/payroll-runs');
  const [review] = await data<{ id: string }[]>(request, '/api/reviews');
  const openings = await data<{ status: string; public_slug: string }[]>(request, '/api/job-openings');
  const mails = await data<{ text: string }[]>(request, '/api/dev/mail?limit=200');
  const quoteToken = mails.map((m) => /\/quote\/([\w-]{20,})/.exec(m.text)?.[1]).find(Boolean);
  const tracking = await request.post(`/api/shipments/${shipment.id}/tracking-link`, { headers: { 'x-xsrf-token': await csrfToken(page) }, data: {} });
  expect(tracking.status(), 'a tracking link for a demo shipment').toBe(200);
  const trackToken = /\/track\/([\w-]{20,})$/.exec(((await tracking.json()) as { data: { url: string } }).data.url)?.[1];

  const values: DemoValues = {
    params: {
      userId: user.id,
      quoteId: quote?.id,
      bookingId: booking?.id,
      shipmentId: shipment.id,
      roleId: (roles.find((r) => !r.builtin) ?? roles[0])?.id,
      organisationId: organisation?.id,
      id: run?.id,
      token: quoteToken!,
      slug: openings.find((o) => o.status === 'open')?.public_slug as string,
    },
    byRoute: {
      '/organisation/hr/performance/:id': { id: review?.id },
      '/track/:token': { token: trackToken! },
    },
  };
  for (const [key, value] of Object.entries(values.params)) expect(value, `a demo value for :${key}`).toBeTruthy();
  for (const [path, own] of Object.entries(values.byRoute)) expect(Object.values(own).every(Boolean), `a demo value for ${path}`).toBe(true);
  const missing = SCREEN_ROUTES.flatMap((r) => paramsOf(r.path)).filter((name) => !(name in values.params));
  expect(missing, 'route parameters without a demo value').toEqual([]);
  return values;
}
