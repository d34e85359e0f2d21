import { expect, test } from '@playwright/test';
import { logInAt, logInByApi } from './helpers.ts';

// Issue 22, items 1 and 2: what a forwarder does on day two. Times typed and read in UTC.
test.use({ timezoneId: 'UTC' });
test.setTimeout(150_000);

const DAY = 86_400_000;
type Task = { title: string; due_on: string | null };

test('Sofia moves a shipment’s arrival: the tasks counted from it move, and she regenerates the arrival notice printed before', async ({ page }) => {
  // Northwind's operations manager (the control-centre journey gives the ocean desk a role of its own).
  await logInByApi(page, 'admin@demo.fyn.local');
  // The demo's COSCO job from Shanghai, under way (the carrier's reference is its master).
  const found = (await (await page.request.get('/api/shipments?q=cosu6425187730')).json()).data as { id: string; number: string }[];
  const { id, number } = found[0];
  await page.goto(`/organisation/crm/shipment-management/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: number })).toBeVisible();

  // The arrival notice as it stands today.
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByLabel('Document', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Arrival notice' }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(/DOC-\d{4}-\d{5} version 1 is ready/)).toBeVisible();
  const notice = (await (await page.request.get(`/api/documents?shipment_id=${id}&type=arrival_notice`)).json()).data[0] as { number: string };

  const before = (await (await page.request.get(`/api/shipments/${id}`)).json()).data as { eta: string; tasks: Task[] };
  const dueBefore = before.tasks.find((x) => x.title === 'Send the arrival notice to the consignee')!.due_on!;

  // COSCO says three days later: Sofia moves the Estimated Time of Arrival.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Edit: Dates and cut-offs' }).click();
  const drawer = page.getByRole('dialog', { name: `Dates and cut-offs of ${number}` });
  await expect(drawer.getByText('Actual time of departure')).toBeVisible();
  // It has left: the departure is shown, not planned any more.
  await expect(drawer.getByText(/It left on .*: the departure is no longer planned\./)).toBeVisible();
  const later = new Date(Date.parse(before.eta) + 3 * DAY).toISOString();
  // The browser's own date and time picker, in the reader's time zone (UTC here).
  await drawer.getByLabel(/^Estimated Time of Arrival/).fill(later.slice(0, 16));
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Shipment saved: \d+ tasks? moved with (its|their) dates\./)).toBeVisible();
  await expect(drawer).toBeHidden();

  // The tasks counted from the arrival moved by the same three days.
  const after = (await (await page.request.get(`/api/shipments/${id}`)).json()).data as { eta: string; tasks: Task[] };
  expect(after.eta).toBe(later);
  const dueAfter = after.tasks.find((x) => x.title === 'Send the arrival notice to the consignee')!.due_on!;
  expect(Date.parse(dueAfter) - Date.parse(dueBefore)).toBe(3 * DAY);
  await page.getByRole('tab', { name: /Tasks/ }).click();
  const row = page.getByRole('row', { name: /Send the arrival notice to the consignee/ });
  await expect(row.locator(`time[datetime="${dueAfter}"]`)).toBeVisible();

  // The notice printed the old arrival: one click makes its next version.
  const outdated = page.getByRole('alert').filter({ hasText: /generated from older data/ });
  await expect(outdated).toBeVisible();
  await outdated.getByRole('button', { name: `Regenerate Arrival notice ${notice.number}` }).click();
  await expect(page.getByText(`${notice.number} version 2 is ready.`)).toBeVisible();
  await page.getByRole('tab', { name: /Documents/ }).click();
  await expect(page.getByRole('table', { name: /Documents/ }).getByText(`${notice.number} · v2`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: new RegExp(`Arrival notice · ${notice.number}`) })).toHaveCount(0);
});

test('Olivia writes a task for Sofia, who sees it arrive, leave and come back on her board without reloading, completes it, and sees it reopened', async ({ page: olivia, browser }) => {
  const sofia = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
  await logInAt(sofia, 'ocean@demo.fyn.local', '/task-assignment');
  await expect(sofia.getByRole('heading', { level: 1, name: 'Task assignment' })).toBeVisible();
  await expect(sofia.getByRole('table', { name: 'Tasks' }).getByRole('row').nth(1)).toBeVisible();

  await logInAt(olivia, 'owner@demo.fyn.local', '/task-assignment');
  // A booking to link: the oldest of the demo's, found on the server by its number.
  const bookings = (await (await olivia.request.get('/api/bookings')).json()).data as { number: string }[];
  const booking = bookings.at(-1)!.number;
  const due = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  await olivia.getByRole('button', { name: 'New task' }).click();
  const form = olivia.getByRole('dialog', { name: 'New task' });
  const title = `Call Harrogate about the delivery slot ${Date.now()}`;
  await form.getByLabel(/^Task/).fill(title);
  await form.getByLabel(/^Notes/).fill('Goods-in closes at 14:00; no Saturday deliveries.');
  await form.getByLabel(/^Due date/).fill(due);
  await form.getByLabel(/^Priority/).click();
  await olivia.locator('.ant-select-item-option', { hasText: 'High' }).click();
  await form.getByLabel(/^Assigned to/).click();
  await olivia.locator('.ant-select-item-option', { hasText: 'Sofia Ocean' }).click();
  await form.getByLabel(/^Booking/).click();
  await olivia.keyboard.type(booking);
  await olivia.locator('.ant-select-item-option', { hasText: `${booking} · ` }).click();
  await form.getByRole('button', { name: 'Create the task' }).click();
  // Olivia is on her own tasks: she is told where it went.
  await expect(olivia.getByText('Task created for Sofia Ocean, who is told. It is on their board, not under Mine.')).toBeVisible();

  // Sofia did not reload: the task is on her board, due when Olivia said, for the booking, and she is told.
  await expect(sofia.getByText('A task was given to you.')).toBeVisible();
  const mine = sofia.getByRole('row', { name: new RegExp(title) });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('link', { name: booking })).toBeVisible();
  await expect(mine.locator(`time[datetime="${due}"]`)).toBeVisible();

  // Olivia gives it to Tom: it leaves Sofia's board, and she is told.
  await olivia.getByText('All', { exact: true }).click();
  await olivia.getByRole('searchbox', { name: 'Search tasks' }).fill(booking);
  const hers = olivia.getByRole('row', { name: new RegExp(title) });
  await hers.getByRole('combobox', { name: `Assign “${title}”` }).click();
  await olivia.locator('.ant-select-item-option', { hasText: 'Tom Customs' }).click();
  await expect(olivia.getByText('Task assigned: they are told.')).toBeVisible();
  await expect(sofia.getByText(`“${title}” was given to someone else.`)).toBeVisible();
  await expect(sofia.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);

  // And back to Sofia, who completes it.
  await hers.getByRole('combobox', { name: `Assign “${title}”` }).click();
  await olivia.locator('.ant-select-item-option', { hasText: 'Sofia Ocean' }).click();
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: `Complete “${title}”` }).click();
  await expect(sofia.getByText(`Done: “${title}”.`)).toBeVisible();
  await expect(sofia.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);

  // Olivia, who wrote it, hears it was done; among everyone's done tasks she reopens it, and it is back on Sofia's board.
  await expect(olivia.getByText(`“${title}” was completed by a colleague.`)).toBeVisible();
  await olivia.getByText('Done', { exact: true }).click();
  await expect(hers).toContainText('Sofia Ocean');
  await hers.getByRole('button', { name: `Reopen “${title}”` }).click();
  await expect(olivia.getByText(`Reopened: “${title}”.`)).toBeVisible();
  await expect(sofia.getByText(`“${title}” was reopened by a colleague.`)).toBeVisible();
  await expect(mine).toBeVisible();
});
