import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { Guarded } from '../../app/guards.tsx';
import { renderScreen } from '../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';
import { sessionUser } from '../../test/fixtures.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const user = sessionUser();

const stubs = { '/': 'home page', '/settings': 'settings page' };

describe('login screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().clear();
  });

  it('labels every field and names every button', async () => {
    renderScreen(<Guarded guards={['guest']}><LoginScreen /></Guarded>, '/auth/login', stubs);
    expect((await screen.findByLabelText('Email')).tagName).toBe('INPUT');
    expect(screen.getByLabelText('Password').tagName).toBe('INPUT');
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows field errors from the shared rules without calling the API', async () => {
    renderScreen(<Guarded guards={['guest']}><LoginScreen /></Guarded>, '/auth/login', stubs);
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email.')).toBeTruthy();
    expect(await screen.findByText('Please enter your password.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows the invalid-credentials error', async () => {
    api.post.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'invalid_credentials', message: 'These credentials do not match.' }),
    );
    renderScreen(<Guarded guards={['guest']}><LoginScreen /></Guarded>, '/auth/login', stubs);
    await userEvent.type(await screen.findByLabelText('Email'), 'Ann@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is incorrect.');
    expect(api.post).toHaveBeenCalledWith('/auth/login', {
      email: 'ann@example.com',
      password: 'wrong-password',
      remember: false,
    });
  });

  it('shows the wait time of a 429', async () => {
    api.post.mockRejectedValue(new ApiFailure({ status: 429, code: 'too_many_requests', message: 'Slow', retryAfter: 30 }));
    renderScreen(<Guarded guards={['guest']}><LoginScreen /></Guarded>, '/auth/login', stubs);
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again in 30 s.');
  });

  it('shows server field errors (English sentences) translated on the fields', async () => {
    api.post.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'validation_failed', message: 'Invalid', fields: { email: 'Enter a valid email address.' } }),
    );
    renderScreen(<Guarded guards={['guest']}><LoginScreen /></Guarded>, '/auth/login', stubs);
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('logs in, stores the user and returns to the remembered page', async () => {
    useSessionStore.getState().setRedirectPath('/settings');
    api.post.mockResolvedValue({ first_login: true });
    api.get.mockResolvedValue(user);
    renderScreen(<Guarded guards={['guest']}><LoginScreen /></Guarded>, '/auth/login', stubs);
    await userEvent.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('settings page')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/auth/login', { email: 'ann@example.com', password: 'secret-1', remember: true });
    expect(api.get).toHaveBeenCalledWith('/user');
    await waitFor(() => expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, user, welcome: true }));
    expect(useSessionStore.getState().redirectPath).toBeNull();
  });
});
