import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(`${base}/auth/login`);
await page.getByLabel('Email').fill('owner@demo.fyn.local');
await page.getByLabel('Password', { exact: true }).fill('FynDemo!2026');
await page.getByRole('button', { name: /log in/i }).click();
await page.waitForURL(`${base}/`);
const shots = process.argv.slice(2);
for (const path of shots) {
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(2500);
  const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: true });
  console.log('shot', name);
}
console.log(errors.join('\n'));
await browser.close();
