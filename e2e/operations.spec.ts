import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { logInByApi } from './helpers.ts';

test.setTimeout(150_000);

test('Olivia confirms a booking, its shipment gets a container and carrier events, the exception is raised and resolved, documents are issued and the client follows the shipment logged out', async ({ page, browser, request }) => {
  await logInByApi(page, 'owner@demo.fyn.local');
  // The booking the client's acceptance made, waiting for confirmation (the demo's Ningbo → Southampton job).
  const received = (await (await page.request.get('/api/bookings?status=received')).json()).data as { id: string; number: string }[];
  const booking = received[0];
  await page.goto(`/organisation/crm/quotation-management/booking/${booking.id}`);
  await expect(page.getByRole('heading', { level: 2, name: booking.number })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Carrier booking reference').fill('CMAU-BK-550918');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('.ant-tag', { hasText: 'Confirmed' })).toBeVisible();
  await page.getByRole('link', { name: /^S-\d{4}-\d{5}$/ }).click();

  // The shipment: references from Northwind's sequences, the carrier's as master.
  await expect(page.getByRole('heading', { level: 2, name: /^S-\d{4}-\d{5}$/ })).toBeVisible();
  const shipmentId = page.url().split('/').pop()!;
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!.trim();
  await expect(page.getByText('CMAU-BK-550918')).toBeVisible();

  // A container: the wrong check digit is caught, the right one is taken.
  await page.getByRole('tab', { name: /Containers/ }).click();
  await page.getByLabel('Container number').fill('MSCU1234565');
  await page.getByLabel('Size and type').fill('45G1');
  await page.getByRole('button', { name: 'Add container' }).click();
  await expect(page.getByText('The check digit does not match: check the number')).toBeVisible();
  await page.getByLabel('Container number').fill('MSCU1234566');
  await page.getByRole('button', { name: 'Add container' }).click();
  await expect(page.getByRole('table').getByText('MSCU1234566', { exact: true })).toBeVisible();

  // The carrier's events arrive through the webhook, signed the Standard Webhooks way with the secret
  // made on the developer page: departed, and now expected three days late.
  await page.goto('/organisation/dev');
  await page.getByRole('button', { name: 'Make secret' }).click();
  await expect(page.getByText('New secret made.')).toBeVisible();
  const { standard_secret: secret, url } = (await (await page.request.get('/api/tracking/webhook-secret')).json()).data as { standard_secret: string; url: string };
  const shipment = (await (await page.request.get(`/api/shipments/${shipmentId}`)).json()).data as { eta_planned: string };
  const late = new Date(Date.parse(shipment.eta_planned) + 72 * 3_600_000).toISOString();
  const body = JSON.stringify({
    shipment_reference: number, delivery_id: `e2e-${Date.now()}`,
    events: [
      { event_type: 'EQUIPMENT', code: 'LOAD', classifier: 'ACT', location: 'CNNGB', occurred_at: new Date(Date.now() - 5 * 3_600_000).toISOString(), container_number: 'MSCU1234566' },
      { event_type: 'TRANSPORT', code: 'DEPA', classifier: 'ACT', location: 'CNNGB', occurred_at: new Date(Date.now() - 3_600_000).toISOString() },
      { event_type: 'TRANSPORT', code: 'ARRI', classifier: 'EST', location: 'GBSOU', occurred_at: late },
    ],
  });
  const deliveryId = `msg_e2e_${Date.now()}`;
  const sentAt = new Date();
  const signed = (signature: string) => ({ 'content-type': 'application/json', 'webhook-id': deliveryId, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature });
  const webhook = new URL(url).pathname;
  expect((await request.post(webhook, { data: body, headers: signed('v1,AAAA') })).status()).toBe(401);
  const delivered = await request.post(webhook, { data: body, headers: signed(new Webhook(secret).sign(deliveryId, sentAt, body)) });
  expect(delivered.status()).toBe(200);
  expect((await delivered.json()).data).toMatchObject({ applied: 3, replay: false });

  await page.goto(`/organisation/crm/shipment-management/${shipmentId}`);
  await expect(page.locator('.ant-tag', { hasText: 'In transit' })).toBeVisible();
  await expect(page.getByText('+72 h')).toBeVisible();
  await page.getByRole('tab', { name: 'Tracking' }).click();
  const timeline = page.getByRole('tabpanel', { name: 'Tracking' });
  await expect(timeline.getByText('Departure').first()).toBeVisible();
  await expect(timeline.getByText('Received from the carrier').first()).toBeVisible();

  // The scan raises the slip once; Olivia resolves it.
  await page.goto(`/exceptions?shipment=${shipmentId}`);
  await page.getByRole('button', { name: 'Check now' }).click();
  const row = page.getByRole('row', { name: /Arrival slipping/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Open' }).click();
  await page.getByLabel('How was it resolved?').fill('Vessel omitted Rotterdam; the client agreed the later delivery.');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Exception resolved.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /Arrival slipping/ })).toHaveCount(0);

  // Documents: the house bill of lading and the arrival notice, as PDFs with their numbers.
  await page.goto(`/organisation/crm/shipment-management/${shipmentId}`);
  await page.getByRole('tab', { name: /Documents/ }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText(/DOC-\d{4}-\d{5} version 1 is ready/)).toBeVisible();
  await page.getByLabel('Document', { exact: true }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Arrival notice' }).click();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('table').getByText('Arrival notice', { exact: true })).toBeVisible();
  await expect(page.getByRole('table').getByText('House bill of lading', { exact: true })).toBeVisible();
  const docs = (await (await page.request.get(`/api/documents?shipment_id=${shipmentId}`)).json()).data as { id: string }[];
  expect(docs).toHaveLength(2);
  const pdf = await page.request.get(`/api/documents/${docs[0].id}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The client's tracking link works in a browser that is not logged in, and shows no money.
  await page.getByRole('button', { name: 'Client tracking link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make the link' }).click();
  const link = (await page.getByTestId('tracking-url').textContent())!.trim();
  expect(link).toMatch(/\/track\/[\w-]{40,}$/);
  const client = await (await browser.newContext()).newPage();
  await client.goto(new URL(link).pathname);
  await expect(client.getByRole('heading', { level: 2, name: `Shipment ${number}` })).toBeVisible();
  await expect(client.getByText('Departure').first()).toBeVisible();
  await expect(client.getByText('MSCU1234566 (45G1)')).toBeVisible();
  await expect(client.getByText(/£|€|\$/)).toHaveCount(0);
});
