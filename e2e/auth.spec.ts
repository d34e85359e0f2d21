import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers.ts';

/** The 6-digit code of the newest mail to `email`, read from the outbox as a developer would. */
async function codeFor(page: Page, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
    const [mail] = (await res.json()).data;
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return code!;
}

test('sign up with the mailed code, log out, log in, wrong password, guest guard', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Container-2026';

  await page.goto('/auth/sign-up');
  await expect(page).toHaveTitle(/FYN/);
  await page.getByLabel('Name').fill('Erin Forwarder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await page.getByLabel('Verification code').fill(await codeFor(page, email));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Verified and logged in: the home screen greets the new user.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu of Erin Forwarder' })).toBeVisible();

  await page.getByRole('button', { name: /^Account menu of / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // A wrong password shows the error and keeps the visitor on the login page.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Not-my-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu of Erin Forwarder' })).toBeVisible();

  // The guest guard: a logged-in visit to the login page lands on /.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/$/);
});

test('a logged-out visitor is sent to login and brought back to the page they wanted', async ({ page }) => {
  await page.goto('/dev');
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email').fill('owner@demo.fyn.local');
  await page.getByLabel('Password', { exact: true }).fill('FynDemo!2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu of Olivia Owner' })).toBeVisible();
});

test('forgot password mails a link that sets a new password', async ({ page }) => {
  // A fresh account: the demo accounts keep their documented password for the other journeys.
  const email = `forgetful-${Date.now()}@example.com`;
  await signUpViaApi(page, 'Frank Forgetful', email);
  await page.context().clearCookies();
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists/)).toBeVisible();

  const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  const [mail] = (await res.json()).data;
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('Member-Reset-2026');
  await page.getByLabel('Confirm password').fill('Member-Reset-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/password has been (changed|reset)/i)).toBeVisible();

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Member-Reset-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
