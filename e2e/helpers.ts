import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/** A new verified account, made through the API as the browser would (CSRF cookie first). */
export async function signUpViaApi(page: Page, name: string, email: string, password = 'Container-2026') {
  const req = page.request;
  const csrf = async () => {
    await req.get('/api/csrf-cookie');
    const cookies = await page.context().cookies();
    return cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  };
  expect((await req.post('/api/auth/register', { data: { name, email, password }, headers: { 'x-xsrf-token': await csrf() } })).status()).toBe(201);
  const mails = await (await req.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json();
  const otp = /\b(\d{6})\b/.exec(mails.data[0].text)![1];
  expect((await req.post('/api/auth/verify-otp', { data: { email, otp }, headers: { 'x-xsrf-token': await csrf() } })).status()).toBe(200);
}

/** The visible dashboard widget titles, in order. */
export const widgetTitles = (page: Page) => page.locator('.fyn-dashboard-widget-title').allInnerTexts();

/** The dashboard has drawn its cards and each has its data (no loading skeleton left). */
export async function dashboardSettled(page: Page) {
  await expect(page.locator('.fyn-dashboard-widget-title').first()).toBeVisible();
  await expect(page.locator('main .ant-skeleton')).toHaveCount(0);
}
