import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SessionUser } from '#shared/api/user.ts';

export interface SessionState {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** Where to go after the next login (the page a logged-out visitor asked for). */
  redirectPath: string | null;
  /** Show the welcome feed: the login was a first login and the user had never logged in. */
  welcome: boolean;
  setUser: (user: SessionUser) => void;
  logIn: (user: SessionUser, options?: { firstLogin?: boolean }) => void;
  setRedirectPath: (path: string | null) => void;
  dismissWelcome: () => void;
  /** Logged out: forgets the user and the welcome flag; keeps the redirect path. */
  clear: () => void;
}

export const SESSION_STORAGE_KEY = 'fyn-session';

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      isLoggedIn: false,
      redirectPath: null,
      welcome: false,
      setUser: (user) => set({ user }),
      logIn: (user, options) =>
        set({ user, isLoggedIn: true, welcome: Boolean(options?.firstLogin) && user.last_login === null }),
      setRedirectPath: (redirectPath) => set({ redirectPath }),
      dismissWelcome: () => set({ welcome: false }),
      clear: () => set({ user: null, isLoggedIn: false, welcome: false }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, isLoggedIn, redirectPath, welcome }) => ({ user, isLoggedIn, redirectPath, welcome }),
    },
  ),
);
