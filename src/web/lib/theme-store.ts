import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ThemeMode = 'light' | 'dark';

interface ThemeState {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

/** Colour scheme, light by default (docs/product.md#interface); the switch itself comes with the app shell. */
export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ mode: 'light', setMode: (mode) => set({ mode }) }), {
    name: 'fyn-theme',
    storage: createJSONStorage(() => localStorage),
  }),
);
