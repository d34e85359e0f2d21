import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { HrHomeScreen } from './hr-home-screen.tsx';
import { LeaveScreen } from './leave-screen.tsx';
import { PayrollRunsPanel } from './payroll-panel.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const request = {
  id: 'r1', employee_id: 'e2', employee_name: 'Arjun Admin', leave_type: { id: 't1', code: 'ANNUAL', name: 'Annual leave' }, start_date: '2026-12-21', end_date: '2026-12-30',
  half_day_start: true, half_day_end: false, working_days: '5.5', status: 'pending_manager', note: null, reason: null, created_at: '2026-11-20T09:00:00Z',
};

describe('HR front page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows headcount, who is away and what ends soon', async () => {
    api.get.mockResolvedValue({
      headcount: 4, by_department: [{ department: 'Ocean export', count: 2 }, { department: null, count: 1 }], by_country: [{ country: 'GB', count: 4 }],
      joiners: [], leavers: [], on_leave_today: [{ employee_id: 'e3', name: 'Sofia Ocean', job_title: 'Ocean export coordinator', leave_type: 'Annual leave', until: '2026-11-29' }],
      contracts_ending: [{ employee_id: 'e4', name: 'Tom Customs', job_title: 'Customs declarant', contract_id: 'c4', end_date: '2026-12-22' }], probations_ending: [],
    });
    renderRoutes([{ path: '/organisation/hr', element: <HrHomeScreen /> }], '/organisation/hr');
    await waitFor(() => expect(document.querySelector('.ant-statistic-content')?.textContent).toBe('4'));
    expect(screen.getByText('Ocean export:')).toBeTruthy();
    expect(screen.getByText('Sofia Ocean')).toBeTruthy();
    expect(screen.getByText('Tom Customs')).toBeTruthy();
  });
});

describe('leave management', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, premium: true }));
  });

  it('shows the balance from the ledger and lets a manager approve the team’s request', async () => {
    api.get.mockImplementation(async (url: string, options?: { params?: { scope?: string } }) => {
      if (url === '/leave/balances') {
        return [{ leave_type: { id: 't1', code: 'ANNUAL', name: 'Annual leave' }, policy: { name: 'Annual leave', yearly_allowance: '25', accrual: 'monthly', carry_forward_limit: '5', carry_forward_expiry_months: 3 }, balance: '22.88', year_end: '25', pending: '0', ledger: [] }];
      }
      if (url === '/leave-requests') return options?.params?.scope === 'team' ? [request] : [];
      return [];
    });
    api.post.mockResolvedValueOnce({ ...request, status: 'approved' });
    renderRoutes([{ path: '/leave', element: <LeaveScreen /> }], '/leave');
    // antd's Statistic sets the whole and the decimal part apart.
    await waitFor(() => expect(document.querySelector('.ant-statistic-content')?.textContent).toContain('22.88'));
    expect(screen.getByText('25 days by the year end')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'My team' }));
    const table = await screen.findByRole('table', { name: 'My team' });
    expect(within(table).getByText('Arjun Admin')).toBeTruthy();
    expect(within(table).getByText('2026-12-21 (from noon) → 2026-12-30')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/leave-requests/r1/approve', {}));
  });
});

describe('payroll runs', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, premium: true }));
  });

  it('pages through the runs on the server, the latest first', async () => {
    const run = (month: number) => ({
      id: `run-${month}`, period_start: `2024-${String(month).padStart(2, '0')}-01`, period_end: `2024-${String(month).padStart(2, '0')}-28`, status: 'paid', payslips: 3,
      totals: [{ currency: 'GBP', gross_minor: 1_000_00, deductions_minor: 200_00, net_minor: 800_00 }], created_at: '2024-01-01T00:00:00Z',
    });
    // 26 runs: 24 on the first page, 2 on the second.
    api.list.mockImplementation(async (url: string, options: { params: { page: number; per_page: number } }) => {
      expect(url).toBe('/payroll-runs');
      const { page, per_page } = options.params;
      return { data: page === 1 ? [run(12)] : [run(1)], meta: { total: 26, page, per_page, next_cursor: null } };
    });
    api.get.mockResolvedValue([]);
    renderRoutes([{ path: '/payroll', element: <PayrollRunsPanel /> }], '/payroll');
    expect(await screen.findByText('2024-12-01 → 2024-12-28')).toBeTruthy();
    expect(api.list).toHaveBeenLastCalledWith('/payroll-runs', expect.objectContaining({ params: { page: 1, per_page: 24 } }));
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('2024-01-01 → 2024-01-28')).toBeTruthy();
    expect(api.list).toHaveBeenLastCalledWith('/payroll-runs', expect.objectContaining({ params: { page: 2, per_page: 24 } }));
  });
});
