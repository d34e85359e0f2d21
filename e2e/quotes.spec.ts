import { expect, test, type Page } from '@playwright/test';
import { logInAt } from './helpers.ts';

test.setTimeout(120_000);

/** The quote form's road FTL route Rotterdam → Hamburg in euros, with pallets of 120 × 80 cm (height and weight given). */
async function roadRotterdamHamburg(page: Page, cargo: { packages: string; height: string; kg: string }) {
  await page.getByLabel('Mode').click();
  await page.locator('.ant-select-item-option', { hasText: 'Road FTL' }).click();
  for (const [label, term, option] of [['Origin', 'Rotterdam', 'NLRTM'], ['Destination', 'Hamburg', 'DEHAM']] as const) {
    await page.getByLabel(label, { exact: true }).fill(term);
    await page.locator('.ant-select-item-option', { hasText: option }).first().click();
  }
  await page.getByLabel('Currency', { exact: true }).first().click();
  await page.keyboard.type('EUR');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add cargo' }).click();
  await page.getByLabel('Packages').fill(cargo.packages);
  await page.getByLabel('Length (cm)').fill('120');
  await page.getByLabel('Width (cm)').fill('80');
  await page.getByLabel('Height (cm)').fill(cargo.height);
  await page.getByLabel('Weight per package (kg)').fill(cargo.kg);
}

test('Olivia writes a road quote, sends it; the client accepts through the link logged out; the booking exists and the quote shows accepted', async ({ page, browser, request }) => {
  await logInAt(page, 'owner@demo.fyn.local', '/organisation/crm/quotation-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Quotation management' })).toBeVisible();
  await page.getByRole('button', { name: 'New quote' }).click();

  // Client, route and cargo: Rotterdam to Hamburg, road, for the demo's German client.
  await page.getByLabel('Client', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Hanseatic Machine Parts GmbH' }).click();
  // 10 pallets 120 × 80 × 150 cm of 400 kg: 14.4 m³ × 333 = 4795.2 kg > 4000 kg.
  await roadRotterdamHamburg(page, { packages: '10', height: '150', kg: '400' });
  await expect(page.getByText('chargeable weight 4,795.2 kg')).toBeVisible();

  // One charge per shipment: buy €850, sell €1,100.
  await page.getByRole('button', { name: 'Add a charge' }).click();
  await page.getByLabel('Buy per unit').fill('850');
  await page.getByLabel('Sell per unit').fill('1100');
  await expect(page.getByText('= €1,100.00')).toBeVisible();
  await page.getByRole('button', { name: 'Create the draft' }).click();

  await expect(page.locator('.ant-tag', { hasText: 'Draft' })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!.trim();
  expect(number).toMatch(/^Q-\d{4}-\d{5}$/);
  // 110 000 − 85 000 = 25 000 cents margin on 110 000: 22.73 %.
  await expect(page.getByText('22.73%')).toBeVisible();

  await page.getByRole('button', { name: 'Send to the client' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send to the client' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Sent' })).toBeVisible();

  // The e-mail went to the contact's address (the outbox of developer mode).
  const mails = (await (await request.get('/api/dev/mail')).json()).data as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.subject.includes(number))!;
  expect(mail.to).toBe('einkauf@hanseatic-parts.example');
  const link = new URL(/https?:\/\/\S+\/quote\/\S+/.exec(mail.text)![0]);

  const client = await (await browser.newContext()).newPage();
  await client.goto(link.pathname);
  await expect(client.getByRole('heading', { level: 1, name: `Quotation ${number}` })).toBeVisible();
  await expect(client.getByText('Total: €1,100.00')).toBeVisible();
  await expect(client.getByText(/850/)).toHaveCount(0);
  await client.getByRole('button', { name: 'Accept this quotation' }).click();
  await expect(client.getByText(/you accepted this quotation/)).toBeVisible();

  await page.reload();
  await expect(page.locator('.ant-tag', { hasText: 'Accepted' })).toBeVisible();
  await page.getByRole('link', { name: 'Accepted: open the booking' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Received' })).toBeVisible();
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await expect(page.getByText('Total: €1,100.00')).toBeVisible();
});

test('a lead becomes a client, is quoted from a buy rate with the PDF, and accepts through the link; the booking exists', async ({ page, browser, request }) => {
  // Lead → convert: the demo's qualified lead becomes a native organisation with its contact and a deal.
  await logInAt(page, 'owner@demo.fyn.local', '/organisation/crm/lead-generation');
  const lead = page.getByRole('row', { name: /Lisbon Cork Trading Lda/ });
  await lead.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(/\/organisation\/crm\/pipeline-management$/);
  await expect(page.getByText('Lisbon Cork Trading Lda', { exact: true }).first()).toBeVisible();

  // A road quote Rotterdam → Hamburg for the new client, without lines yet.
  await page.goto('/organisation/crm/quotation-management');
  await page.getByRole('button', { name: 'New quote' }).click();
  await page.getByLabel('Client', { exact: true }).click();
  await page.keyboard.type('Lisbon Cork');
  await page.locator('.ant-select-item-option', { hasText: 'Lisbon Cork Trading Lda' }).click();
  await page.getByRole('combobox', { name: 'Contact (optional)' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Inês Costa' }).click();
  await roadRotterdamHamburg(page, { packages: '20', height: '120', kg: '450' });
  await page.getByRole('button', { name: 'Create the draft' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Draft' })).toBeVisible();
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!.trim();

  // From the buy rate: Suffolk Haulage €780 per truck, marked up by the standard 15 %: €897.00, margin €117.00 (13.04 %).
  await page.getByRole('button', { name: 'Fill from a buy rate' }).click();
  const rate = page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Suffolk Haulage Ltd' });
  await rate.getByRole('button', { name: 'Use' }).click();
  await expect(page.getByText('13.04%')).toBeVisible();
  await expect(page.getByText('€897.00').first()).toBeVisible();

  // The PDF the client will get: a real PDF of this quote.
  const pdf = await page.request.get(await page.getByRole('link', { name: 'PDF' }).getAttribute('href') as string);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Send to the client' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send to the client' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Sent' })).toBeVisible();
  const mails = (await (await request.get('/api/dev/mail')).json()).data as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.subject.includes(number))!;
  expect(mail.to).toBe('ines@lisboncork.example');
  const link = new URL(/https?:\/\/\S+\/quote\/\S+/.exec(mail.text)![0]);

  // The client, logged out, sees the sell side only and accepts.
  const client = await (await browser.newContext()).newPage();
  await client.goto(link.pathname);
  await expect(client.getByRole('heading', { level: 1, name: `Quotation ${number}` })).toBeVisible();
  await expect(client.getByText('Total: €897.00')).toBeVisible();
  await expect(client.getByText(/780/)).toHaveCount(0);
  await client.getByRole('button', { name: 'Accept this quotation' }).click();
  await expect(client.getByText(/you accepted this quotation/)).toBeVisible();

  await page.reload();
  await expect(page.locator('.ant-tag', { hasText: 'Accepted' })).toBeVisible();
  await page.getByRole('link', { name: 'Accepted: open the booking' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Received' })).toBeVisible();
  await expect(page.getByText('Total: €897.00')).toBeVisible();
});
