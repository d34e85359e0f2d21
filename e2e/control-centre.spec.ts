import { expect, test } from '@playwright/test';
import { csrfToken, logInAt } from './helpers.ts';

test('an admin makes a role without control_centre.delete; its member lists charge codes but cannot delete one', async ({ page, browser }) => {
  await logInAt(page, 'admin@demo.fyn.local', '/organisation/control-centre/roles-and-permissions/create');
  await page.getByLabel('Name').fill('Pricing without delete');
  for (const action of ['View', 'Create', 'Edit', 'Export']) await page.getByRole('checkbox', { name: `Control centre: ${action}` }).check();
  await expect(page.getByRole('checkbox', { name: 'Control centre: Delete' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Create role' }).click();
  await expect(page).toHaveURL(/\/roles-and-permissions$/);
  await expect(page.getByRole('cell', { name: 'Pricing without delete' })).toBeVisible();

  await page.goto('/organisation/control-centre/staff');
  const row = page.getByRole('row').filter({ hasText: 'ocean@demo.fyn.local' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Role').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Pricing without delete' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Pricing without delete');

  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const member = await context.newPage();
  await logInAt(member, 'ocean@demo.fyn.local', '/organisation/control-centre/charge-code');
  await expect(member.getByRole('cell', { name: 'OFR', exact: true })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Add' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Forcing it anyway: the server refuses.
  const list = await (await member.request.get('/api/charge-codes?q=OFR')).json();
  const forced = await member.request.delete(`/api/charge-codes/${list.data[0].id}`, { headers: { 'x-xsrf-token': await csrfToken(context) } });
  expect(forced.status()).toBe(403);
  expect((await forced.json()).error.code).toBe('forbidden');
  await context.close();
});

test('the menu leads to the shipments under way and to the permission modules, each under its spec title', async ({ page }) => {
  await logInAt(page, 'owner@demo.fyn.local', '/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Shipments under way' }).click();
  await expect(page).toHaveURL(/\/tracking-view$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tracking view' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Shipments under way' })).toBeVisible();

  await menu.getByText('Control centre', { exact: true }).click();
  await menu.getByRole('link', { name: 'Permission modules' }).click();
  await expect(page).toHaveURL(/\/admin\/perms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
  // Its breadcrumb runs under the control centre.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Control centre' })).toHaveAttribute('href', '/organisation/control-centre');
  await expect(page.getByRole('cell', { name: /Control centre/ }).first()).toBeVisible();
});

test('invitation defaults the owner saves are the ones another admin sees', async ({ page, browser }) => {
  const EDIT = '/organisation/control-centre/staff/configurations/edit';
  await logInAt(page, 'owner@demo.fyn.local', EDIT);
  const pick = async (p: typeof page, label: string, option: string) => {
    await p.getByRole('combobox', { name: label }).click();
    await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).click();
  };
  // The demo's defaults: Staff, in Ocean export.
  await expect(page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Default role' }) })).toContainText('Staff');
  await pick(page, 'Default role', 'Admin');
  await pick(page, 'Default department', 'Air freight');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/staff\/configurations$/);

  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await context.newPage();
  await logInAt(admin, 'admin@demo.fyn.local', '/organisation/control-centre/staff/configurations');
  await expect(admin.getByText(/Admin/).filter({ hasText: 'Air freight' }).first()).toBeVisible();
  await admin.getByRole('button', { name: 'Invitation defaults' }).click();
  await expect(admin.locator('.ant-select', { has: admin.getByRole('combobox', { name: 'Default role' }) })).toContainText('Admin');
  await expect(admin.locator('.ant-select', { has: admin.getByRole('combobox', { name: 'Default department' }) })).toContainText('Air freight');
  await context.close();

  // Put back as the demo had them, for the journeys after this one.
  await page.goto(EDIT);
  await pick(page, 'Default role', 'Staff');
  await pick(page, 'Default department', 'Ocean export');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/staff\/configurations$/);
});
