import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import type { WidgetSequence } from '#shared/dashboard/widget-rules.ts';
import { useDashboardStore } from '../../lib/dashboard-store.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';
import { WIDGET_SAVE_DELAY_MS } from './use-widget-save.ts';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const DEFAULT_TITLES = ['Analytics', 'CRM', 'Clock', 'Department', 'Weather', 'Calendar'];

function logIn(widget_sequence: unknown, overrides: Parameters<typeof sessionUser>[0] = {}) {
  useSessionStore.getState().logIn(sessionUser({ widget_sequence: widget_sequence as WidgetSequence | null, ...overrides }));
}

function renderDashboard() {
  return renderScreen(<DashboardScreen />, '/', { '/organisation/create': 'create organisation page' });
}

/** The widget titles in the order shown. */
function shownTitles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
}

/** What dnd-kit's live region says, in order. */
function listenToAnnouncements(): string[] {
  const said: string[] = [];
  const region = document.querySelector('[id^="DndLiveRegion"]');
  if (!region) throw new Error('no live region');
  new MutationObserver(() => {
    if (region.textContent) said.push(region.textContent);
  }).observe(region, { childList: true, characterData: true, subtree: true });
  return said;
}

// The test DOM lays nothing out: give each widget card a place in one column, in document order,
// so that dnd-kit's keyboard sensor can find the card below or above.
const originalRect = Element.prototype.getBoundingClientRect;
beforeAll(() => {
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const card = this.closest('[data-widget]');
    if (!card) return originalRect.call(this);
    const index = [...document.querySelectorAll('[data-widget]')].indexOf(card);
    const top = 10 + index * 110;
    const box = card === this ? { top, left: 10, width: 300, height: 100 } : { top: top + 10, left: 270, width: 40, height: 40 };
    return { ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height, toJSON: () => box } as DOMRect;
  };
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => vi.useRealTimers());

/** A card's handle once drag and drop has loaded (the dashboard shows the cards first, sortable-grid.tsx after). */
async function findDragHandle(name: string): Promise<HTMLElement> {
  // A pointer over the grid (or the keyboard focus) asks for drag and drop.
  fireEvent.pointerOver(await screen.findByRole('button', { name }));
  return waitFor(() => {
    const handle = screen.getByRole('button', { name });
    const described = handle.getAttribute('aria-describedby');
    // dnd-kit's instructions and live region join the page just after the grid.
    if (!described || !document.getElementById(described) || !document.querySelector('[id^="DndLiveRegion"]')) {
      throw new Error('drag and drop has not loaded yet');
    }
    return handle;
  });
}

describe('dashboard screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.post.mockResolvedValue(undefined);
    api.get.mockImplementation(() => new Promise(() => {}));
    useSessionStore.getState().clear();
    useDashboardStore.getState().reset();
  });

  it('shows the default widgets, in the spec order, for a malformed saved sequence', async () => {
    logIn({ calendar: 'first', crm: -3 });
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(shownTitles()).toEqual(DEFAULT_TITLES);
  });

  it('shows the saved layout: visible widgets in their positions, hidden ones not at all', async () => {
    logIn({ calendar: 1, crm: 2, clock: 0, connections: 3 });
    renderDashboard();
    await screen.findByRole('heading', { level: 1 });
    expect(shownTitles()).toEqual(['Calendar', 'CRM', 'Connections']);
  });

  it('tells the truth where there is no data yet', async () => {
    logIn(null);
    renderDashboard();
    const analytics = await screen.findByRole('region', { name: 'Analytics' });
    expect(analytics.textContent).toContain('Analytics appear once your organisation records quotations and shipments.');
    expect(within(analytics).getByRole('link', { name: 'Create your organisation' }).getAttribute('href')).toBe('/organisation/create');
    expect(screen.getByRole('region', { name: 'CRM' }).textContent).toContain('No CRM activity yet');
    expect(screen.getByRole('region', { name: 'Department' }).textContent).toContain('No departments yet');
  });

  it('links the CRM when the user has an organisation and may see it, and shows their own figures of twelve months', async () => {
    const analytics = {
      currency: 'GBP', kpis: { revenue_minor: 1_234_500, gross_profit_minor: 234_500, margin_pct: '19.00', shipments: 7, quotes_sent: 2 },
      series: [{ revenue_minor: 100 }, { revenue_minor: 300 }, { revenue_minor: 200 }],
    };
    api.get.mockImplementation(async (path: string, options?: { params?: Record<string, string> }) =>
      path === '/crm/summary'
        ? { currency: 'GBP', leads: { new: 1, contacted: 0, qualified: 0, converted: 0, lost: 0 }, pipelines: [], expiring: [], win_rate: { days: 90, accepted: 0, declined: 0, expired: 0, pct: null } }
        : path === '/analytics/summary' && options?.params?.scope === 'me' ? analytics : [],
    );
    logIn(null, { organisation: { id: 'o1', name: 'Northwind', status: 'active' }, permissions: ['crm.view'] });
    renderDashboard();
    const crm = await screen.findByRole('region', { name: 'CRM' });
    expect((await within(crm).findByRole('link', { name: 'Open the CRM' })).getAttribute('href')).toBe('/organisation/crm');
    const widget = screen.getByRole('region', { name: 'Analytics' });
    // Without analytics.view: the member's own figures, and their own page.
    expect((await within(widget).findByRole('link', { name: 'Open my analytics' })).getAttribute('href')).toBe('/analytics');
    expect(widget.textContent).toContain('£12,345.00');
    expect(widget.textContent).toContain('19%');
    expect(widget.querySelector('svg polyline')).toBeTruthy();
  });

  it('hides and shows widgets, connections included, through Customise, and saves 1 s after the last change', async () => {
    logIn({ organisationAnalytics: 1, crm: 2, clock: 3, organisationDepartment: 4, weather: 5, calendar: 6 });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Customise' }));
    const panel = await screen.findByRole('group', { name: 'Show on the dashboard' });
    const crm = within(panel).getByRole('checkbox', { name: 'CRM' }) as HTMLInputElement;
    const connections = within(panel).getByRole('checkbox', { name: 'Connections' }) as HTMLInputElement;
    expect(crm.checked).toBe(true);
    expect(connections.checked).toBe(false);

    vi.useFakeTimers();
    fireEvent.click(crm);
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(connections);
    expect(shownTitles()).toEqual(['Analytics', 'Clock', 'Department', 'Weather', 'Calendar', 'Connections']);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(api.post).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith(
      '/user/widget-positions',
      { widget_sequence: { organisationAnalytics: 1, clock: 2, organisationDepartment: 3, weather: 4, calendar: 5, connections: 6, crm: 0 } },
      { silent: true },
    );
    vi.useRealTimers();

    fireEvent.click(crm);
    expect(shownTitles().at(-1)).toBe('CRM');
  });

  it('starts a user without a saved layout on the defaults and saves their first change', async () => {
    logIn(null);
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Customise' }));
    const clock = within(await screen.findByRole('group')).getByRole('checkbox', { name: 'Clock' });
    vi.useFakeTimers();
    fireEvent.click(clock);
    await act(() => vi.advanceTimersByTimeAsync(WIDGET_SAVE_DELAY_MS));
    expect(shownTitles()).not.toContain('Clock');
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.post).mock.calls[0][1]).toMatchObject({ widget_sequence: { clock: 0, organisationAnalytics: 1 } });
  });

  it('says so when every widget is hidden', async () => {
    logIn({ calendar: 1 });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Customise' }));
    await userEvent.click(within(await screen.findByRole('group')).getByRole('checkbox', { name: 'Calendar' }));
    expect(await screen.findByText('All cards are hidden. Choose the ones to show with Customise.')).toBeTruthy();
  });

  it('moves a widget by keyboard with its handle and announces the move', async () => {
    logIn({ organisationAnalytics: 1, crm: 2, clock: 3 });
    renderDashboard();
    const handle = await findDragHandle('Move the Analytics card');
    expect(handle.getAttribute('aria-roledescription')).toBe('movable card');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toContain('press Space or Enter');

    const said = listenToAnnouncements();
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(said).toContain('Picked up the Analytics card. It is in position 1 of 3.'));
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    });
    await waitFor(() => expect(said).toContain('The Analytics card is over position 2 of 3.'));
    // The drop, then the save's own 1 s timer: fake time, so the test waits for neither.
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    expect(shownTitles()).toEqual(['CRM', 'Analytics', 'Clock']);
    expect(said.at(-1)).toBe('The Analytics card was dropped in position 2 of 3.');
    expect(said.filter((text) => text.includes('position 1 of 3'))).toHaveLength(1);
    expect(api.post).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(WIDGET_SAVE_DELAY_MS));
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post.mock.calls[0]?.[1]).toEqual({
      widget_sequence: { crm: 1, organisationAnalytics: 2, clock: 3, organisationDepartment: 0, weather: 0, calendar: 0, connections: 0 },
    });
  });

  it('shows the cards before drag and drop loads, and a focused handle keeps the focus when it does', async () => {
    logIn({ organisationAnalytics: 1, crm: 2, clock: 3 });
    renderDashboard();
    const plain = await screen.findByRole('button', { name: 'Move the CRM card' });
    // The plain card: no drag-and-drop wiring yet.
    expect(plain.getAttribute('aria-describedby')).toBeNull();
    plain.focus();
    fireEvent.focus(plain);
    const handle = await findDragHandle('Move the CRM card');
    expect(handle).not.toBe(plain);
    await waitFor(() => expect(document.activeElement).toBe(handle));
  });

  it('cancels a keyboard move with Escape', async () => {
    logIn({ organisationAnalytics: 1, crm: 2 });
    renderDashboard();
    const handle = await findDragHandle('Move the CRM card');
    const said = listenToAnnouncements();
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Enter', key: 'Enter' });
    });
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' });
    });
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' });
    });
    await waitFor(() => expect(said.at(-1)).toBe('Moving was cancelled. The CRM card stays in position 2 of 2.'));
    expect(shownTitles()).toEqual(['Analytics', 'CRM']);
  });

  it('shows the welcome banner after a first login until it is dismissed', async () => {
    useSessionStore.getState().logIn(sessionUser({ name: 'Ann' }), { firstLogin: true });
    renderDashboard();
    expect(await screen.findByText('Welcome to FYN, Ann!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close the welcome message' }));
    await waitFor(() => expect(screen.queryByText('Welcome to FYN, Ann!')).toBeNull());
    expect(useSessionStore.getState().welcome).toBe(false);
  });

  it('shows the current month, today highlighted', async () => {
    logIn({ calendar: 1 });
    renderDashboard();
    const calendar = await screen.findByRole('region', { name: 'Calendar' });
    const today = await waitFor(() => {
      const cell = calendar.querySelector('time[aria-current="date"]');
      if (!cell) throw new Error('no calendar yet');
      return cell;
    });
    expect(today.getAttribute('datetime')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(today.textContent).toBe(String(dayjs().date()));
    const title = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
    expect(within(calendar).getByRole('table', { name: title })).toBeTruthy();
    expect(within(calendar).getAllByRole('columnheader')).toHaveLength(7);
    await userEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    const next = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(dayjs().add(1, 'month').toDate());
    expect(await within(calendar).findByRole('table', { name: next })).toBeTruthy();
    // Today is no day of next month (near a month's end it may still show among the leading days).
    const nextMonth = dayjs().add(1, 'month').format('YYYY-MM');
    expect(calendar.querySelector('time[aria-current="date"]')?.getAttribute('datetime') ?? '').not.toMatch(new RegExp(`^${nextMonth}`));
  });
});
