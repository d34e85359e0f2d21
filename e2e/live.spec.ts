import { expect, test } from '@playwright/test';
import { logInAt } from './helpers.ts';

// Two browsers, two logins and a round trip each way: more than one journey's usual minute on a busy machine.
test.setTimeout(150_000);

test('Priya accepts Olivia’s request; Olivia’s bell hears it live, she writes, and the message reaches Priya live', async ({ page: olivia, browser }) => {
  await logInAt(olivia, 'owner@demo.fyn.local', '/chats');
  await expect(olivia.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();

  const priya = await (await browser.newContext()).newPage();
  await logInAt(priya, 'priya.nair@demo.fyn.local', '/connections?tab=invitations');
  const invitation = priya.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: 'Olivia Owner' });
  await expect(invitation).toContainText('Thank you for the CDS session in Ipswich');
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(priya.getByText('You are now connected with Olivia Owner.')).toBeVisible();

  // Olivia did not reload: her bell counts the acceptance and names it.
  const oliviaBell = olivia.getByRole('button', { name: /^Notifications, \d+ unseen$/ });
  await expect(oliviaBell).toBeVisible();
  await oliviaBell.click();
  await expect(olivia.getByText('Priya Nair accepted your connection request')).toBeVisible();
  await olivia.keyboard.press('Escape');

  // She starts a chat with her new connection and writes.
  await olivia.getByRole('button', { name: 'New chat' }).click();
  const dialog = olivia.getByRole('dialog', { name: 'New chat' });
  await dialog.getByRole('combobox').click();
  await olivia.locator('.ant-select-item-option', { hasText: 'Priya Nair' }).click();
  // The multiple select stays open: closing its list by clicking the dialog's title.
  await dialog.getByText('New chat', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(olivia.getByRole('heading', { level: 2, name: 'Priya Nair' })).toBeVisible();
  await priya.goto('/');
  await expect(priya.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await olivia.getByRole('textbox', { name: 'Message' }).fill('Could we go through the CDS entries for the Rotterdam consolidation tomorrow?');
  await olivia.getByRole('button', { name: 'Send' }).click();
  await expect(olivia.getByRole('log').getByText('Could we go through the CDS entries')).toBeVisible();

  // Priya, on her dashboard, sees the bell light up, and the message in the chat.
  const priyaBell = priya.getByRole('button', { name: /^Notifications, \d+ unseen$/ });
  await expect(priyaBell).toBeVisible();
  await priyaBell.click();
  await priya.getByText('Olivia Owner sent you a message').click();
  await expect(priya.getByRole('log').getByText('Could we go through the CDS entries for the Rotterdam consolidation tomorrow?')).toBeVisible();
  // Her reply arrives in Olivia's open chat without a reload.
  await priya.getByRole('textbox', { name: 'Message' }).fill('Yes, 10:00 works for me.');
  await priya.keyboard.press('Enter');
  await expect(olivia.getByRole('log').getByText('Yes, 10:00 works for me.')).toBeVisible();
});
