import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { csrfToken, logInAt } from './helpers.ts';

test.setTimeout(150_000);

test('Olivia makes an API key and a webhook endpoint, confirms a booking, sees its delivery in the log and resends it', async ({ page }) => {
  // A receiver on 127.0.0.1 (the only place the journey sends webhooks to).
  const hits: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fyn`;
  try {
    await logInAt(page, 'owner@demo.fyn.local', '/organisation/dev');
    await expect(page.getByRole('heading', { level: 1, name: 'Developer tools' })).toBeVisible();

    // A key, shown once, that works as a bearer token.
    await page.getByRole('button', { name: 'New key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'New key' });
    await keyDialog.getByLabel('Name').fill('Journey script');
    await keyDialog.getByRole('checkbox', { name: 'operations.view', exact: true }).check();
    await keyDialog.getByRole('button', { name: 'Create' }).click();
    const key = (await page.getByTestId('new-api-key').innerText()).trim();
    expect(key).toMatch(/^fyn_test_[0-9A-Za-z]{40}/);
    await page.getByRole('dialog', { name: 'Your new API key' }).getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('table', { name: 'API keys' }).getByText('Journey script')).toBeVisible();
    const byKey = await page.request.get('/api/bookings', { headers: { authorization: `Bearer ${key}` } });
    expect(byKey.status()).toBe(200);
    expect(byKey.headers()['ratelimit-policy']).toBe('"default";q=1200;w=60'); // Northwind's Growth plan

    // An endpoint for confirmed bookings.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpointDialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await endpointDialog.getByLabel('Address').fill(receiver);
    await endpointDialog.getByRole('checkbox', { name: /^booking\.confirmed/ }).check();
    await endpointDialog.getByRole('button', { name: 'Create' }).click();
    const secret = (await page.getByTestId('endpoint-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('table', { name: 'Webhook endpoints' }).getByText(receiver)).toBeVisible();

    // A booking of Northwind's, made through the API (the demo's own received booking is another journey's).
    const write = async (url: string, data: object) => {
      const res = await page.request.post(url, { data, headers: { 'x-xsrf-token': await csrfToken(page) } });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()).data;
    };
    const clients = (await (await page.request.get('/api/native-organisations?per_page=100')).json()).data as { id: string; name: string }[];
    const client = clients.find((c) => c.name.startsWith('Harrogate'))!.id;
    const quote = await write('/api/quotes', {
      client: { type: 'native_organisation', id: client }, mode: 'road_ftl', origin: 'NLRTM', destination: 'DEHAM', currency: 'EUR', valid_until: '2099-12-31',
      cargo: [{ packages: 10, length_cm: 120, width_cm: 80, height_cm: 150, weight_kg: 400 }], lines: [{ basis: 'per_shipment', buy: { amount_minor: 85000, currency: 'EUR' }, sell: { amount_minor: 110000, currency: 'EUR' } }],
    });
    await write(`/api/quotes/${quote.id}/send`, {});
    const booking = (await write(`/api/quotes/${quote.id}/accept`, {})).booking_id as string;

    // Olivia confirms it on its page.
    await page.goto(`/organisation/crm/quotation-management/booking/${booking}`);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('.ant-tag', { hasText: 'Confirmed' })).toBeVisible();

    // The delivery arrives, signed as the specification verifies, and shows in the log.
    await expect.poll(() => hits.length, { timeout: 30_000 }).toBe(1);
    const event = new Webhook(secret).verify(hits[0].body, hits[0].headers as Record<string, string>) as { type: string; data: { id: string; status: string } };
    expect(event).toMatchObject({ type: 'booking.confirmed', data: { id: booking, status: 'confirmed' } });
    await page.goto('/organisation/dev');
    const log = page.getByRole('table', { name: 'Delivery log' });
    await expect(log.getByText('booking.confirmed').first()).toBeVisible();
    await expect(log.getByText(String(hits[0].headers['webhook-id']))).toBeVisible();

    // Resent: the receiver gets the same event again, with the same webhook-id.
    await log.getByRole('row').filter({ hasText: String(hits[0].headers['webhook-id']) }).getByRole('button', { name: 'Resend' }).first().click();
    await expect.poll(() => hits.length, { timeout: 30_000 }).toBe(2);
    expect(hits[1].headers['webhook-id']).toBe(hits[0].headers['webhook-id']);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByText(String(hits[0].headers['webhook-id']))).toHaveCount(2);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
