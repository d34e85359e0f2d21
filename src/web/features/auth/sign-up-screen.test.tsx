import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { Guarded } from '../../app/guards.tsx';
import { renderScreen } from '../../test/render.tsx';
import { SignUpScreen } from './sign-up-screen.tsx';
import { sessionUser } from '../../test/fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const user = sessionUser({ name: 'Ann Lee' });

async function fillDetails() {
  await userEvent.type(await screen.findByLabelText('Name'), 'Ann Lee');
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'freight-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('sign-up screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().clear();
  });

  it('shows the password rule and validates with the shared schema', async () => {
    renderScreen(<Guarded guards={['guest']}><SignUpScreen /></Guarded>, '/auth/sign-up');
    expect(await screen.findByText(/At least 8 characters/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeTruthy();
  });

  it('registers and goes to the code step with the resend button waiting', async () => {
    api.post.mockResolvedValue(undefined);
    renderScreen(<Guarded guards={['guest']}><SignUpScreen /></Guarded>, '/auth/sign-up');
    await fillDetails();
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/auth/register', {
      name: 'Ann Lee',
      email: 'ann@example.com',
      password: 'freight-2026',
    });
    expect(screen.getByText(/We have sent a 6-digit verification code to ann@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/You can ask for a new code in (60|59) s/)).toBeTruthy();
  });

  it('shows a taken email on the email field', async () => {
    api.post.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'validation_failed', message: 'Invalid', fields: { email: 'email_taken' } }),
    );
    renderScreen(<Guarded guards={['guest']}><SignUpScreen /></Guarded>, '/auth/sign-up');
    await fillDetails();
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('opens at the code step for ?email=, verifies and goes home logged in', async () => {
    api.post.mockResolvedValue(undefined);
    api.get.mockResolvedValue(user);
    renderScreen(<Guarded guards={['guest']}><SignUpScreen /></Guarded>, '/auth/sign-up?email=ann%40example.com', { '/': 'home page' });
    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(false);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/auth/verify-otp', { email: 'ann@example.com', otp: '123456' });
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, user });
  });

  it('shows a wrong code on the code field', async () => {
    api.post.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'invalid_otp', message: 'Wrong', fields: { otp: 'otp_invalid' } }),
    );
    renderScreen(<Guarded guards={['guest']}><SignUpScreen /></Guarded>, '/auth/sign-up?email=ann%40example.com');
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not correct.')).toBeTruthy();
  });

  it('resends the code and then waits', async () => {
    api.post.mockResolvedValue(undefined);
    renderScreen(<Guarded guards={['guest']}><SignUpScreen /></Guarded>, '/auth/sign-up?email=ann%40example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(api.post).toHaveBeenCalledWith('/auth/resend-otp', { email: 'ann@example.com' });
    expect(await screen.findByText(/You can ask for a new code in/)).toBeTruthy();
  });
});
