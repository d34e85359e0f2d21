/**
 * Gzip size of the JavaScript and CSS a page loads: the login page for a visitor, the dashboard
 * for the demo owner, measured in Chromium against the built app. Two figures per page: what it
 * fetched by the time its heading is on screen (first load, the budget), and everything until the
 * network is idle (lazy parts such as the calendar and the place search included).
 */
import { chromium, type Page, type Response } from 'playwright-core';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const BUDGET_KB = { 'login page': 250, dashboard: 400 };

async function measure(page: Page, url: string, ready: () => Promise<unknown>) {
  const sizes = new Map<string, Promise<number>>();
  const onResponse = (res: Response) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') sizes.set(res.url(), res.body().then((b) => gzipSync(b, { level: 9 }).length, () => 0));
  };
  const sum = async (urls: string[]) => (await Promise.all(urls.map((u) => sizes.get(u)!))).reduce((a, b) => a + b, 0) / 1024;
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  const first = [...sizes.keys()];
  if (process.env.BENCH_VERBOSE) {
    const each = await Promise.all(first.map(async (u) => [u.split('/').pop()!, await sizes.get(u)!] as const));
    for (const [name, n] of each.sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${(n / 1024).toFixed(1).padStart(6)} KB ${name}`);
  }
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const all = [...sizes.keys()];
  return { first: await sum(first), firstFiles: first.length, idle: await sum(all), idleFiles: all.length };
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
    console.log('\nJavaScript + CSS (gzip -9) measured in Chromium: first load (heading on screen) · until the network is idle');
    for (const [name, r] of [['login page', login], ['dashboard', dashboard]] as const) {
      const budget = BUDGET_KB[name];
      console.log(
        `  ${name.padEnd(11)} ${r.first.toFixed(1).padStart(6)} KB in ${r.firstFiles} files (budget ${budget} KB: ${r.first <= budget ? 'within' : 'OVER'})` +
          `  ·  ${r.idle.toFixed(1)} KB in ${r.idleFiles} files`,
      );
    }
  } finally {
    await browser.close();
  }
}
