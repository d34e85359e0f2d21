import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../test/user.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useThemeStore } from '../lib/theme-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { sessionUser } from '../test/fixtures.ts';
import { buildRouteObjects, documentTitle, ErrorBoundary } from './router.tsx';
import { ROUTES, routeFor } from './routes.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ api, authEvents: {} }));

describe('app routes', () => {
  it('finds the route of a path, and the catch-all for unknown paths', () => {
    expect(routeFor('/auth/login')?.titleKey).toBe('titles.authentication');
    for (const path of ['/auth/sign-up', '/auth/forgot-password', '/auth/reset-password']) expect(routeFor(path)?.titleKey).toBe('titles.authentication');
    expect(routeFor('/secure-payment/begin')?.titleKey).toBe('titles.secure_payment');
    expect(routeFor('/')?.titleKey).toBe('titles.dashboard');
    expect(routeFor('/no/such/page')?.path).toBe('*');
  });

  it('titles the document "<screen> · FYN"', () => {
    expect(documentTitle('Log in')).toBe('Log in · FYN');
  });

  it('sends a logged-out visitor from / to the login screen, inside the auth layout', async () => {
    const { router } = renderRoutes(buildRouteObjects(ROUTES), '/');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByText('Forward Your Network')).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Authentication · FYN'));
  });

  it('after a login, goes once and straight to the remembered page, and forgets it', async () => {
    // Spec §8: a 401 stored /settings and logged out; the visitor logs in again (after a reload).
    useSessionStore.getState().setRedirectPath('/settings');
    api.post.mockResolvedValue({ first_login: false });
    api.get.mockResolvedValue(sessionUser({ last_login: '2030-01-01T00:00:00.000Z' }));
    const { router } = renderRoutes(buildRouteObjects(ROUTES), '/auth/login');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    // One navigation: no detour through the dashboard that the guest guard of the login page
    // would send a logged-in visitor to (two navigations race: the later one wins).
    expect(visited).toEqual(['/settings']);
    expect(useSessionStore.getState().redirectPath).toBeNull();
    useSessionStore.getState().clear();
  });

  it('shows the not-found screen for an unknown path', async () => {
    renderRoutes(buildRouteObjects(ROUTES), '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Not found · FYN'));
  });

  it('has a header with theme switch, notifications and the user menu', async () => {
    useSessionStore.getState().logIn(sessionUser({ name: 'Ann Agent' }));
    renderRoutes(buildRouteObjects(ROUTES), '/billing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    const header = screen.getByRole('banner');

    await userEvent.click(within(header).getByRole('switch', { name: 'Dark theme' }));
    expect(useThemeStore.getState().mode).toBe('dark');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    useThemeStore.getState().setMode('light');

    await userEvent.click(within(header).getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeTruthy();

    await userEvent.click(within(header).getByRole('button', { name: 'Account menu of Ann Agent' }));
    for (const item of ['Profile', 'Settings', 'Billing', 'Log out']) expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
    useSessionStore.getState().clear();
  });

  it('shows the server-error text when a screen fails (error boundary)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderRoutes([{ path: '/', element: <ErrorBoundary><Broken /></ErrorBoundary> }], '/');
    expect((await screen.findByRole('alert')).textContent).toContain('Internal Server Error. Please try again later.');
    error.mockRestore();
  });
});
