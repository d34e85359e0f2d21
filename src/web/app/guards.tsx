import { useLayoutEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '#shared/api/user.ts';
import { useSessionStore } from '../lib/session-store.ts';

/** Guards of spec §2. `tracking` is named by the spec but not defined: it is skipped. */
export type GuardName = 'auth' | 'guest' | 'organisation' | 'user' | 'tracking';

export const DEFAULT_GUARDS: readonly GuardName[] = ['auth'];

/** Premium: the organisation is active, or premium is forced (spec §4; the server decides). */
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

function Redirect({ to, remember }: { to: string; remember: string | null }) {
  useLayoutEffect(() => {
    if (remember) useSessionStore.getState().setRedirectPath(remember);
  }, [remember]);
  return <Navigate to={to} replace />;
}

/**
 * The mailed invitation link is /auth/sign-up?invitation=…; a logged-in user, whom the guest
 * guard would send home, goes to the screen that accepts it instead.
 */
export function invitationRedirect(pathname: string, search: string): string | null {
  return pathname === '/auth/sign-up' && new URLSearchParams(search).has('invitation') ? `/invitations/accept${search}` : null;
}

/** Renders children when every guard lets the visitor through; redirects otherwise. */
export function Guarded({ guards, children }: { guards: readonly GuardName[]; children: ReactNode }) {
  const location = useLocation();
  const isLoggedIn = useSessionStore((s) => s.isLoggedIn);
  const user = useSessionStore((s) => s.user);
  for (const guard of guards) {
    let to = guardRedirect(guard, { isLoggedIn, user });
    if (to === null) continue;
    if (guard === 'guest') to = invitationRedirect(location.pathname, location.search) ?? to;
    // A logged-out visitor's wanted page is remembered; the login screen returns there.
    const remember = guard === 'auth' ? `${location.pathname}${location.search}${location.hash}` : null;
    return <Redirect to={to} remember={remember} />;
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
