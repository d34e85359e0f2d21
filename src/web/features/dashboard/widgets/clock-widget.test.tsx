import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderScreen } from '../../../test/render.tsx';
import { sessionUser } from '../../../test/fixtures.ts';
import { ClockWidget } from './clock-widget.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ api }));

const org = { id: 'o1', name: 'Northwind', status: 'active' };

describe('clock widget', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.useRealTimers());

  it('shows the local time, date and time zone, ticking every second, and no invented clocks', async () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 15, 9, 30, 5) });
    useSessionStore.getState().logIn(sessionUser());
    const { container } = renderScreen(<ClockWidget />, '/');
    const time = container.querySelector('time');
    expect(time?.textContent).toBe('9:30:05 AM');
    expect(screen.getByText('Thursday, January 15, 2026')).toBeTruthy();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone.replace(/_/g, ' ');
    expect(screen.getByText(new RegExp(`^Time zone: ${zone}`))).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(time?.textContent).toBe('9:30:06 AM');
    expect(screen.getByText(/Add your other offices in the control centre/)).toBeTruthy();
    expect(api.list).not.toHaveBeenCalled();
  });

  it("shows each office's time in its own zone, with the day when it differs", async () => {
    // 23:30 in London on 15 January is 07:30 on the 16th in Shanghai and 18:30 on the 15th in New York.
    vi.useFakeTimers({ now: new Date(Date.UTC(2026, 0, 15, 23, 30, 0)), toFake: ['Date'] });
    useSessionStore.getState().logIn(sessionUser({ organisation: org, permissions: ['control_centre.view'] }));
    api.list.mockResolvedValue({
      data: [
        { id: 'c1', name: 'Shanghai origin desk', time_zone: 'Asia/Shanghai' },
        { id: 'c2', name: 'New York agent', time_zone: 'America/New_York' },
      ],
      meta: { total: 2 },
    });
    renderScreen(<ClockWidget />, '/');
    const shanghai = (await screen.findByText('Shanghai origin desk')).closest('li')!;
    expect(shanghai.textContent).toContain('7:30 AM');
    const newYork = screen.getByText('New York agent').closest('li')!;
    expect(newYork.textContent).toContain('6:30 PM');
    const localDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    // The offset is relative to the reader's own calendar day.
    expect(shanghai.textContent?.includes('+1 day')).toBe(localDay === '2026-01-15');
    expect(api.list).toHaveBeenCalledWith('/clocks', expect.objectContaining({ silent: true }));
  });
});
