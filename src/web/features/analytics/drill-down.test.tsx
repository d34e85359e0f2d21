import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AnalyticsRow, AnalyticsSummary } from '#shared/api/analytics.ts';
import { renderRoutes } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { DrillDown } from './analytics-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const TOTAL = 60;
/** Row n of the figure's 60, newest first: BK-60 … BK-1. */
const row = (n: number): AnalyticsRow => ({
  kind: 'shipment', id: `s${n}`, number: `BK-${n}`, day: '2026-10-01', client_name: 'Harrogate Homewares Ltd', mode: 'sea_fcl', origin: 'CNSHA', destination: 'GBFXT',
  carrier: 'Maersk', salesperson: 'Ann', status: 'delivered', currency: 'GBP', sell_minor: 1000, buy_minor: 800, rate: '1', rate_date: '2026-10-01', rate_source: 'frozen_manual',
  revenue_minor: 1000, cost_minor: 800, gross_profit_minor: 200, teu: '1', chargeable_kg: '1000', on_time: true, co2e_kg: null,
});
/** The server's keyset pages: a cursor names the last row seen (here its number); 25 rows after it. */
function rowsAfter(params: Record<string, string>) {
  const after = params.cursor ? Number(params.cursor.replace('after-', '')) : TOTAL + 1;
  const rows = Array.from({ length: TOTAL }, (_, i) => TOTAL - i).filter((n) => n < after).slice(0, Number(params.per_page));
  const last = rows.at(-1)!;
  return {
    data: rows.map(row),
    meta: { total: TOTAL, total_exact: true, page: 1, per_page: Number(params.per_page), next_cursor: rows.length === Number(params.per_page) ? `after-${last}` : null, currency: 'GBP', sums: { rows: TOTAL, revenue_minor: 60000, cost_minor: 48000, gross_profit_minor: 12000 } },
  };
}
const numbers = () => within(screen.getByRole('table', { name: 'Revenue' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('drill-down', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' } }));
    api.list.mockImplementation(async (_url: string, { params }: { params: Record<string, string> }) => rowsAfter(params));
  });

  it('pages the rows by keyset cursor (next_cursor), never by page number, and goes back through the cursors it walked', async () => {
    const params = { from: '2026-01-01', to: '2026-12-31', scope: 'organisation', metric: 'revenue' };
    renderRoutes([{ path: '/a', element: <DrillDown params={params} title="Revenue" figure={{ currency: 'GBP' } as AnalyticsSummary} onClose={() => {}} /> }], '/a');
    await waitFor(() => expect(numbers()[0]).toBe('BK-60'));
    expect(numbers()).toHaveLength(25);
    const pager = screen.getByRole('navigation', { name: 'Pages of rows' });
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(numbers()[0]).toBe('BK-35'));
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(numbers()).toEqual(Array.from({ length: 10 }, (_, i) => `BK-${10 - i}`)));
    expect(within(pager).getByText('Page 3 of 3')).toBeTruthy();
    // The last page: nothing after it, though the server's cursor is only null after a short page.
    expect(within(pager).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(numbers()[0]).toBe('BK-35'));
    expect(within(pager).getByText('Page 2 of 3')).toBeTruthy();

    // Every call asked by cursor after the first, none by page number.
    const asked = api.list.mock.calls.map(([url, { params: p }]) => [url, p.cursor ?? null, p.page ?? null, p.per_page]);
    expect(asked).toEqual([['/analytics/rows', null, null, '25'], ['/analytics/rows', 'after-36', null, '25'], ['/analytics/rows', 'after-11', null, '25']]);
  });
});
