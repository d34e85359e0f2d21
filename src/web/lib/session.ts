import type { SessionUser } from '#shared/api/user.ts';
import { api } from './api-client.ts';
import { isApiFailure } from './api-failure.ts';
import { navigateTo } from './navigation.ts';
import { clearSessionState } from './clear-session.ts';
import { useSessionStore } from './session-store.ts';

export function fetchSessionUser(): Promise<SessionUser> {
  return api.get<SessionUser>('/user');
}

/**
 * After a successful login (or OTP verification): fetch the user, keep it, and answer where to
 * go next. Rejects when the user cannot be fetched (the API client has then already navigated
 * for `email_verification_required`).
 */
export async function completeLogin(firstLogin: boolean): Promise<string> {
  const user = await fetchSessionUser();
  const store = useSessionStore.getState();
  store.logIn(user, { firstLogin });
  const redirect = store.takeRedirectPath();
  return redirect && redirect.startsWith('/') && !redirect.startsWith('/auth') ? redirect : '/';
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
    useSessionStore.getState().setUser(await fetchSessionUser());
  } catch (error) {
    // 401 and email_verification_required are handled (and the session cleared) by the client.
    if (isApiFailure(error) && error.status === 401) clearSessionState();
  }
}

/** Logs out; a failing call is only logged (spec §8), the browser forgets the session anyway. */
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
