import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '#shared/api/user.ts';
import { appPath } from '../lib/navigation.ts';
import { useSessionStore } from '../lib/session-store.ts';

/** Guards of docs/product.md#guards. `tracking` is named by the product spec but not defined: it is skipped. */
export type GuardName = 'auth' | 'guest' | 'organisation' | 'user' | 'tracking';

export const DEFAULT_GUARDS: readonly GuardName[] = ['auth'];

/** Premium: the organisation is active, or premium is forced (docs/product.md#premium; the server decides). */
export function isPremium(user: SessionUser | null): boolean {
  return Boolean(user?.premium) || user?.organisation?.status === 'active';
}

/** Where a guard sends the visitor instead, or null to let them through. */
export function guardRedirect(
  guard: GuardName,
  session: { isLoggedIn: boolean; user: SessionUser | null },
): string | null {
  switch (guard) {
    case 'auth':
      return session.isLoggedIn ? null : '/auth/login';
    case 'guest':
      return session.isLoggedIn ? '/' : null;
    case 'organisation':
      return session.user?.organisation || isPremium(session.user) ? null : '/404';
    case 'user':
    case 'tracking':
      return null;
  }
}

/**
 * Goes to `to`, once: the target is kept from the first render, so that forgetting the stored
 * path (which changes what the guard would say) does not send the visitor on a second time.
 * `remember` stores the wanted page; `forget` drops the stored one, now used.
 */
function Redirect({ to, remember, forget }: { to: string; remember: string | null; forget: boolean }) {
  const [target] = useState(to);
  useLayoutEffect(() => {
    if (remember) useSessionStore.getState().setRedirectPath(remember);
    if (forget) useSessionStore.getState().setRedirectPath(null);
  }, [remember, forget]);
  return <Navigate to={target} replace />;
}

/**
 * The mailed invitation link is /auth/sign-up?invitation=…; a logged-in user, whom the guest
 * guard would send home, goes to the screen that accepts it instead.
 */
export function invitationRedirect(pathname: string, search: string): string | null {
  return pathname === '/auth/sign-up' && new URLSearchParams(search).has('invitation') ? `/invitations/accept${search}` : null;
}

/**
 * Renders children when every guard lets the visitor through; redirects otherwise. A
 * logged-out visitor's wanted page is remembered (also by the API client on a 401), and the
 * guest guard of the login and sign-up screens is what takes them there once they are logged
 * in: the one navigation after a login (a second one, by the screen, would race this one).
 */
export function Guarded({ guards, children }: { guards: readonly GuardName[]; children: ReactNode }) {
  const location = useLocation();
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const user = useSessionStore((s) => s.user);
  const stored = appPath(useSessionStore((s) => s.redirectPath), '/auth');
  for (const guard of guards) {
    let to = guardRedirect(guard, { isLoggedIn, user });
    if (to === null) continue;
    const invitation = guard === 'guest' ? invitationRedirect(location.pathname, location.search) : null;
    if (guard === 'guest') to = invitation ?? stored ?? to;
    const remember = guard === 'auth' ? `${location.pathname}${location.search}${location.hash}` : null;
    return <Redirect to={to} remember={remember} forget={guard === 'guest' && !invitation && stored !== null} />;
  }
  return children;
}

/** Whether every guard of a list lets this session through (menus offer only such pages). */
export function passesGuards(
  guards: readonly GuardName[],
  session: { isLoggedIn: boolean; user: SessionUser | null },
): boolean {
  return guards.every((guard) => guardRedirect(guard, session) === null);
}
