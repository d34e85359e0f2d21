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
