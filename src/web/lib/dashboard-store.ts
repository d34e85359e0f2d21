import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { defaultWidgets, moveWidget, setWidgetVisible, widgetsFromSequence, type Widget, type WidgetKey } from '#shared/dashboard/widget-rules.ts';

/** A place chosen for the weather widget (a UN/LOCODE location). */
export type WeatherPlace = { code: string; name: string; country: string; lat: number; lon: number };

export interface DashboardState {
  widgets: Widget[];
  /** True once a layout came from the server or the user: only then are changes saved (docs/product.md#saving-the-layout). */
  hasPrevious: boolean;
  weatherPlace: WeatherPlace | null;
  /** Takes the layout saved with the user (malformed or missing → defaults). */
  load: (sequence: unknown) => void;
  move: (from: WidgetKey, to: WidgetKey) => void;
  setVisible: (key: WidgetKey, visible: boolean) => void;
  setWeatherPlace: (place: WeatherPlace | null) => void;
  reset: () => void;
}

const initial = () => ({ widgets: defaultWidgets(), hasPrevious: false, weatherPlace: null });

export const useDashboardStore = create<DashboardState>()(
  persist(
    (set) => ({
      ...initial(),
      // A change is saved only when a previous list existed (docs/product.md#saving-the-layout): the one loaded here.
      load: (sequence) => set({ widgets: widgetsFromSequence(sequence), hasPrevious: true }),
      move: (from, to) => set((s) => ({ widgets: moveWidget(s.widgets, from, to) })),
      setVisible: (key, visible) => set((s) => ({ widgets: setWidgetVisible(s.widgets, key, visible) })),
      setWeatherPlace: (weatherPlace) => set({ weatherPlace }),
      reset: () => set(initial()),
    }),
    {
      name: 'fyn-dashboard',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ widgets, hasPrevious, weatherPlace }) => ({ widgets, hasPrevious, weatherPlace }),
      // A stored layout that no longer parses falls back to the defaults.
      merge: (stored, current) => {
        const s = (stored ?? {}) as Partial<DashboardState>;
        const widgets = Array.isArray(s.widgets) && s.widgets.length ? widgetsFromSequence(Object.fromEntries(s.widgets.map((w) => [w.key, w.position]))) : current.widgets;
        return { ...current, ...s, widgets };
      },
    },
  ),
);
