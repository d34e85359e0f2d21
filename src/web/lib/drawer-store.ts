import type { ReactNode } from 'react';
import { create } from 'zustand';

/** Drawer state of docs/product.md#drawer. `type` names what the drawer shows; `data` is that content's input. */
export interface DrawerSettings {
  side: 'right' | 'left' | 'top' | 'bottom';
  width: number | string;
  title: ReactNode;
  loading: boolean;
  data: unknown;
  type: string | null;
  /** Clicking the mask closes the drawer. */
  overlayClickable: boolean;
  /** No padding under the content (forms with their own footer). */
  dontPadBottom: boolean;
}

export interface DrawerState extends DrawerSettings {
  open: boolean;
  /** Opens the drawer with the given settings over the defaults. */
  openDrawer: (settings: Partial<DrawerSettings>) => void;
  setLoading: (loading: boolean) => void;
  /** Hides the drawer; its content resets to the defaults 400 ms later (docs/product.md#drawer). */
  closeDrawer: () => void;
  reset: () => void;
}

export const DRAWER_DEFAULTS: DrawerSettings = {
  side: 'right',
  width: 600,
  title: null,
  loading: false,
  data: null,
  type: null,
  overlayClickable: true,
  dontPadBottom: false,
};
export const DRAWER_RESET_DELAY_MS = 400;

let resetTimer: ReturnType<typeof setTimeout> | undefined;

export const useDrawerStore = create<DrawerState>()((set) => ({
  ...DRAWER_DEFAULTS,
  open: false,
  openDrawer: (settings) => {
    clearTimeout(resetTimer);
    set({ ...DRAWER_DEFAULTS, ...settings, open: true });
  },
  setLoading: (loading) => set({ loading }),
  closeDrawer: () => {
    set({ open: false });
    clearTimeout(resetTimer);
    resetTimer = setTimeout(() => set({ ...DRAWER_DEFAULTS }), DRAWER_RESET_DELAY_MS);
  },
  reset: () => {
    clearTimeout(resetTimer);
    set({ ...DRAWER_DEFAULTS, open: false });
  },
}));
