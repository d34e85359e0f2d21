import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDashboardStore } from '../../lib/dashboard-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { useWidgetLayoutSave, WIDGET_SAVE_DELAY_MS } from './use-widget-save.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const saved = { organisationAnalytics: 1, crm: 2, clock: 3, organisationDepartment: 4, weather: 5, calendar: 6, connections: 0 };

/** Logged in with a saved layout, loaded as the dashboard does. */
function loggedInWithLayout() {
  useSessionStore.getState().logIn(sessionUser({ widget_sequence: saved }));
  useDashboardStore.getState().load(saved);
}

describe('saving the dashboard layout', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.post.mockResolvedValue(undefined);
    useSessionStore.getState().clear();
    useDashboardStore.getState().reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('saves once, 1 second after the last change, with the final sequence', async () => {
    loggedInWithLayout();
    const { result } = renderHook(() => useWidgetLayoutSave());
    act(() => {
      useDashboardStore.getState().move('calendar', 'organisationAnalytics');
      result.current();
    });
    await act(() => vi.advanceTimersByTimeAsync(600));
    act(() => {
      useDashboardStore.getState().setVisible('connections', true);
      result.current();
    });
    await act(() => vi.advanceTimersByTimeAsync(WIDGET_SAVE_DELAY_MS - 1));
    expect(api.post).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const sequence = { calendar: 1, organisationAnalytics: 2, crm: 3, clock: 4, organisationDepartment: 5, weather: 6, connections: 7 };
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/user/widget-positions', { widget_sequence: sequence }, { silent: true });
    // The session's copy follows what was saved.
    expect(useSessionStore.getState().user?.widget_sequence).toEqual(sequence);
  });

  it('never saves when logged out', async () => {
    loggedInWithLayout();
    const { result } = renderHook(() => useWidgetLayoutSave());
    act(() => {
      useDashboardStore.getState().setVisible('crm', false);
      result.current();
    });
    act(() => useSessionStore.getState().clear());
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('never saves when no previous list existed', async () => {
    useSessionStore.getState().logIn(sessionUser({ widget_sequence: null }));
    const { result } = renderHook(() => useWidgetLayoutSave());
    act(() => {
      useDashboardStore.getState().setVisible('crm', false);
      result.current();
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('only logs a failed save', async () => {
    loggedInWithLayout();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.post.mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useWidgetLayoutSave());
    act(() => {
      useDashboardStore.getState().setVisible('crm', false);
      result.current();
    });
    await act(() => vi.advanceTimersByTimeAsync(WIDGET_SAVE_DELAY_MS));
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Saving the dashboard layout failed', expect.any(Error));
    expect(useSessionStore.getState().user?.widget_sequence).toEqual(saved);
    error.mockRestore();
  });

  it('makes a pending save at once when the dashboard closes', async () => {
    loggedInWithLayout();
    const { result, unmount } = renderHook(() => useWidgetLayoutSave());
    act(() => {
      useDashboardStore.getState().setVisible('crm', false);
      result.current();
    });
    unmount();
    expect(api.post).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.post).toHaveBeenCalledTimes(1);
  });
});
