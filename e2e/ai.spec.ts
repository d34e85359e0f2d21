import { expect, test, type Page } from '@playwright/test';
import { billOfLadingPdf } from '../src/server/modules/ai/testdata/shipping-documents.ts';
import { axeOn, logInByApi } from './helpers.ts';

test.setTimeout(150_000);

const balanceOf = async (page: Page) => ((await (await page.request.get('/api/ai/credits')).json()).data as { balance: number }).balance;

/** No WCAG A/AA violation inside the open dialog. */
async function dialogAccessible(page: Page) {
  const { violations } = await axeOn(page).include('.ant-modal').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Olivia drafts a quote from an enquiry e-mail, sees the credit it cost on /ai, reads a bill of lading into a shipment and writes the client an update', async ({ page }) => {
  await logInByApi(page, 'owner@demo.fyn.local');
  const before = await balanceOf(page);

  // "Draft from e-mail" on the quotation list: paste, see the price, read, review, create the draft.
  await page.goto('/organisation/crm/quotation-management');
  await page.getByRole('button', { name: 'Draft from e-mail' }).click();
  const draft = page.getByRole('dialog');
  await draft.getByLabel('Paste the enquiry e-mail, or choose an .eml or .txt file').fill(
    'From: Emily Carter <emily.carter@harrogate-hg.example>\nSubject: FCL Ningbo - Felixstowe\n\nPlease quote 2 x 40HC from Ningbo to Felixstowe, FOB Ningbo.\nCommodity: garden furniture\nCargo ready 15 Jan 2027.',
  );
  await expect(draft.getByText('Reading it costs 1 credit (Built-in engine).')).toBeVisible();
  await draft.getByRole('button', { name: 'Read the enquiry' }).click();
  const fields = draft.getByRole('table', { name: 'Draft a quote from an enquiry' });
  for (const shown of ['Harrogate Home & Garden Ltd', 'CNNGB Ningbo', 'GBFXT Felixstowe', 'FOB', '2 × 45G1', '2 x 40HC', 'garden furniture', '2027-01-15']) await expect(fields).toContainText(shown);
  await dialogAccessible(page);
  await test.info().attach('quote-draft', { body: await page.screenshot(), contentType: 'image/png' });
  await draft.getByRole('button', { name: 'Create quote' }).click();
  await expect(page.getByText(/^Draft quote .+ created\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/organisation\/crm\/quotation-management\/[0-9a-f-]{36}$/);

  // /ai: the balance is one credit lower and the history's newest row is the draft.
  await page.goto('/ai');
  await expect(page.locator('.ant-statistic').filter({ hasText: 'Balance' })).toContainText((before - 1).toLocaleString('en-GB'));
  const history = page.locator('.ant-card').filter({ has: page.getByText('History', { exact: true }) });
  await expect(history.getByRole('row').nth(1)).toContainText('Quote draft from an e-mail');
  await expect(history.getByRole('row').nth(1)).toContainText('done');

  // "Read a document" on an active shipment's documents tab: the B/L's shipper is accepted into the shipment.
  const [shipment] = ((await (await page.request.get('/api/shipments?status=active')).json()).data as { id: string }[]);
  await page.goto(`/organisation/crm/shipment-management/${shipment.id}`);
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByRole('button', { name: 'Read a document' }).click();
  const reading = page.getByRole('dialog');
  await expect(reading.getByText('This costs 2 credits (built-in engine).')).toBeVisible();
  await reading.getByLabel('PDF file').setInputFiles({ name: 'bill-of-lading.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await billOfLadingPdf()) });
  await reading.getByRole('button', { name: 'Read the document' }).click();
  await expect(reading.getByText(/^Bill of lading \(bill-of-lading\.pdf\)/)).toBeVisible();
  await expect(reading.getByText('Wrong check digit (should be 7)')).toBeVisible();
  await dialogAccessible(page);
  await test.info().attach('document-reading', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await reading.getByRole('button', { name: 'Accept: Shipper' }).click();
  await expect(reading.getByText('Accepted', { exact: true })).toBeVisible();
  const updated = (await (await page.request.get(`/api/shipments/${shipment.id}`)).json()).data as { shipper: { name: string } | null };
  expect(updated.shipper?.name).toBe('Hamburg Maschinenbau GmbH');
  await page.keyboard.press('Escape');

  // "Write a client update": drafted in the client's language, edited, sent through the mail.
  await page.getByRole('button', { name: 'Write a client update' }).click();
  const update = page.getByRole('dialog');
  await expect(update.getByText('This costs 1 credit (built-in engine).')).toBeVisible();
  await update.getByRole('button', { name: 'Write the update' }).click();
  const body = update.getByLabel('Message');
  // The shipment's client (Hanseatic Machine Parts GmbH) is written to in German, the language on its CRM record.
  await expect(body).toHaveValue(/Mit freundlichen Grüßen/);
  await update.getByLabel('To').fill('emily.carter@harrogate-hg.example');
  await body.fill(`${await body.inputValue()}\n\nPS: the customs papers follow tomorrow.`);
  await dialogAccessible(page);
  await test.info().attach('client-update', { body: await page.screenshot(), contentType: 'image/png' });
  await update.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Update sent to emily.carter@harrogate-hg.example.')).toBeVisible();
  const mails = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent('emily.carter@harrogate-hg.example')}`)).json()).data as { text: string }[];
  expect(mails[0].text).toContain('PS: the customs papers follow tomorrow.');
  expect(await balanceOf(page)).toBe(before - 4);
});
