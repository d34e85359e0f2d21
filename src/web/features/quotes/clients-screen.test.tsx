import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { ClientManagementScreen, CrmConnectionsScreen } from './clients-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const clients = [
  { kind: 'native_organisation', id: 'n1', name: 'Clyde Whisky Exports Ltd', country: 'GB', tier: null, credit_status: 'stop', assigned_staff: [], key_contact: { name: 'Fiona MacLeod', email: 'fiona@clyde.example' }, quotable: false },
  { kind: 'organisation', id: 'o2', name: 'Gulf Bridge Logistics LLC', country: 'AE', tier: null, credit_status: null, assigned_staff: [], key_contact: { name: 'Ahmed Al-Mansouri', email: null }, quotable: true },
  { kind: 'native_organisation', id: 'n3', name: 'Harrogate Home & Garden Ltd', country: 'GB', tier: 'Gold', credit_status: 'ok', assigned_staff: [{ id: 'u1', name: 'Sofia Ocean' }], key_contact: null, quotable: true },
];

describe('client management', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind', status: 'active' }, permissions: ['crm.view', 'quotes.create'] }));
  });

  it('lists every kind of client with credit status, tier and who looks after them; a client on stop cannot be quoted', async () => {
    api.list.mockResolvedValue({ data: clients, meta: { total: 3, page: 1, per_page: 25 } });
    renderScreen(<ClientManagementScreen />, '/organisation/client-management');
    await screen.findByText('Clyde Whisky Exports Ltd');
    const table = screen.getByRole('table', { name: 'Clients' });
    expect(api.list).toHaveBeenCalledWith('/clients', { params: { page: 1, per_page: 25, kind: 'organisation,shared_connection,native_organisation' } });
    const clyde = within(table).getByRole('link', { name: 'Clyde Whisky Exports Ltd' }).closest('tr')!;
    expect(within(clyde).getByText('Stopped')).toBeTruthy();
    expect((within(clyde).getByRole('button', { name: /New quote/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(clyde).getByRole('link', { name: 'Clyde Whisky Exports Ltd' }).getAttribute('href')).toBe('/organisation/crm/connections/native-organisation/n1/profile');
    const harrogate = within(table).getByRole('link', { name: 'Harrogate Home & Garden Ltd' }).closest('tr')!;
    expect(within(harrogate).getByText('Sofia Ocean')).toBeTruthy();
    expect((within(harrogate).getByRole('button', { name: /New quote/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(table).getByText('Connected organisation')).toBeTruthy();
  });

  it('CRM connections asks for the network’s clients only', async () => {
    api.list.mockResolvedValue({ data: [clients[1]], meta: { total: 1, page: 1, per_page: 25 } });
    renderScreen(<CrmConnectionsScreen />, '/organisation/crm/connections');
    expect(await screen.findByText('Gulf Bridge Logistics LLC')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith('/clients', { params: { page: 1, per_page: 25, kind: 'organisation,shared_connection' } });
    expect(screen.getByRole('link', { name: 'Native organisations' }).getAttribute('href')).toBe('/organisation/crm/connections/native-organisation');
  });
});
