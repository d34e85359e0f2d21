import { expect, test, type Page } from '@playwright/test';
import { csrfToken, logInAt, signUpViaApi } from './helpers.ts';

const PASSWORD = 'Container-2026';

/** Calls the API with the page's cookies, fetching the CSRF cookie first as the browser does. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data, headers: { 'x-xsrf-token': await csrfToken(page) } });
  return { status: res.status(), body: await res.json().catch(() => null) };
}

async function pickOption(page: Page, label: string, text: string) {
  await page.getByLabel(label).click();
  await page.getByLabel(label).fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
}

test('a member creates an organisation, chooses a plan, is declined, pays, becomes active, cancels and undoes', async ({ page }) => {
  const email = `buyer-${Date.now()}@example.com`;
  await signUpViaApi(page, 'Bea Buyer', email, PASSWORD);
  await page.context().clearCookies();
  await logInAt(page, email, '/organisation/create', PASSWORD);
  await page.getByLabel('Organisation name').fill('Bea Freight Ltd');
  await pickOption(page, 'Organisation types', 'Freight forwarder');
  await page.keyboard.press('Escape');
  await pickOption(page, 'Country', 'United Kingdom');
  await page.getByLabel('Address line 1').fill('7 Harbour Road');
  await page.getByLabel('Town or city').fill('Felixstowe');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/pricing/);

  const growth = page.locator('.fyn-plan-card').filter({ has: page.getByRole('heading', { name: 'Growth' }) });
  await growth.getByRole('link', { name: 'Choose Plan' }).or(growth.getByRole('button', { name: 'Choose Plan' })).first().click();
  await expect(page).toHaveURL(/\/secure-payment\/begin\/?\?price=price_growth_month/);

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay £79\.00$/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  expect((await api(page, 'GET', '/api/billing/invoices')).body.data).toEqual([]);
  expect((await api(page, 'GET', '/api/billing/subscription')).body.data.status).toBe('inactive');

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay £79\.00$/ }).click();
  await expect(page.getByText('Payment received: your plan is active')).toBeVisible();
  await page.getByRole('button', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  expect((await api(page, 'GET', '/api/billing/invoices')).body.data).toHaveLength(1);

  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  await page.goto('/billing');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(/^Cancels on /)).toBeVisible();
  await page.getByRole('button', { name: 'Undo cancellation' }).click();
  await expect(page.getByText(/^Cancels on /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});

test('a failed renewal leaves the organisation outstanding until a new card pays', async ({ page }) => {
  const email = `renewal-${Date.now()}@example.com`;
  await signUpViaApi(page, 'Rory Renewal', email, PASSWORD);
  expect((await api(page, 'POST', '/api/organisations', { name: 'Rory Logistics', types: ['forwarder'], country: 'GB', address_line1: '1 Quay', city: 'Hull' })).status).toBe(201);
  const card = await api(page, 'POST', '/api/billing/payment-methods', { number: '4000000000000341', exp_month: 12, exp_year: 2030, cvc: '123' });
  expect((await api(page, 'POST', '/api/billing/subscribe', { price_id: 'price_starter_month', payment_method_id: card.body.data.id })).status).toBe(200);
  expect((await api(page, 'POST', '/api/dev/billing/advance-clock', { days: 32 })).status).toBe(200);
  expect((await api(page, 'GET', '/api/billing/subscription')).body.data.status).toBe('outstanding_payment');

  await page.context().clearCookies();
  await logInAt(page, email, '/billing', PASSWORD);
  await expect(page.getByText('Payment outstanding').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add card' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  expect((await api(page, 'GET', '/api/billing/subscription')).body.data.status).toBe('active');
});
