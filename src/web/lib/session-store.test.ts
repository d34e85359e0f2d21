import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store.ts';
import { sessionUser } from '../test/fixtures.ts';

const user = sessionUser();

describe('session store', () => {
  it('logs in, persists in localStorage and clears', () => {
    useSessionStore.getState().logIn(user, { firstLogin: true });
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: true, user, welcome: true });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state.isLoggedIn).toBe(true);

    useSessionStore.getState().clear();
    expect(useSessionStore.getState()).toMatchObject({ isLoggedIn: false, user: null, welcome: false });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state.user).toBeNull();
  });

  it('sets the welcome flag only for a first login of a user who never logged in', () => {
    useSessionStore.getState().logIn(user, { firstLogin: false });
    expect(useSessionStore.getState().welcome).toBe(false);
    useSessionStore.getState().logIn({ ...user, last_login: '2026-01-01T00:00:00Z' }, { firstLogin: true });
    expect(useSessionStore.getState().welcome).toBe(false);
    useSessionStore.getState().clear();
  });
});
