import { useDashboardStore } from './dashboard-store.ts';
import { useDrawerStore } from './drawer-store.ts';
import { useOrganisationStore } from './organisation-store.ts';
import { usePlanStore } from './plan-store.ts';
import { useSessionStore } from './session-store.ts';

const cleanups = new Set<() => void>();

/**
 * More state to forget on logout, registered by the module that holds it (the query cache
 * registers itself when it loads, so that this module, on every page, does not load it).
 */
export function onSessionCleared(cleanup: () => void): void {
  cleanups.add(cleanup);
}

/** Cookies the browser can read (the session cookie is httpOnly: the server clears it). */
const READABLE_COOKIES = ['XSRF-TOKEN'];

/**
 * docs/product.md#logout: logging out, or any 401, clears the session, cookies, dashboard, drawer, organisation
 * and plans. The redirect path survives: it is where the next login returns to.
 */
export function clearSessionState(): void {
  useSessionStore.getState().clear();
  useDashboardStore.getState().reset();
  useDrawerStore.getState().reset();
  useOrganisationStore.getState().reset();
  usePlanStore.getState().reset();
  for (const cleanup of cleanups) cleanup();
  for (const name of READABLE_COOKIES) document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}
