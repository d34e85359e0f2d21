import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface ShellState {
  /** The side menu shows icons only. */
  siderCollapsed: boolean;
  setSiderCollapsed: (collapsed: boolean) => void;
}

/** How the user left the app shell (kept in this browser). */
export const useShellStore = create<ShellState>()(
  persist((set) => ({ siderCollapsed: false, setSiderCollapsed: (siderCollapsed) => set({ siderCollapsed }) }), {
    name: 'fyn-shell',
    storage: createJSONStorage(() => localStorage),
  }),
);
