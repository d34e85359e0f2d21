import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderUi } from '../../../test/render.tsx';
import { ClockWidget } from './clock-widget.tsx';

describe('clock widget', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the local time, date and time zone, ticking every second, and no invented clocks', async () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 15, 9, 30, 5) });
    const { container } = renderUi(<ClockWidget />);
    const time = container.querySelector('time');
    expect(time?.textContent).toBe('9:30:05 AM');
    expect(screen.getByText('Thursday, January 15, 2026')).toBeTruthy();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone.replace(/_/g, ' ');
    expect(screen.getByText(new RegExp(`^Time zone: ${zone}`))).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(time?.textContent).toBe('9:30:06 AM');
    expect(screen.getByText(/Clocks for your organisation’s other offices will appear here/)).toBeTruthy();
  });
});
