import { expect, test, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { ROUTES, type AppRoute } from '../src/web/app/routes.tsx';
import { BUNDLE_BUDGETS, dashboardReady, kindsLine, largestFiles, measurePageLoad, returningUserState, type PageLoad } from '../bench/bundle-size.ts';
import { logIn } from './helpers.ts';

/**
 * The bundle budgets of issue 22, on every routed screen: the first load of each (cold cache,
 * until its content is on screen and the network idle; bench/bundle-size.ts says exactly what
 * counts) sums the gzip size of the built JavaScript and CSS it fetched, read from dist/web. The
 * figure depends on the build and on which files the page asks for, not on the machine's speed.
 * Guests' pages are opened logged out, every other page as the demo owner. Prints a table; fails
 * when a route is over its budget.
 *
 * To iterate faster, BUNDLE_ROUTES=<regex> measures only the routes whose path matches (e.g.
 * `BUNDLE_ROUTES='shipment-management/:id|quotation'`); the check that met routes leave OVER_TODAY
 * is then skipped. CI runs it unset: every route.
 */

const CC = '/organisation/control-centre/';

/**
 * Routes over the 450 KB budget of any other route when the check landed (issue 22: not cut yet),
 * each with the figure it may not pass (its figure when last measured, 2026-11-27 after the AI, analytics and
 * bundle merges, or 2026-11-28 after the bundles cut for those measured again, rounded up, + 2 KB): the list only shrinks. A route listed here that meets 450
 * fails the check until its entry is removed.
 */
const OVER_TODAY: Record<string, number> = {};

/**
 * The budget of a route: login, dashboard, the control centre's record lists (a control-centre
 * page whose first load runs the record list screens, features/control-centre/resource-screens.tsx),
 * anything else.
 */
function budgetOf(route: AppRoute, load: PageLoad): { kb: number; requests?: number; name: string } {
  if (route.path === BUNDLE_BUDGETS.login.path) return { ...BUNDLE_BUDGETS.login, name: 'login' };
  if (route.path === BUNDLE_BUDGETS.dashboard.path) return { ...BUNDLE_BUDGETS.dashboard, name: 'dashboard' };
  const recordList = load.files.some((f) => /\/resource-screens-[\w-]+\.js$/.test(f));
  if (route.path.startsWith(CC) && recordList) return { ...BUNDLE_BUDGETS.controlCentreList, name: 'control-centre list' };
  const over = OVER_TODAY[route.path];
  return over === undefined ? { ...BUNDLE_BUDGETS.other, name: 'other' } : { kb: over, name: 'other, over 450 KB when the check landed' };
}

async function data<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** One demo record for each path parameter of the route table (`:id` means a payroll run, or a review under performance). */
async function demoParams(page: Page): Promise<(route: AppRoute) => Record<string, string>> {
  const r = page.request;
  const first = async (url: string) => (await data<{ id: string }[]>(r, url))[0]?.id;
  const [shipment] = await data<{ id: string }[]>(r, '/api/shipments');
  await r.get('/api/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const link = await r.post(`/api/shipments/${shipment.id}/tracking-link`, { headers: { 'x-xsrf-token': xsrf }, data: {} });
  expect(link.status(), 'a tracking link for a demo shipment').toBe(200);
  const mails = await data<{ text: string }[]>(r, '/api/dev/mail?limit=200');
  const roles = await data<{ id: string; builtin: boolean }[]>(r, '/api/roles');
  const openings = await data<{ status: string; public_slug: string }[]>(r, '/api/job-openings');
  const params: Record<string, string | undefined> = {
    userId: (await data<{ id: string }>(r, '/api/user')).id,
    quoteId: await first('/api/quotes'),
    bookingId: await first('/api/bookings'),
    shipmentId: shipment.id,
    roleId: (roles.find((role) => !role.builtin) ?? roles[0])?.id,
    organisationId: await first('/api/native-organisations'),
    id: await first('/api/payroll-runs'),
    token: mails.map((m) => /\/quote\/([\w-]{20,})/.exec(m.text)?.[1]).find(Boolean),
    slug: openings.find((o) => o.status === 'open')?.public_slug,
  };
  const review = await first('/api/reviews');
  const trackToken = /\/track\/([\w-]{20,})$/.exec(((await link.json()) as { data: { url: string } }).data.url)?.[1];
  for (const [name, value] of Object.entries({ ...params, review, trackToken })) expect(value, `a demo value for :${name}`).toBeTruthy();
  return (route) => ({
    ...(params as Record<string, string>),
    ...(route.path.startsWith('/organisation/hr/performance/') && { id: review! }),
    ...(route.path.startsWith('/track/') && { token: trackToken! }),
  });
}

const pathOf = (route: AppRoute, params: Record<string, string>) =>
  route.path === '*' ? '/no/such/page' : route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]));

/** The content is on screen: a heading (the public pages' first is an h2), and no loader, skeleton or spinner left. */
async function contentReady(page: Page, route: AppRoute): Promise<void> {
  page.setDefaultTimeout(30_000);
  if (route.path === BUNDLE_BUDGETS.dashboard.path) return dashboardReady(page);
  await page.locator('h1, h2').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.fyn-page-loader, .ant-skeleton, .ant-spin-spinning'));
}

async function measureRoute(browser: Browser, baseURL: string, route: AppRoute, path: string, storageState?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({ baseURL, storageState, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    return await measurePageLoad(page, `${baseURL}${path}`, () => contentReady(page, route));
  } finally {
    await context.close();
  }
}

test('every route’s first load is within its bundle budget', async ({ page, browser, baseURL }) => {
  test.setTimeout(15 * 60_000);
  await logIn(page, 'owner@demo.fyn.local');
  const paramsFor = await demoParams(page);
  const owner = await returningUserState(page);
  const only = process.env.BUNDLE_ROUTES ? new RegExp(process.env.BUNDLE_ROUTES) : null;
  const routes = only ? ROUTES.filter((route) => only.test(route.path)) : ROUTES;
  const rows: { path: string; budget: ReturnType<typeof budgetOf>; load: PageLoad }[] = new Array(routes.length);
  // A few routes at a time, each in a context of its own (its own cold cache): what a page fetches
  // does not depend on the others, and most of each measurement is waiting for the network to idle.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < routes.length; i = next++) {
      const route = routes[i];
      const path = pathOf(route, paramsFor(route));
      const guest = route.guards?.includes('guest') ?? false;
      const load = await measureRoute(browser, baseURL!, route, path, guest ? undefined : owner);
      rows[i] = { path, budget: budgetOf(route, load), load };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));

  const over = rows.filter((r) => r.load.kb > r.budget.kb || (r.budget.requests !== undefined && r.load.requests > r.budget.requests));
  const table = rows.map((r) => {
    const bad = over.includes(r) ? '  OVER' : '';
    const requests = r.budget.requests === undefined ? '' : ` ≤ ${r.budget.requests}`;
    return `${r.load.kb.toFixed(1).padStart(6)} KB ≤ ${String(r.budget.kb).padEnd(3)} ${String(r.load.files.length).padStart(3)} files ${String(r.load.requests).padStart(3)} requests${requests.padEnd(5)} ${r.path}${bad}`;
  });
  console.log(`First load per route, gzip JS + CSS of the build (budget), files, requests of any kind:\n${table.join('\n')}`);
  for (const r of over) console.log(`\n${r.path} (${r.budget.name}):\n${largestFiles(r.load, 15).join('\n')}\n  requests by kind: ${kindsLine(r.load)}`);
  expect(over.map((r) => `${r.path}: ${r.load.kb.toFixed(1)} KB, ${r.load.requests} requests`), 'routes over their bundle budget').toEqual([]);
  if (only) return;
  const met = ROUTES.filter((route, i) => route.path in OVER_TODAY && rows[i].load.kb <= BUNDLE_BUDGETS.other.kb).map((route) => route.path);
  expect(met, 'routes now within 450 KB: remove them from OVER_TODAY').toEqual([]);
});
