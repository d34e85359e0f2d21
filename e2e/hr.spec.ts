import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-text.ts';
import { logInAt } from './helpers.ts';

test.setTimeout(180_000);

/** Types a date into an antd date picker found by its label and confirms it. */
async function pickDate(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

test('Olivia opens a job, Eva applies on the public page, is invited by the hire, accepts, her contract is activated, she takes a day of unpaid leave that Olivia approves, and gets her November payslip as PDF', async ({ page, browser }) => {
  const email = `eva.kowalski.${Date.now()}@example.com`;
  // An opening at Felixstowe, with Olivia as the hiring manager, opened for applications.
  await logInAt(page, 'owner@demo.fyn.local', '/recruitment-hub');
  await expect(page.getByRole('heading', { level: 1, name: 'Recruitment hub' })).toBeVisible();
  await page.getByRole('button', { name: 'New opening' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Title', { exact: true }).fill('Warehouse operations planner');
  await form.getByLabel('Location (UN/LOCODE)').fill('Felixstowe');
  await page.locator('.ant-select-item-option', { hasText: 'GBFXT' }).first().click();
  await form.getByLabel('Hiring manager').click();
  await page.locator('.ant-select-item-option', { hasText: 'Olivia Owner' }).click();
  await form.getByLabel('Description').fill('Plan the bonded warehouse at Felixstowe: inbound, stock and outbound.');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: /Warehouse operations planner/ });
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(row.getByRole('button', { name: 'Copy public link' })).toBeVisible();
  const openings = (await (await page.request.get('/api/job-openings')).json()).data as { id: string; title: string; public_slug: string }[];
  const opening = openings.find((o) => o.title === 'Warehouse operations planner')!;

  // Eva, logged out in her own browser, applies with her CV.
  const visitor = await browser.newContext();
  const eva = await visitor.newPage();
  await eva.goto(`/careers/${opening.public_slug}`);
  await expect(eva.getByRole('heading', { name: 'Warehouse operations planner' })).toBeVisible();
  await eva.getByLabel('Full name').fill('Eva Kowalski');
  await eva.getByLabel('E-mail').fill(email);
  await eva.getByLabel('Why you? (optional)').fill('Six years planning a bonded warehouse in Gdańsk.');
  await eva.locator('input[type=file]').setInputFiles({ name: 'eva-kowalski-cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await eva.getByRole('button', { name: 'Send application' }).click();
  await expect(eva.getByText('Thank you for applying')).toBeVisible();

  // Olivia: the applicant in the pipeline, an offer from 2 November 2026 at £36,000 a year, accepted, then hire.
  await page.reload();
  await page.getByRole('row', { name: /Warehouse operations planner/ }).getByRole('button', { name: 'Pipeline' }).click();
  await page.getByText('Eva Kowalski').click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('eva-kowalski-cv.pdf')).toBeVisible();
  await drawer.getByRole('button', { name: 'Make an offer' }).click();
  const offer = page.getByRole('dialog', { name: /Offer to Eva Kowalski/ });
  await pickDate(page, 'Start date', '2026-11-02');
  await offer.getByLabel('Salary').fill('36000');
  await offer.getByRole('button', { name: 'Make an offer' }).click();
  await drawer.getByRole('button', { name: 'Mark as sent' }).click();
  await drawer.getByRole('button', { name: 'Accepted', exact: true }).click();
  await drawer.getByRole('button', { name: 'Hire', exact: true }).click();
  await page.getByRole('dialog', { name: /Hire Eva Kowalski/ }).getByRole('button', { name: 'Hire' }).click();
  // Hiring only invites: nothing exists for Eva until she accepts, and the hub shows the hire waiting for her.
  await expect(page.getByText('Invitation sent to Eva Kowalski')).toBeVisible();
  await expect(drawer.getByText('Invitation pending')).toBeVisible();
  expect((await (await page.request.get('/api/staff')).json()).data.map((m: { email: string }) => m.email)).not.toContain(email);

  // Eva accepts the invitation the hire mailed her and sets her password: now she is a member, with her employee record and draft contract.
  const mails = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()).data as { text: string }[];
  const link = /https?:\/\/\S+invitation=\S+/.exec(mails[0].text)![0];
  await eva.goto(new URL(link).pathname + new URL(link).search);
  await eva.getByLabel('Name', { exact: true }).fill('Eva Kowalski');
  await eva.getByLabel('Password', { exact: true }).fill('Felixstowe-2026');
  await eva.getByRole('button', { name: 'Create account and join' }).click();
  await expect(eva.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // The draft contract from the offer: Olivia activates it.
  await page.goto('/organisation/hr/contracts');
  await page.locator('.ant-segmented-item', { hasText: 'Draft' }).click();
  const contract = page.getByRole('row', { name: /Eva Kowalski/ });
  await expect(contract).toContainText('2026-11-02');
  await expect(contract).toContainText('£36,000.00 a year');
  await contract.getByRole('button', { name: 'Activate' }).click();
  await page.locator('.ant-segmented-item', { hasText: 'Active' }).click();
  await expect(page.getByRole('row', { name: /Eva Kowalski/ })).toContainText('Active');

  // Eva asks for a day of unpaid leave.
  await eva.goto('/organisation/hr/leave-management');
  await eva.getByRole('button', { name: 'Ask for leave' }).click();
  const ask = eva.getByRole('dialog');
  await ask.getByLabel('Leave type').click();
  await eva.locator('.ant-select-item-option', { hasText: 'Unpaid leave' }).click();
  await ask.getByPlaceholder('Start date').click();
  await ask.getByPlaceholder('Start date').fill('2026-11-25');
  await ask.getByPlaceholder('End date').fill('2026-11-25');
  await ask.getByPlaceholder('End date').press('Enter');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(eva.getByText('Asked for 1 working days.')).toBeVisible();

  // Olivia, her manager with HR rights, approves it.
  await page.goto('/organisation/hr/leave-management');
  await page.getByRole('tab', { name: 'My team' }).click();
  const request = page.getByRole('row', { name: /Eva Kowalski/ });
  await expect(request).toContainText('With the manager');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved.')).toBeVisible();
  // Eva sees it approved among her own requests.
  await eva.reload();
  await expect(eva.getByRole('row', { name: /Unpaid leave/ })).toContainText('Approved');

  // November's payroll: 21 working days, Eva employed all of them less 1 unpaid: 20 payment days.
  // £36,000 ÷ 12 = £3,000.00; × 20 ÷ 21 = £2,857.142… → £2,857.14 (no structure: gross = net).
  await page.goto('/organisation/hr/payroll');
  await pickDate(page, 'Month', '2026-11');
  await page.getByRole('button', { name: 'Start a run for the month' }).click();
  await expect(page).toHaveURL(/\/organisation\/hr\/payroll\/[0-9a-f-]{36}$/);
  const slip = page.getByRole('row', { name: /Eva Kowalski/ });
  await expect(slip).toContainText('20 of 21');
  await expect(slip).toContainText('£2,857.14');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Approved' })).toBeVisible();

  // Her payslip as PDF, in her browser, from her own HR page.
  await eva.goto('/organisation/hr/payroll');
  const mine = eva.getByRole('row', { name: /2026-11-01/ });
  const href = await mine.getByRole('link', { name: 'Payslip PDF' }).getAttribute('href');
  const pdf = await eva.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
  for (const words of ['Payslip · 2026-11', 'Eva Kowalski', 'Working days in the period 21', 'Payment days 20', 'Unpaid leave (days) 1', 'Net pay £2,857.14']) expect(text).toContain(words);
  await visitor.close();
});
