import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { EmissionsReportView, tonnes } from './emissions-report.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

describe('the emissions report', () => {
  beforeEach(() => vi.clearAllMocks());

  it('writes kg as tonnes exactly, to the kilogram', () => {
    expect([tonnes('3769'), tonnes('1011.4'), tonnes('12.5'), tonnes('0'), tonnes('-100000'), tonnes('1234567.8')]).toEqual(['3.769', '1.011', '0.012', '0.000', '-100.000', '1234.567']);
  });

  it('shows emitted, offset and net, the months as bars, and the export for those who may export', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, permissions: ['crm.view', 'crm.export'] }));
    api.get.mockResolvedValue({
      from: '2026-01-01', to: '2026-11-24', emitted_kg: '3769', tonne_km: '64555.5', quotes: 3, without_estimate: 1, offset_tonnes: '2.5', offsets: 1, net_kg: '1269',
      by_month: [{ month: '2026-10', kg: '1011.4', quotes: 1 }, { month: '2026-11', kg: '2757.6', quotes: 2 }],
      by_mode: [{ mode: 'air', kg: '1647.8', tonne_km: '1715.5', quotes: 1 }],
      by_client: [{ client_type: 'native_organisation', client_id: 'n1', client_name: 'Harrogate Home & Garden Ltd', kg: '2121.2', quotes: 2 }],
      source: 'UK DESNZ conversion factors (2025), OGL v3.0',
    });
    renderScreen(<EmissionsReportView />, '/organisation/carbon-offsetting');
    expect(await screen.findByText('3.769 t')).toBeTruthy();
    expect(screen.getByText('2.5 t')).toBeTruthy();
    expect(screen.getByText('1.269 t')).toBeTruthy();
    const bars = screen.getByRole('list', { name: 'By month' });
    expect(within(bars).getByText('2,757.6 kg')).toBeTruthy();
    expect(screen.getByText(/Harrogate Home & Garden Ltd/)).toBeTruthy();
    expect(screen.getByText(/1 accepted quote has no estimate/)).toBeTruthy();
    expect(screen.getByText(/OGL v3.0/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toMatch(/^\/api\/emissions\/report\/export\?from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}$/);
  });
});
