import { expect, test, type Page } from '@playwright/test';
import { axeOn, dashboardSettled, storeTheme } from './helpers.ts';

/** axe-core on the login, dashboard and settings pages, light and dark: no serious or critical violation. */
async function expectAccessible(page: Page, what: string, shellOnly = false) {
  const { violations } = await (shellOnly ? axeOn(page).exclude('main') : axeOn(page)).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function setTheme(page: Page, mode: 'light' | 'dark') {
  await storeTheme(page, mode);
  await page.reload();
}

for (const mode of ['light', 'dark'] as const) {
  test(`the shell is accessible (${mode})`, async ({ page }) => {
    await page.goto('/auth/login');
    await setTheme(page, mode);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expectAccessible(page, `login ${mode}`);

    await page.getByLabel('Email').fill('owner@demo.fyn.local');
    await page.getByLabel('Password', { exact: true }).fill('FynDemo!2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await dashboardSettled(page);
    await expectAccessible(page, `dashboard ${mode}`);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveTitle('Settings · FYN');
    await expectAccessible(page, `settings ${mode}`);

    // The shell with each area's entries open in the side menu: the sweep of screens-a11y.spec.ts
    // reads only <main>, and so leaves it out here.
    for (const [path, title] of [['/organisation/crm', 'CRM'], ['/organisation/hr', 'HR'], ['/organisation/control-centre', 'Control centre']]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectAccessible(page, `${title} ${mode}`, true);
    }
  });
}

test('below md the side menu is a drawer opened by the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('owner@demo.fyn.local');
  await page.getByLabel('Password', { exact: true }).fill('FynDemo!2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Exceptions' }).click();
  await expect(page).toHaveURL(/\/exceptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exceptions' })).toBeVisible();
});
