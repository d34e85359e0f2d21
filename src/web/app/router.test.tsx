import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../test/render.tsx';
import { buildRouteObjects, documentTitle } from './router.tsx';
import { ROUTES, routeFor } from './routes.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ api }));

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
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByText('Forward Your Network')).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Log in · FYN'));
  });

  it('shows the not-found screen for an unknown path', async () => {
    renderRoutes(buildRouteObjects(ROUTES), '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found · FYN'));
  });
});
