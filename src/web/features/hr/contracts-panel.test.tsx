import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render.tsx';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { ContractsPanel } from './contracts-panel.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const contract = {
  id: 'c1', employee_id: 'e1', employee_name: 'Sofia Sales', type: 'permanent', status: 'active', start_date: '2025-03-01', end_date: null, probation_end: '2025-09-01',
  notice_days: 30, hours_per_week: '37.5', salary: { amount_minor: 4200000, currency: 'GBP', period: 'year' }, created_at: '2025-02-20T09:00:00.000Z',
};

describe('contracts panel', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.get.mockImplementation(async (url: string) => (url === '/contracts' ? [contract] : []));
    api.list.mockResolvedValue({ data: [], meta: { total: 0, page: 1, per_page: 100, next_cursor: null } });
  });

  it('lists the contracts and ends one from its dialog, loaded when first opened, with the date and reason typed, shows a refusal inside it; the next dialog starts empty', async () => {
    renderRoutes([{ path: '/c', element: <ContractsPanel /> }], '/c');
    const row = (await screen.findByText('Sofia Sales')).closest('tr')!;
    expect(within(row).getByText('£42,000.00')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: "End Sofia Sales's contract" });
    await userEvent.type(within(dialog).getByLabelText('End'), '2026-12-31{Enter}');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional for an end)'), 'Moving abroad');
    // Refused: the server's reason shows in the dialog, which stays open with what was typed.
    api.post.mockRejectedValueOnce(new ApiFailure({ status: 409, code: 'contract_not_active', message: 'This contract is no longer active.' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'End' }));
    expect(await within(dialog).findByText('This contract is no longer active.')).toBeTruthy();
    api.post.mockResolvedValueOnce({ ...contract, status: 'ended', end_date: '2026-12-31' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    expect(api.post).toHaveBeenLastCalledWith('/contracts/c1/end', { end_date: '2026-12-31', reason: 'Moving abroad' });
    // The next dialog starts empty: nothing typed for the last one carries over.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(row).getByRole('button', { name: 'Terminate' }));
    const next = await screen.findByRole('dialog', { name: "Terminate Sofia Sales's contract" });
    expect((within(next).getByLabelText('End') as HTMLInputElement).value).toBe('');
    expect((within(next).getByLabelText('Reason (optional for an end)') as HTMLTextAreaElement).value).toBe('');
  });
});
