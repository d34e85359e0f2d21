import { useCallback, useEffect, useRef } from 'react';
import { sequenceFromWidgets } from '#shared/dashboard/widget-rules.ts';
import { api } from '../../lib/api-client.ts';
import { useDashboardStore } from '../../lib/dashboard-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** docs/product.md#saving-the-layout: the layout is saved 1 second after the last change. */
export const WIDGET_SAVE_DELAY_MS = 1000;

/**
 * docs/product.md#saving-the-layout: saves the layout as it is then, only when logged in and when a previous list
 * existed (the user's layout came from the server). Errors are only logged (docs/product.md#error-notices).
 */
export function saveWidgetLayout(): Promise<void> {
  const { isLoggedIn, user } = useSessionStore.getState();
  const { widgets, hasPrevious } = useDashboardStore.getState();
  if (!isLoggedIn || !user || !hasPrevious) return Promise.resolve();
  const sequence = sequenceFromWidgets(widgets);
  return api
    .post('/user/widget-positions', { widget_sequence: sequence }, { silent: true })
    .then(() => {
      // Keep the session's copy in step, so that the next visit loads what was saved.
      const current = useSessionStore.getState().user;
      if (current && current.id === user.id) useSessionStore.getState().setUser({ ...current, widget_sequence: sequence });
    })
    .catch((error: unknown) => {
      console.error('Saving the dashboard layout failed', error);
    });
}

/**
 * Answers `changed()`, to call after each change of the layout: the save happens
 * WIDGET_SAVE_DELAY_MS after the last call. A save still pending when the dashboard closes is
 * made at once.
 */
export function useWidgetLayoutSave(): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current === null) return;
      clearTimeout(timer.current);
      timer.current = null;
      void saveWidgetLayout();
    },
    [],
  );

  return useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void saveWidgetLayout();
    }, WIDGET_SAVE_DELAY_MS);
  }, []);
}
