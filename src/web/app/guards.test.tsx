import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useSessionStore } from '../lib/session-store.ts';
import { renderRoutes } from '../test/render.tsx';
import { guardRedirect, Guarded, isPremium, type GuardName } from './guards.tsx';
import { sessionUser } from '../test/fixtures.ts';

const user = sessionUser();

function routes(guards: Record<string, GuardName[]>) {
  return [
    ...Object.entries(guards).map(([path, list]) => ({
      path,
      element: (
        <Guarded guards={list}>
          <p>screen {path}</p>
        </Guarded>
      ),
    })),
    { path: '/auth/login', element: <p>login page</p> },
    { path: '/', element: <p>home page</p> },
    { path: '/404', element: <p>not found page</p> },
  ];
}

describe('guards', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    useSessionStore.getState().setRedirectPath(null);
  });

  it('auth: sends a logged-out visitor to the login and remembers the wanted path', async () => {
    renderRoutes(routes({ '/settings': ['auth'] }), '/settings?tab=2');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(useSessionStore.getState().redirectPath).toBe('/settings?tab=2');
  });

  it('auth: lets a logged-in user through', async () => {
    useSessionStore.getState().logIn(user);
    renderRoutes(routes({ '/settings': ['auth'] }), '/settings');
    expect(await screen.findByText('screen /settings')).toBeTruthy();
    useSessionStore.getState().clear();
  });

  it('guest: sends a logged-in user home', async () => {
    useSessionStore.getState().logIn(user);
    renderRoutes(routes({ '/auth/sign-up': ['guest'] }), '/auth/sign-up');
    expect(await screen.findByText('home page')).toBeTruthy();
    useSessionStore.getState().clear();
  });

  it('guest: sends a logged-in user to the remembered page, once, and forgets it', async () => {
    useSessionStore.getState().setRedirectPath('/settings?tab=2');
    useSessionStore.getState().logIn(user);
    const { router } = renderRoutes(routes({ '/auth/login': ['guest'], '/settings': ['auth'] }), '/auth/login');
    expect(await screen.findByText('screen /settings')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=2');
    expect(useSessionStore.getState().redirectPath).toBeNull();
  });

  it('guest: never sends anyone back to an /auth page or off the site', async () => {
    useSessionStore.getState().logIn(user);
    for (const stored of ['/auth/sign-up', '//evil.example/', 'https://evil.example/']) {
      useSessionStore.getState().setRedirectPath(stored);
      const view = renderRoutes(routes({ '/auth/sign-up': ['guest'] }), '/auth/sign-up');
      expect(await screen.findByText('home page')).toBeTruthy();
      view.unmount();
    }
  });

  it('guest: sends a logged-in user with an invitation link to the invitation screen', async () => {
    useSessionStore.getState().logIn(user);
    const { router } = renderRoutes(
      [...routes({ '/auth/sign-up': ['guest'] }), { path: '/invitations/accept', element: <p>invitation page</p> }],
      '/auth/sign-up?invitation=tok123&email=ann%40example.com',
    );
    expect(await screen.findByText('invitation page')).toBeTruthy();
    expect(router.state.location.search).toBe('?invitation=tok123&email=ann%40example.com');
    useSessionStore.getState().clear();
  });

  it('guest: lets a logged-out visitor through', async () => {
    renderRoutes(routes({ '/auth/sign-up': ['guest'] }), '/auth/sign-up');
    expect(await screen.findByText('screen /auth/sign-up')).toBeTruthy();
  });

  it('organisation: without an organisation goes to /404', async () => {
    useSessionStore.getState().logIn(user);
    renderRoutes(routes({ '/analytics': ['auth', 'organisation'] }), '/analytics');
    expect(await screen.findByText('not found page')).toBeTruthy();
    useSessionStore.getState().clear();
  });

  it('organisation: lets a member of an organisation, or a premium user, through', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'inactive' } }));
    renderRoutes(routes({ '/analytics': ['auth', 'organisation'] }), '/analytics');
    expect(await screen.findByText('screen /analytics')).toBeTruthy();
    useSessionStore.getState().clear();
    expect(isPremium(sessionUser({ premium: true }))).toBe(true);
    expect(isPremium(sessionUser())).toBe(false);
  });

  it('user and tracking: no check', () => {
    const out = { isLoggedIn: false, user: null };
    expect(guardRedirect('user', out)).toBeNull();
    expect(guardRedirect('tracking', out)).toBeNull();
  });
});
