import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useThemeStore } from '../../lib/theme-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { SettingsScreen } from './settings-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
const authEvents = vi.hoisted(() => ({ onUnauthenticated: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api, authEvents }));

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('settings', () => {
  beforeEach(() => vi.clearAllMocks());

  it('offers the 8 languages by their own names and the two themes', async () => {
    renderScreen(<SettingsScreen />, '/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Language'));
    for (const name of ['Deutsch', 'English', 'Español', 'Français', '日本語', 'Română', 'Русский', '中文']) {
      expect((await screen.findAllByText(name)).length).toBeGreaterThan(0);
    }
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(useThemeStore.getState().mode).toBe('dark');
    useThemeStore.getState().setMode('light');
  });

  it('checks the password form before calling the API', async () => {
    renderScreen(<SettingsScreen />, '/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await fill('', 'short', 'other');
    expect(await screen.findByText('Please enter your password.')).toBeTruthy();
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeTruthy();
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('shows the server’s field errors on the fields', async () => {
    api.put.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'invalid_password', message: 'x', fields: { current_password: 'Your current password is not correct.' } }),
    );
    renderScreen(<SettingsScreen />, '/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await fill('Wrong-2026', 'Changed-2026', 'Changed-2026');
    expect(await screen.findByText('Your current password is not correct.')).toBeTruthy();
    expect(api.put).toHaveBeenCalledWith('/auth/password', { current_password: 'Wrong-2026', password: 'Changed-2026' });
  });

  it('changes the password and says so', async () => {
    api.put.mockResolvedValue(undefined);
    renderScreen(<SettingsScreen />, '/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await fill('Harbour-2026', 'Changed-2026', 'Changed-2026');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''));
  });

  it('treats a 401 as an expired session', async () => {
    api.put.mockRejectedValue(new ApiFailure({ status: 401, code: 'unauthenticated', message: 'x' }));
    renderScreen(<SettingsScreen />, '/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await fill('Harbour-2026', 'Changed-2026', 'Changed-2026');
    await waitFor(() => expect(authEvents.onUnauthenticated).toHaveBeenCalled());
  });
});
