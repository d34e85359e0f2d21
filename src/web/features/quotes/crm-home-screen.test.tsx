import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../test/render.tsx';
import { CrmHomeScreen } from './crm-home-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

describe('CRM home', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows leads by status, each pipeline’s totals, the quotes expiring and the win rate', async () => {
    api.get.mockResolvedValue({
      currency: 'GBP',
      leads: { new: 2, contacted: 1, qualified: 1, converted: 3, lost: 1 },
      pipelines: [
        { id: 'p1', name: 'Prospects', kind: 'connection', open_deals: 3, open_minor: 15_161_862, weighted_open_minor: 5_882_671, unconverted: [] },
        { id: 'p2', name: 'Quotations', kind: 'quote', open_deals: 1, open_minor: 225_599, weighted_open_minor: 45_120, unconverted: ['TRY'] },
      ],
      expiring: [{ id: 'q1', number: 'Q-2026-00007', revision: 2, client_name: 'Thames Valley Electronics plc', valid_until: '2026-11-27', sell_minor: 225_599, currency: 'GBP' }],
      win_rate: { days: 90, accepted: 2, declined: 1, expired: 0, pct: '66.67' },
    });
    renderScreen(<CrmHomeScreen />, '/organisation/crm');
    expect(await screen.findByText('66.67%')).toBeTruthy();
    expect(screen.getByText('2 accepted · 1 declined · 0 expired')).toBeTruthy();
    const byStatus = screen.getByLabelText('Leads by status');
    expect(within(byStatus).getByText('Converted: 3')).toBeTruthy();
    expect(screen.getByText('£151,618.62')).toBeTruthy();
    expect(screen.getByText('3 open deals')).toBeTruthy();
    expect(screen.getByText(/TRY/)).toBeTruthy();
    const quote = screen.getByRole('link', { name: /Q-2026-00007/ });
    expect(quote.getAttribute('href')).toBe('/organisation/crm/quotation-management/q1');
    expect(screen.getByText(/Thames Valley Electronics plc · valid until 27 Nov 2026|Thames Valley Electronics plc · valid until Nov 27, 2026/)).toBeTruthy();
  });
});
