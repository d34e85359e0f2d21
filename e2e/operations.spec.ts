import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { csrfToken, logInByApi } from './helpers.ts';

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

test('Olivia corrects a received booking’s details, a shipment’s parties from the CRM and a charge’s actual cost; all stay after a reload', async ({ page }) => {
  await logInByApi(page, 'owner@demo.fyn.local');
  const headers = { 'x-xsrf-token': await csrfToken(page) };
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: Record<string, string> }).data;
  };
  // A booking of its own: a quotation for a CRM client, sent and accepted.
  const clients = (await (await page.request.get('/api/native-organisations?per_page=50')).json()).data as { id: string; name: string; credit_status: string }[];
  // One that may be quoted (not on credit stop), with a name the party search finds by its start.
  const client = clients.find((c) => c.credit_status !== 'stop' && c.credit_status !== 'credit_stop' && /^[A-Za-z]{4}/.test(c.name))!;
  const code = ((await (await page.request.get('/api/charge-codes?per_page=1')).json()).data as { id: string }[])[0];
  const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const quote = await post('/api/quotes', {
    client: { type: 'native_organisation', id: client.id }, mode: 'sea_fcl', incoterm: 'FOB', origin: 'CNSHA', destination: 'GBFXT', currency: 'GBP', valid_until: validUntil,
    equipment: [{ iso_type: '45G1', count: 1 }], lines: [{ charge_code_id: code.id, basis: 'per_container', buy: { amount_minor: 150000, currency: 'GBP' }, sell: { amount_minor: 185000, currency: 'GBP' } }],
  });
  await post(`/api/quotes/${quote.id}/send`, {});
  const { booking_id: bookingId } = await post(`/api/quotes/${quote.id}/accept`, {});

  // The booking: its Incoterm, containers and carrier reference, while received.
  await page.goto(`/organisation/crm/quotation-management/booking/${bookingId}`);
  await page.getByRole('combobox', { name: 'Incoterm' }).click();
  await page.locator('.ant-select-item-option', { hasText: /^FCA$/ }).click();
  await page.getByRole('spinbutton', { name: 'Number of containers 1' }).fill('2');
  await page.getByRole('textbox', { name: 'Carrier booking reference' }).fill('MSC-E2E-1');
  await page.getByRole('button', { name: 'Save the booking' }).click();
  await expect(page.getByText('Booking saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Carrier booking reference' })).toHaveValue('MSC-E2E-1');
  await expect(page.getByRole('spinbutton', { name: 'Number of containers 1' })).toHaveValue('2');
  await expect(page.getByText('2 × 45G1')).toBeVisible();
  await expect(page.getByText(/FCA/).first()).toBeVisible();

  // A shipment's notify party, picked from the CRM.
  // One under way with charge lines.
  const active = (await (await page.request.get('/api/shipments?status=active&per_page=20')).json()).data as { id: string }[];
  let shipment: { id: string } | undefined;
  for (const s of active) {
    const detail = (await (await page.request.get(`/api/shipments/${s.id}`)).json()).data as { charges: unknown[]; signoff_status: string };
    if (detail.charges.length > 0 && detail.signoff_status !== 'accounts_signed') {
      shipment = s;
      break;
    }
  }
  if (!shipment) throw new Error('no shipment under way with charges in the demo data');
  await page.goto(`/organisation/crm/shipment-management/${shipment.id}`);
  await page.getByRole('button', { name: 'Edit: Parties' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('combobox', { name: 'Find the Notify party in the CRM' }).fill(client.name.slice(0, 6));
  await page.locator('.ant-select-item-option', { hasText: `${client.name} · Client` }).first().click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Shipment saved/)).toBeVisible();
  await page.reload();
  const parties = page.locator('.ant-card', { hasText: 'Parties' }).filter({ has: page.getByText('Notify party', { exact: true }) });
  await expect(parties.getByText(client.name).first()).toBeVisible();

  // The first charge's actual cost, in pounds and pence, kept in minor units.
  await page.getByRole('tab', { name: 'Costs and revenue' }).click();
  await page.getByLabel('Actual cost 1').fill('1234.56');
  await page.getByLabel('Actual cost 1').blur();
  await page.getByRole('button', { name: 'Save charges' }).click();
  await expect(page.getByText('Charges saved.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Costs and revenue' }).click();
  await expect(page.getByLabel('Actual cost 1')).toHaveValue(/1,?234\.56/);
  const saved = (await (await page.request.get(`/api/shipments/${shipment.id}`)).json()).data as { charges: { actual_buy_minor: number | null }[]; notify_party: { name: string } };
  expect(saved.charges[0].actual_buy_minor).toBe(123456);
  expect(saved.notify_party.name).toBe(client.name);
  // The edits are in its history.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('Charges changed').first()).toBeVisible();
});
