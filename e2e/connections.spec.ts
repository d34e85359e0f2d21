import { expect, test } from '@playwright/test';
import { logInAt } from './helpers.ts';

test('Olivia accepts Katrin’s invitation; Katrin, in her own browser, sees them connected', async ({ page, browser }) => {
  await logInAt(page, 'owner@demo.fyn.local', '/connections');
  await page.getByRole('tab', { name: /^Invitations \(\d+\)$/ }).click();
  const invitations = page.getByRole('list', { name: 'Invitations' });
  const katrin = invitations.getByRole('listitem').filter({ hasText: 'Katrin Vogel' });
  await expect(katrin).toContainText('We run weekly feeders Hamburg–Felixstowe');
  await katrin.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('You are now connected with Katrin Vogel.')).toBeVisible();
  await expect(invitations.getByText('Katrin Vogel')).toHaveCount(0);
  await page.getByRole('tab', { name: /^Connections \(\d+\)$/ }).click();
  await expect(page.getByRole('list', { name: 'Connections' }).getByText('Katrin Vogel', { exact: true })).toBeVisible();

  const other = await (await browser.newContext()).newPage();
  await logInAt(other, 'katrin@hfl.demo.fyn.local', '/connections');
  const theirs = other.getByRole('list', { name: 'Connections' }).getByRole('listitem').filter({ hasText: 'Olivia Owner' });
  await expect(theirs).toContainText('Northwind Forwarding Ltd');
  await expect(other.getByRole('tab', { name: /^Sent \(0\)$/ })).toBeVisible();

  // The header's search finds Northwind despite a typo; Katrin asks to connect with it.
  await other.getByRole('button', { name: 'Search' }).click();
  await other.getByRole('searchbox', { name: 'Search people, organisations and connections' }).fill('northwnd');
  const organisations = other.getByRole('region', { name: 'Organisations' });
  await organisations.getByRole('button', { name: 'Connect with Northwind Forwarding Ltd' }).click();
  const note = other.getByRole('tooltip');
  await note.getByRole('textbox', { name: 'Note' }).fill('Weekly feeders Hamburg–Felixstowe for your transhipments.');
  await note.getByRole('button', { name: 'Send request' }).click();
  await expect(other.getByText('Request sent to Northwind Forwarding Ltd.')).toBeVisible();
  await expect(organisations.getByText('Request sent')).toBeVisible();
  await other.keyboard.press('Escape');
  await expect(other.getByRole('tab', { name: /^Sent \(1\)$/ })).toBeVisible();

  // Northwind's staff see it as the organisation's invitation, note included.
  await page.getByText('Northwind Forwarding Ltd', { exact: true }).click();
  await page.getByRole('tab', { name: /^Invitations \(\d+\)$/ }).click();
  await expect(page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: 'Katrin Vogel' })).toContainText('Weekly feeders Hamburg–Felixstowe');
});

test('Olivia says how she knows a connection and shares it with Northwind; for Northwind she names Sofia its key point of contact; the CRM lists the shared person', async ({ page }) => {
  await logInAt(page, 'owner@demo.fyn.local', '/connections');
  const connections = page.getByRole('list', { name: 'Connections' }).getByRole('listitem');
  const unshared = connections.filter({ has: page.getByRole('button', { name: 'Share with Northwind Forwarding Ltd' }) }).first();
  await expect(unshared).toBeVisible();
  const name = (await unshared.locator('.fyn-connection-name strong').innerText()).trim();
  // Found by name from here on: once shared, its button says so.
  const mine = connections.filter({ hasText: name });
  await mine.getByRole('combobox', { name: `How you know ${name}` }).click();
  await page.locator('.ant-select-item-option', { hasText: 'met in person' }).click();
  await expect(page.getByText(`Saved how you know ${name}.`)).toBeVisible();
  await expect(mine.locator('.ant-select', { has: page.getByRole('combobox', { name: `How you know ${name}` }) })).toContainText('met in person');
  await mine.getByRole('button', { name: 'Share with Northwind Forwarding Ltd' }).click();
  await expect(page.getByText(`${name} is now shared with Northwind Forwarding Ltd.`)).toBeVisible();
  await expect(mine.getByText('Shared with your organisation')).toBeVisible();

  // Northwind's own connections: its key point of contact, picked from its active members.
  await page.getByText('Northwind Forwarding Ltd', { exact: true }).click();
  // One whose key point of contact is not Sofia yet (the demo's Hamburg partner has her, shown by name with the connection).
  await expect(page.getByRole('list', { name: 'Connections' }).getByText('Sofia Ocean').first()).toBeVisible();
  const ours = page.getByRole('list', { name: 'Connections' }).getByRole('listitem').filter({ hasNot: page.getByText('Sofia Ocean') }).first();
  const partner = (await ours.locator('.fyn-connection-name strong').innerText()).trim();
  await ours.getByRole('combobox', { name: `Key point of contact for ${partner}` }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Sofia Ocean' }).click();
  await expect(page.getByText(`Key point of contact for ${partner} saved.`)).toBeVisible();

  // Kept on the server: read again, Northwind's partner still has Sofia as its key point of contact.
  await page.reload();
  await page.getByText('Northwind Forwarding Ltd', { exact: true }).click();
  const again = page.getByRole('list', { name: 'Connections' }).getByRole('listitem').filter({ hasText: partner });
  await expect(again.locator('.ant-select', { has: page.getByRole('combobox', { name: `Key point of contact for ${partner}` }) })).toContainText('Sofia Ocean');

  // The CRM's connections list the person Olivia shared, and show Sofia looking after the partner.
  await page.goto('/organisation/crm/connections');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  const table = page.getByRole('table', { name: 'Clients' });
  const column = await table.getByRole('columnheader').allInnerTexts();
  const lookedAfter = column.findIndex((h) => h.trim() === 'Looked after by');
  expect(lookedAfter).toBeGreaterThan(-1);
  const row = table.getByRole('row').filter({ has: page.getByText(partner, { exact: true }) });
  await expect(row.getByRole('cell').nth(lookedAfter)).toHaveText('Sofia Ocean');
});
