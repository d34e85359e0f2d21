/**
 * What a page downloads on its first load, measured in Chromium against the built app; shared by
 * the bench (`BENCH_ONLY=bundles npm run bench`) and the budget check in `npm test`
 * (e2e/bundle-budget.spec.ts), so that both print the same figure.
 *
 * First load: a cold cache, the page opened by URL, nothing typed or clicked; counted until its
 * content is on screen and the network has then been idle (no request for 500 ms). The figure is
 * the gzip size (level 9) of every JavaScript and CSS file of the build it fetched in that time,
 * read from dist/web on disk, so it depends only on the build and on which files the page asks
 * for, not on the machine's speed; requests counts every request of any kind (the document,
 * scripts, styles, fonts, API calls, the live stream). A page must not start loading code on a
 * timer (it would count or not depending on the machine's speed): it loads what its content
 * needs, and the rest on the visitor's first move (dashboard-screen.tsx, the drag-and-drop grid).
 */
import { chromium, type Page } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';

const WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url));

/** The budgets of issue 22, first load, KB of gzip JavaScript + CSS (and the dashboard's requests). */
export const BUNDLE_BUDGETS = {
  login: { path: '/auth/login', kb: 200 },
  dashboard: { path: '/', kb: 320, requests: 40 },
  /** The control centre's resource lists (charge codes, addresses, …: resource-page.tsx). */
  controlCentreList: { kb: 380 },
  /** Any other route. */
  other: { kb: 450 },
} as const;

export interface PageLoad {
  /** Paths of the build's JavaScript and CSS files fetched, in request order. */
  files: string[];
  /** Their gzip size in KB. */
  kb: number;
  /** Requests of any kind. */
  requests: number;
  /** Requests by Chromium's resource type (script, stylesheet, font, fetch, …). */
  kinds: Record<string, number>;
}

const gzipSizes = new Map<string, number>();

/** Gzip size (level 9, as scripts/precompress.mjs writes the .gz twins) of a built file, by its URL path. */
export function gzipSizeOf(path: string): number {
  let size = gzipSizes.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(`${WEB_ROOT}${path}`), { level: 9 }).length;
    gzipSizes.set(path, size);
  }
  return size;
}

/** The build's own JavaScript and CSS (not fonts, images or the API). */
const isBuiltCode = (path: string) => /\.(js|css)$/.test(path) && existsSync(`${WEB_ROOT}${path}`);

/**
 * Opens `url` (absolute) in `page` (a fresh context, or one set back to its start state: a file
 * the HTTP cache holds is still requested and counted) and records its first load: until `ready`
 * resolves (the content is on screen) and the network is then idle.
 */
export async function measurePageLoad(page: Page, url: string, ready: () => Promise<unknown>): Promise<PageLoad> {
  const origin = new URL(url).origin;
  const files = new Set<string>();
  const kinds: Record<string, number> = {};
  let requests = 0;
  const onRequest = (req: { url(): string; resourceType(): string }) => {
    requests++;
    kinds[req.resourceType()] = (kinds[req.resourceType()] ?? 0) + 1;
    const u = new URL(req.url());
    if (u.origin === origin && isBuiltCode(u.pathname)) files.add(u.pathname);
  };
  page.on('request', onRequest);
  try {
    await page.goto(url);
    await ready();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', onRequest);
  }
  const list = [...files];
  return { files: list, kb: list.reduce((sum, f) => sum + gzipSizeOf(f), 0) / 1024, requests, kinds };
}

/** The largest files of a load, one line each (BENCH_VERBOSE, and the check's report on failure). */
export function largestFiles(load: PageLoad, count = 25): string[] {
  return load.files
    .map((f) => [f.split('/').pop()!, gzipSizeOf(f)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, n]) => `${(n / 1024).toFixed(1).padStart(6)} KB ${name}`);
}

export const kindsLine = (load: PageLoad) => Object.entries(load.kinds).map(([k, n]) => `${k} ${n}`).join(', ');

/**
 * The logged-in state of `page`'s context as on any day after the first: a first login shows a
 * welcome banner and card, which would make the figures depend on whether the demo owner had
 * logged in before (src/web/lib/session-store.ts, `fyn-session`).
 */
export async function returningUserState(page: Page) {
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('fyn-session') ?? '{}') as { state?: { welcome?: boolean } };
    if (stored.state) stored.state.welcome = false;
    localStorage.setItem('fyn-session', JSON.stringify(stored));
  });
  return page.context().storageState();
}

/** The bench's part: the login page for a visitor, the dashboard and a control-centre list for the demo owner. */
export async function measureBundles(base: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const visitor = await browser.newPage({ baseURL: base });
    const login = await measurePageLoad(visitor, `${base}/auth/login`, () => visitor.getByRole('button', { name: 'Log in' }).waitFor());
    await visitor.getByLabel('Email').fill('owner@demo.fyn.local');
    await visitor.getByLabel('Password', { exact: true }).fill('FynDemo!2026');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const storageState = await returningUserState(visitor);
    // Each page loaded afresh by the logged-in owner (its own cold cache).
    const fresh = async () => (await browser.newContext({ storageState })).newPage();
    const owner = await fresh();
    const dashboard = await measurePageLoad(owner, `${base}/`, () => dashboardReady(owner));
    const lister = await fresh();
    const list = await measurePageLoad(lister, `${base}/organisation/control-centre/charge-code`, () => lister.getByRole('cell', { name: 'OFR', exact: true }).waitFor());
    const rows = [
      ['login page', login, BUNDLE_BUDGETS.login.kb],
      ['dashboard', dashboard, BUNDLE_BUDGETS.dashboard.kb],
      ['control-centre list', list, BUNDLE_BUDGETS.controlCentreList.kb],
    ] as const;
    if (process.env.BENCH_VERBOSE) {
      for (const [name, load] of rows) console.log(`  ${name}:\n${largestFiles(load).map((l) => `  ${l}`).join('\n')}\n    requests by kind: ${kindsLine(load)}`);
    }
    console.log('JavaScript + CSS (gzip -9) of the first load in Chromium (cold cache, until the content is on screen and the network idle)');
    for (const [name, load, budget] of rows) {
      console.log(`  ${name.padEnd(20)} ${load.kb.toFixed(1).padStart(6)} KB in ${String(load.files.length).padStart(2)} files, ${String(load.requests).padStart(2)} requests   target ≤ ${budget} KB: ${load.kb <= budget ? 'met' : 'NOT MET'}`);
    }
    const most = BUNDLE_BUDGETS.dashboard.requests;
    console.log(`  dashboard requests   ${String(dashboard.requests).padStart(6)} of any kind   target ≤ ${most}: ${dashboard.requests <= most ? 'met' : 'NOT MET'}`);
  } finally {
    await browser.close();
  }
}

/** The dashboard's content is on screen: its heading, and each widget card with its data (no skeleton left). */
export async function dashboardReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.locator('.fyn-dashboard-widget-title').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('main .ant-skeleton').length === 0, undefined, { polling: 100 });
}
