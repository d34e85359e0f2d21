import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CONTROL_CENTRE_SCREENS } from '../src/web/app/control-centre-loader.ts';
import { ROUTES, type AppRoute } from '../src/web/app/routes.tsx';
import { BUNDLE_BUDGETS, dashboardReady, kindsLine, largestFiles, measurePageLoad, returningUserState, type PageLoad } from '../bench/bundle-size.ts';
import { logIn } from './helpers.ts';
import { demoPathOf, demoValues, isGuestRoute } from './routes.ts';

/**
 * The bundle budgets of issue 22, on every routed screen: the first load of each (opened by URL
 * with nothing stored but the login, until its content is on screen and the network idle;
 * bench/bundle-size.ts says exactly what counts) sums the gzip size of the built JavaScript and CSS it fetched, read from dist/web. The
 * figure depends on the build and on which files the page asks for, not on the machine's speed.
 * Guests' pages are opened logged out, every other page as the demo owner. Prints a table; fails
 * when a route is over its budget.
 *
 * To iterate faster, BUNDLE_ROUTES=<regex> measures only the routes whose path matches (e.g.
 * `BUNDLE_ROUTES='shipment-management/:id|quotation'`); CI runs it unset: every route. A route that
 * does not load is reported after the table of the others. BUNDLE_DETAIL=1 lists the largest files
 * of every route measured, not only of those over budget.
 */

/**
 * The budget of a route: login, dashboard, the control centre's record lists (the screens of
 * features/control-centre/resource-screens.tsx, as the route table names them), anything else.
 */
function budgetOf(route: AppRoute): { kb: number; requests?: number; name: string } {
  if (route.path === BUNDLE_BUDGETS.login.path) return { ...BUNDLE_BUDGETS.login, name: 'login' };
  if (route.path === BUNDLE_BUDGETS.dashboard.path) return { ...BUNDLE_BUDGETS.dashboard, name: 'dashboard' };
  const screen = route.screen.controlCentre;
  if (screen && CONTROL_CENTRE_SCREENS[screen].group === 'resources') return { ...BUNDLE_BUDGETS.controlCentreList, name: 'control-centre list' };
  return { ...BUNDLE_BUDGETS.other, name: 'other' };
}

/** The content is on screen: a heading (the public pages' first is an h2), and no loader, skeleton or spinner left. */
async function contentReady(page: Page, route: AppRoute): Promise<void> {
  page.setDefaultTimeout(30_000);
  if (route.path === BUNDLE_BUDGETS.dashboard.path) return dashboardReady(page);
  await page.locator('h1, h2').first().waitFor();
  // Looked for every 100 ms: polling on each animation frame keeps every page drawing frames, a
  // quarter of the browser's CPU with a few pages loading at once.
  await page.waitForFunction(() => !document.querySelector('.fyn-page-loader, .ant-skeleton, .ant-spin-spinning'), undefined, { polling: 100 });
}

/**
 * Routes measured at once. A load is mostly the browser's CPU (the server's is a tenth of it): on
 * 2 cores, 2 at once took 1.5 min for every route, 1 took 2.1, 3 took 1.7 and 4 took 1.9.
 */
const PARALLEL_WORKERS = 2;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The page a worker opens routes in for one kind of visitor (logged out, or the demo owner): one
 * context kept from route to route, its cookies and local storage set back before each load to
 * what a new context would start with, and its HTTP cache kept. The figure is which files a page
 * asks for: a file served from the cache is still requested (Playwright reports the request), and
 * code read from the cache rather than downloaded and compiled again is what makes a load quick.
 */
class Visitor {
  private opened: Promise<Page> | undefined;
  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
    private readonly state?: StorageState,
  ) {}

  /** The page, reset to the start state, blank. */
  async page(): Promise<Page> {
    this.opened ??= this.open();
    const page = await this.opened;
    await page.context().clearCookies();
    if (this.state?.cookies.length) await page.context().addCookies(this.state.cookies);
    return page;
  }

  private async open(): Promise<Page> {
    const context = await this.browser.newContext({ baseURL: this.baseURL, reducedMotion: 'reduce' });
    const origin = new URL(this.baseURL).origin;
    const items = this.state?.origins.find((o) => o.origin === origin)?.localStorage ?? [];
    // Each load starts from the stored state, not from what the previous route left there.
    await context.addInitScript(
      ({ origin, items }) => {
        if (location.origin !== origin) return;
        localStorage.clear();
        for (const { name, value } of items) localStorage.setItem(name, value);
      },
      { origin, items },
    );
    return context.newPage();
  }

  async close(): Promise<void> {
    if (this.opened) await (await this.opened).context().close();
  }
}

async function measureRoute(visitor: Visitor, baseURL: string, route: AppRoute, path: string): Promise<PageLoad> {
  const page = await visitor.page();
  try {
    return await measurePageLoad(page, `${baseURL}${path}`, () => contentReady(page, route));
  } finally {
    // Nothing of this page (its live stream, a late request) reaches the next route's count.
    await page.goto('about:blank');
  }
}

test('every route’s first load is within its bundle budget', async ({ page, browser, baseURL }) => {
  test.setTimeout(15 * 60_000);
  await logIn(page, 'owner@demo.fyn.local');
  const values = await demoValues(page);
  const owner = await returningUserState(page);
  const only = process.env.BUNDLE_ROUTES ? new RegExp(process.env.BUNDLE_ROUTES) : null;
  const routes = only ? ROUTES.filter((route) => only.test(route.path)) : ROUTES;
  const rows: ({ path: string; budget: ReturnType<typeof budgetOf>; load: PageLoad } | undefined)[] = new Array(routes.length);
  const failed: string[] = [];
  // PARALLEL_WORKERS routes at a time, each worker with its own visitors: what a page fetches does
  // not depend on the others.
  let next = 0;
  const visitors: Visitor[] = [];
  const worker = async () => {
    const guest = new Visitor(browser, baseURL!);
    const ownerVisitor = new Visitor(browser, baseURL!, owner);
    visitors.push(guest, ownerVisitor);
    for (let i = next++; i < routes.length; i = next++) {
      const route = routes[i];
      const path = demoPathOf(route, values);
      try {
        rows[i] = { path, budget: budgetOf(route), load: await measureRoute(isGuestRoute(route) ? guest : ownerVisitor, baseURL!, route, path) };
      } catch (error) {
        // One route that does not load still lets the others be measured and printed.
        failed.push(`${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL_WORKERS }, worker));
  } finally {
    await Promise.all(visitors.map((v) => v.close()));
  }

  const measured = rows.filter((r) => r !== undefined);
  const over = measured.filter((r) => r.load.kb > r.budget.kb || (r.budget.requests !== undefined && r.load.requests > r.budget.requests));
  const table = measured.map((r) => {
    const bad = over.includes(r) ? '  OVER' : '';
    const requests = r.budget.requests === undefined ? '' : ` ≤ ${r.budget.requests}`;
    return `${r.load.kb.toFixed(1).padStart(6)} KB ≤ ${String(r.budget.kb).padEnd(3)} ${String(r.load.files.length).padStart(3)} files ${String(r.load.requests).padStart(3)} requests${requests.padEnd(5)} ${r.path}${bad}`;
  });
  console.log(`First load per route, gzip JS + CSS of the build (budget), files, requests of any kind:\n${table.join('\n')}`);
  for (const r of process.env.BUNDLE_DETAIL ? measured : over) console.log(`\n${r.path} (${r.budget.name}):\n${largestFiles(r.load, 15).join('\n')}\n  requests by kind: ${kindsLine(r.load)}`);
  expect(failed, 'routes that did not load').toEqual([]);
  expect(over.map((r) => `${r.path}: ${r.load.kb.toFixed(1)} KB, ${r.load.requests} requests`), 'routes over their bundle budget').toEqual([]);
});
