import { expect, test } from '@playwright/test';
import { csrfToken, dashboardSettled, DEMO_PASSWORD, logIn, logInAt, signUpViaApi, widgetTitles } from './helpers.ts';

test('guards: logged-out visitors go to login and come back; no organisation means /404; unknown paths show Not found', async ({ page }) => {
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email').fill('owner@demo.fyn.local');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page).toHaveTitle('Billing · FYN');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();

  const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const member = await context.newPage();
  await logInAt(member, 'member@demo.fyn.local', '/analytics');
  await expect(member).toHaveURL(/\/404$/);
  await context.close();
});

test('language switch changes <html lang> and the visible text; dark mode sticks', async ({ page }) => {
  // A user of its own: the saved language must not reach the other journeys running alongside.
  const email = `polyglot-${Date.now()}@example.com`;
  await signUpViaApi(page, 'Petra Polyglot', email);
  await page.context().clearCookies();
  await logIn(page, email, 'Container-2026');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('Sprache').selectOption({ label: 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a widget moved by keyboard stays where it was put after a reload', async ({ page }) => {
  const email = `widgets-${Date.now()}@example.com`;
  await signUpViaApi(page, 'Wendy Widgets', email);
  await page.context().clearCookies();
  await logIn(page, email, 'Container-2026');
  await expect.poll(async () => (await widgetTitles(page)).length).toBe(6);
  const before = await widgetTitles(page);
  expect(before).toEqual(['Analytics', 'CRM', 'Clock', 'Department', 'Weather', 'Calendar']);
  // Saved 1 s after the last change: listen before moving, so the answer cannot slip by.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/widget-positions') && r.status() === 204);
  const handle = page.getByRole('button', { name: 'Move the CRM card' });
  await handle.focus();
  // Focus brings the drag-and-drop code (the cards show before it); the handle keeps the focus.
  await expect(handle).toHaveAttribute('aria-describedby', /.+/);
  await expect(handle).toBeFocused();
  // Each step waits for dnd-kit's spoken announcement, as a screen-reader user would.
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Picked up the CRM card/)).toBeAttached();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(/^The CRM card is over position 1 of 6/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(/^The CRM card was dropped in position 1 of 6/)).toBeAttached();
  await expect.poll(() => widgetTitles(page)).toEqual(['CRM', 'Analytics', ...before.slice(2)]);
  // Reload on a fresh store: the layout comes back from the server.
  await saved;
  await page.evaluate(() => localStorage.removeItem('fyn-dashboard'));
  await page.reload();
  await expect.poll(() => widgetTitles(page)).toEqual(['CRM', 'Analytics', ...before.slice(2)]);
});

test('the Network Error notice when the API cannot be reached', async ({ page }) => {
  await logIn(page, 'owner@demo.fyn.local');
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Network Error' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Connection to the server failed. Check your network connection or try again later.');
});

test('a session revoked on the server: Session Expired, a reload, login, and back to the page', async ({ page }) => {
  await logInAt(page, 'owner@demo.fyn.local', '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // Log the same session out from elsewhere (another client holding the cookie).
  const cookies = await page.context().cookies();
  const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  await other.addCookies(cookies);
  expect((await other.request.post('/api/auth/logout', { headers: { 'x-xsrf-token': await csrfToken(other) } })).status()).toBe(204);
  await other.close();

  // The page, loaded again on the stale stored session, learns from GET /api/user that it is over.
  await page.reload();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Session Expired' });
  await expect(notice).toContainText('Your session has expired. Please login again.');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.reload();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
  await page.getByLabel('Email').fill('owner@demo.fyn.local');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(visited).toEqual(['/settings']);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fyn-session')!).state.redirectPath)).toBeNull();
});

test('dashboard screenshots: light and dark, desktop and phone', async ({ page }) => {
  await logIn(page, 'owner@demo.fyn.local');
  for (const [width, height, name] of [[1280, 900, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width, height });
    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate((m) => localStorage.setItem('fyn-theme', JSON.stringify({ state: { mode: m }, version: 0 })), mode);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await dashboardSettled(page);
      await page.screenshot({ path: `.tmp/screens/dashboard-${name}-${mode}.png`, fullPage: true });
    }
  }
});

test('a phone never scrolls sideways (390 px): the dashboard and a control-centre list; each page load reads the user once', async ({ page }) => {
  await logIn(page, 'owner@demo.fyn.local');
  await page.setViewportSize({ width: 390, height: 844 });
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  for (const [path, shown] of [
    ['/', page.getByRole('heading', { level: 1, name: 'Dashboard' })],
    ['/organisation/control-centre/charge-code', page.getByRole('cell', { name: 'OFR', exact: true })],
  ] as const) {
    calls.length = 0;
    await page.goto(path);
    await expect(shown).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(calls.filter((call) => call === 'GET /api/user'), path).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('GET /api/?')), path).toEqual([]);
  }
});
