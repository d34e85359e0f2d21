import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'FynDemo!2026';

/**
 * axe-core on `page`, answering its violations only, run inside the page (legacy mode). By default
 * AxeBuilder opens a blank tab to merge the results of cross-origin frames, which FYN's pages do not
 * have: that tab, and the details of every passing element, were half of each scan's time.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();

/** Stores the colour scheme the app starts in (the header's switch keeps it in the same place). */
export async function storeTheme(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((m) => localStorage.setItem('fyn-theme', JSON.stringify({ state: { mode: m }, version: 0 })), mode);
}

/** The anti-forgery token as the browser gets it (GET /api/csrf-cookie, then its cookie), for a page or a whole context. */
export async function csrfToken(of: Page | BrowserContext): Promise<string> {
  const context = 'context' in of ? of.context() : of;
  await context.request.get('/api/csrf-cookie');
  return (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
}

/** Logs in through the login page, which then opens the dashboard (the journey a user makes). */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/**
 * Logged in as a returning user whose browser kept the session: the login call the login page
 * makes, and the session the app keeps in local storage; the page is left on a JSON answer of the
 * app's origin, not in the app. For journeys that start elsewhere than the dashboard: the login page
 * and the dashboard are not drawn on the way (each is a whole start of the app; auth.spec.ts and
 * shell.spec.ts take the login page itself).
 */
export async function logInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password }, headers: { 'x-xsrf-token': await csrfToken(page) } });
  expect(res.status(), `logging in as ${email}`).toBe(200);
  const user = ((await (await page.request.get('/api/user')).json()) as { data: unknown }).data;
  // Local storage belongs to the app's origin: a page there that is not the app sets it.
  await page.goto('/api/health');
  await page.evaluate((u) => localStorage.setItem('fyn-session', JSON.stringify({ state: { user: u, isLoggedIn: true, redirectPath: null, welcome: false }, version: 0 })), user);
}

/** Logged in (logInByApi) and on `path`. */
export async function logInAt(page: Page, email: string, path: string, password = DEMO_PASSWORD) {
  await logInByApi(page, email, password);
  await page.goto(path);
}

/** A new verified account, made through the API as the browser would (CSRF cookie first). */
export async function signUpViaApi(page: Page, name: string, email: string, password = 'Container-2026') {
  const req = page.request;
  expect((await req.post('/api/auth/register', { data: { name, email, password }, headers: { 'x-xsrf-token': await csrfToken(page) } })).status()).toBe(201);
  const mails = await (await req.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json();
  const otp = /\b(\d{6})\b/.exec(mails.data[0].text)![1];
  expect((await req.post('/api/auth/verify-otp', { data: { email, otp }, headers: { 'x-xsrf-token': await csrfToken(page) } })).status()).toBe(200);
}

/** The visible dashboard widget titles, in order. */
export const widgetTitles = (page: Page) => page.locator('.fyn-dashboard-widget-title').allInnerTexts();

/** The dashboard has drawn its cards and each has its data (no loading skeleton left). */
export async function dashboardSettled(page: Page) {
  await expect(page.locator('.fyn-dashboard-widget-title').first()).toBeVisible();
  await expect(page.locator('main .ant-skeleton')).toHaveCount(0);
}
