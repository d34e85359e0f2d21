import { afterAll, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { userEvent } from '../test/user.ts';
import { renderScreen } from '../test/render.tsx';
import { SignUpScreen } from '../features/auth/sign-up-screen.tsx';
import { changeLanguage } from '../lib/i18n.ts';

afterAll(() => changeLanguage('en'));

it('keeps what was typed when the language changes (no remount)', async () => {
  renderScreen(<SignUpScreen />, '/auth/sign-up');
  await userEvent.type(await screen.findByLabelText('Name'), 'Una');
  await act(() => changeLanguage('de'));
  expect(screen.getByRole('button', { name: 'Registrieren' })).toBeTruthy();
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Una');
  await act(() => changeLanguage('en'));
  expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Una');
});
