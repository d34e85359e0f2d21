import { expect, test } from '@playwright/test';
import { logInAt } from './helpers.ts';

// Issue 23: Olivia reads Northwind's figures, weekly, for one lane; opens the rows behind a tile,
// exports them, saves the view and has it mailed to her.
test.use({ timezoneId: 'UTC' });
test.setTimeout(180_000);

test('Olivia switches to weekly, filters a lane, drills into revenue, exports XLSX, saves the view, subscribes and finds the mail', async ({ page }) => {
  await logInAt(page, 'owner@demo.fyn.local', '/organisation/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation analytics' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Revenue £/ })).toBeVisible();
  // The filters' selects are one control high: their arrow stays beside the value (it wrapped under it).
  for (const name of ['Mode', 'Date basis', 'Saved views']) {
    const box = await page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name }) }).boundingBox();
    expect(box!.height, name).toBeLessThan(48);
  }
  // The chart reads out its points from the keyboard; its table view holds the same figures.
  const money = page.getByRole('img', { name: /^Revenue, cost and gross profit/ });
  await money.focus();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Table' }).first().click();
  await expect(page.getByRole('table', { name: 'Revenue, cost and gross profit' })).toBeVisible();

  // Weekly, then one lane from the top lanes.
  await page.getByText('Week', { exact: true }).click();
  await expect(page).toHaveURL(/group=week/);
  const tile = page.getByRole('button', { name: /^Revenue £/ });
  const allLanes = (await tile.textContent()) ?? '';
  await page.getByRole('button', { name: /^Filter by CNSHA → GBFXT$/ }).click();
  await expect(page).toHaveURL(/origin=CNSHA/);
  await expect(page).toHaveURL(/destination=GBFXT/);

  // The rows behind the revenue tile (of the lane) add up to it.
  await expect(tile).not.toHaveText(allLanes);
  const figure = ((await tile.locator('.fyn-kpi-value').textContent()) ?? '').trim();
  await tile.click();
  const drawer = page.getByRole('dialog', { name: 'Revenue' });
  await expect(drawer.getByText(new RegExp(`revenue ${figure.replace(/[.$£€]/g, '\\$&')}`))).toBeVisible();
  const download = page.waitForEvent('download');
  await drawer.getByRole('link', { name: 'Export all as XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-revenue-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await drawer.getByRole('button', { name: 'Close' }).click();

  // Saved, and mailed to herself weekly: the first report comes at once.
  await page.getByRole('button', { name: 'Save view' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('Name').fill('Shanghai to Felixstowe, weekly');
  await save.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('button', { name: 'Reports by mail' }).click();
  const mail = page.getByRole('dialog', { name: /^Mail “Shanghai to Felixstowe, weekly”/ });
  await mail.getByRole('button', { name: 'Subscribe' }).click();
  await expect(mail.getByText('Olivia Owner · Weekly')).toBeVisible();
  await expect.poll(async () => {
    const outbox = (await (await page.request.get('/api/dev/mail')).json()).data as { to: string; subject: string }[];
    return outbox.some((m) => m.to === 'owner@demo.fyn.local' && m.subject.startsWith('FYN analytics — Shanghai to Felixstowe, weekly'));
  }, { timeout: 60_000 }).toBe(true);
});
