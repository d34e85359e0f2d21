/**
 * Gzip size of the JavaScript and CSS a page loads: the login page for a visitor, the dashboard
 * and a control-centre list page (charge codes) for the demo owner, each with a cold cache,
 * measured in Chromium against the built app. Two figures per page: what it fetched by the time
 * its content is on screen (first load, the budget), and everything until the network is idle
 * (lazy parts such as the calendar and the place search included); and how many requests of any
 * kind the page made until the network was idle.
 */
import { chromium, type Page, type Response } from 'playwright-core';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const BUDGET_KB = { 'login page': 200, dashboard: 320, 'control-centre list': 380 };
const DASHBOARD_REQUESTS = 40;

async function measure(page: Page, url: string, ready: () => Promise<unknown>) {
  const sizes = new Map<string, Promise<number>>();
  const onResponse = (res: Response) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  };
  let requests = 0;
  const kinds = new Map<string, number>();
  const onRequest = (req: import('playwright-core').Request) => {
    requests++;
    kinds.set(req.resourceType(), (kinds.get(req.resourceType()) ?? 0) + 1);
  };
  page.on('request', onRequest);
  const sum = async (urls: string[]) => (await Promise.all(urls.map((u) => sizes.get(u)!))).reduce((a, b) => a + b, 0) / 1024;
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  const first = [...sizes.keys()];
  const firstRequests = requests;
  if (process.env.BENCH_VERBOSE) {
    const each = await Promise.all(first.map(async (u) => [u.split('/').pop()!, await sizes.get(u)!] as const));
    for (const [name, n] of each.sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${(n / 1024).toFixed(1).padStart(6)} KB ${name}`);
    console.log(`    requests by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  page.off('request', onRequest);
  const all = [...sizes.keys()];
  return { first: await sum(first), firstFiles: first.length, idle: await sum(all), idleFiles: all.length, firstRequests, requests };
}

export async function measureBundles(base: string): Promise<void> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'] });
  try {
    const visitor = await browser.newPage();
    const login = await measure(visitor, `${base}/auth/login`, () => visitor.getByRole('button', { name: 'Log in' }).waitFor());
    await visitor.getByLabel('Email').fill('owner@demo.fyn.local');
    await visitor.getByLabel('Password', { exact: true }).fill('FynDemo!2026');
    await visitor.getByRole('button', { name: 'Log in' }).click();
    await visitor.getByRole('navigation', { name: 'Main menu' }).waitFor();
    // The dashboard loaded afresh (cold cache) by the logged-in user.
    const context = await browser.newContext({ storageState: await visitor.context().storageState() });
    const owner = await context.newPage();
    const dashboard = await measure(owner, `${base}/`, () => owner.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor());
    // A control-centre list page loaded afresh too (its own cold cache).
    const listContext = await browser.newContext({ storageState: await visitor.context().storageState() });
    const lister = await listContext.newPage();
    const list = await measure(lister, `${base}/organisation/control-centre/charge-code`, () => lister.getByRole('cell', { name: 'OFR', exact: true }).waitFor());
    console.log('JavaScript + CSS (gzip -9) measured in Chromium, cold cache: first load (content on screen) · until the network is idle');
    for (const [name, r] of [['login page', login], ['dashboard', dashboard], ['control-centre list', list]] as const) {
      const budget = BUDGET_KB[name];
      console.log(
        `  ${name.padEnd(20)} ${r.first.toFixed(1).padStart(6)} KB in ${String(r.firstFiles).padStart(2)} files   target ≤ ${budget} KB: ${r.first <= budget ? 'met' : 'NOT MET'}` +
          `   ·  idle: ${r.idle.toFixed(1)} KB in ${r.idleFiles} files`,
      );
    }
    console.log(
      `  dashboard requests   ${String(dashboard.requests).padStart(6)} of any kind until the network is idle (${dashboard.firstRequests} by first load)   target ≤ ${DASHBOARD_REQUESTS}: ${dashboard.requests <= DASHBOARD_REQUESTS ? 'met' : 'NOT MET'}`,
    );
  } finally {
    await browser.close();
  }
}
