import type { SessionUser } from '#shared/api/user.ts';
import { api } from './api-client.ts';
import { isApiFailure } from './api-failure.ts';
import { navigateTo } from './navigation.ts';
import { clearSessionState } from './clear-session.ts';
import { useSessionStore } from './session-store.ts';

let readAt = Number.NEGATIVE_INFINITY;

/** GET /api/user (`silent`: no network or server error notice). */
export async function fetchSessionUser(silent = false): Promise<SessionUser> {
  const user = await (silent ? api.get<SessionUser>('/user', { silent }) : api.get<SessionUser>('/user'));
  readAt = Date.now();
  return user;
}

/**
 * After a successful login (or OTP verification): fetch the user and keep it. The guest guard
 * of the screen then sends the user on, to the remembered page or home (app/guards.tsx).
 * Rejects when the user cannot be fetched (the API client has then already navigated for
 * `email_verification_required`).
 */
export async function completeLogin(firstLogin: boolean): Promise<void> {
  const user = await fetchSessionUser();
  useSessionStore.getState().logIn(user, { firstLogin });
}

let reading: Promise<void> | null = null;

/**
 * GET /api/user into the session store: one call however many ask while it is under way, and
 * none when the user was read less than `maxAge` ms ago. Rejects with the call's failure (the
 * API client has then handled a 401).
 */
export function loadSessionUser({ maxAge = 0, silent = false }: { maxAge?: number; silent?: boolean } = {}): Promise<void> {
  if (reading) return reading;
  if (Date.now() - readAt < maxAge) return Promise.resolve();
  reading = fetchSessionUser(silent)
    .then((user) => {
      if (useSessionStore.getState().isLoggedIn) useSessionStore.getState().setUser(user);
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}

let refreshing: Promise<void> | null = null;

/** On app start: the stored session is only a hint, the server has the truth. Runs once. */
export function refreshSession(): Promise<void> {
  refreshing ??= refreshStoredSession();
  return refreshing;
}

async function refreshStoredSession(): Promise<void> {
  if (!useSessionStore.getState().isLoggedIn) return;
  try {
    await loadSessionUser();
  } catch (error) {
    // 401 and email_verification_required are handled (and the session cleared) by the client.
    if (isApiFailure(error) && error.status === 401) clearSessionState();
  }
}

/** Logs out; a failing call is only logged (docs/product.md#logout), the browser forgets the session anyway. */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout', undefined, { silent: true });
  } catch (error) {
    console.warn('Logout failed', error);
  }
  clearSessionState();
  useSessionStore.getState().setRedirectPath(null);
  navigateTo('/auth/login', { replace: true });
}
