import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderScreen } from '../../../test/render.tsx';
import { sessionUser } from '../../../test/fixtures.ts';
import { CrmWidget } from './crm-widget.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ api }));

const org = { id: 'o1', name: 'Northwind', status: 'active' };
const summary = {
  currency: 'GBP',
  leads: { new: 2, contacted: 1, qualified: 1, converted: 3, lost: 1 },
  pipelines: [{ id: 'p1', name: 'Prospects', kind: 'connection', open_deals: 3, open_minor: 15_161_862, weighted_open_minor: 5_882_671, unconverted: [] }],
  expiring: [{ id: 'q1', number: 'Q-2026-00007', revision: 1, client_name: 'Thames Valley Electronics plc', valid_until: '2026-11-27', sell_minor: 225_599, currency: 'GBP' }],
  win_rate: { days: 90, accepted: 2, declined: 1, expired: 0, pct: '66.67' },
};

describe('CRM widget', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows open leads, the win rate and the quotes expiring this week, from the summary', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: org, permissions: ['crm.view'] }));
    api.get.mockResolvedValue(summary);
    renderScreen(<CrmWidget />, '/');
    expect(await screen.findByText('Q-2026-00007')).toBeTruthy();
    expect(screen.getByText('Open leads').nextSibling?.textContent).toBe('4');
    expect(screen.getByText('66.67%')).toBeTruthy();
    expect(screen.getByText(/£2,255\.99/)).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/crm/summary', { silent: true });
  });

  it('says so, without calling the API, when the role has no crm.view', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: org, permissions: ['control_centre.view'] }));
    renderScreen(<CrmWidget />, '/');
    expect(await screen.findByText('The CRM is not shown to your role')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('keeps an honest empty state when the organisation has no CRM records', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: org, permissions: ['crm.view'] }));
    api.get.mockResolvedValue({ ...summary, leads: { new: 0, contacted: 0, qualified: 0, converted: 0, lost: 0 }, pipelines: [], expiring: [], win_rate: { days: 90, accepted: 0, declined: 0, expired: 0, pct: null } });
    renderScreen(<CrmWidget />, '/');
    expect(await screen.findByText('No CRM activity yet')).toBeTruthy();
  });
});
