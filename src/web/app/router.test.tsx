import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '../lib/session-store.ts';
import { useThemeStore } from '../lib/theme-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { sessionUser } from '../test/fixtures.ts';
import { buildRouteObjects, documentTitle, ErrorBoundary } from './router.tsx';
import { ROUTES, routeFor } from './routes.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ api, authEvents: {} }));

const slow = { timeout: 5000 };

describe('app routes', () => {
  it('finds the route of a path, and the catch-all for unknown paths', () => {
    expect(routeFor('/auth/login')?.titleKey).toBe('titles.login');
    expect(routeFor('/')?.titleKey).toBe('titles.dashboard');
    expect(routeFor('/no/such/page')?.path).toBe('*');
  });

  it('titles the document "<screen> · FYN"', () => {
    expect(documentTitle('Log in')).toBe('Log in · FYN');
  });

  it('sends a logged-out visitor from / to the login screen, inside the auth layout', async () => {
    const { router } = renderRoutes(buildRouteObjects(ROUTES), '/');
    expect(await screen.findByRole('button', { name: 'Log in' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByText('Forward Your Network')).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Log in · FYN'));
  });

  it('shows the not-found screen for an unknown path', async () => {
    renderRoutes(buildRouteObjects(ROUTES), '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · FYN'));
  });

  it('shows a later issue’s screen honestly: title, breadcrumb, not available yet', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, premium: true }));
    renderRoutes(buildRouteObjects(ROUTES), '/organisation/crm/quotation-management/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotation' }, slow)).toBeTruthy();
    expect(screen.getByText('Not available yet')).toBeTruthy();
    const crumbs = screen.getByRole('link', { name: 'Quotation management' });
    expect(crumbs.getAttribute('href')).toBe('/organisation/crm/quotation-management');
    await waitFor(() => expect(document.title).toBe('Quotation · FYN'));
    useSessionStore.getState().clear();
  });

  it('has a header with theme switch, notifications and the user menu', async () => {
    useSessionStore.getState().logIn(sessionUser({ name: 'Ann Agent' }));
    renderRoutes(buildRouteObjects(ROUTES), '/billing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' }, slow)).toBeTruthy();
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
