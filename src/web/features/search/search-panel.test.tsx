import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SearchResults } from '#shared/api/search.ts';
import { userEvent } from '../../test/user.ts';
import { renderScreen } from '../../test/render.tsx';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import { SearchPanel } from './search-panel.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const results: SearchResults = {
  users: [
    { id: 'u1', name: 'Lucía Martínez', avatar_url: null, organisation: 'Valencia Freight Services S.L.', connection: null },
    { id: 'u2', name: 'Luca Bianchi', avatar_url: null, organisation: null, connection: { id: 'c2', status: 'pending', direction: 'received' } },
    { id: 'u3', name: 'Lucas Meyer', avatar_url: null, organisation: null, connection: { id: 'c3', status: 'pending', direction: 'sent' } },
  ],
  organisations: [{ id: 'o1', name: 'Lucerne Logistics AG', logo_url: null, city: 'Lucerne', country: 'CH', connection: { id: 'c4', status: 'connected', direction: 'sent' } }],
  connections: [],
  native_organisations: [{ id: 'n1', name: 'Lucerne Watch Exports SA', city: 'Lucerne', country: 'CH' }],
};

describe('search panel', () => {
  beforeEach(() => vi.clearAllMocks());

  it('searches from two letters on, groups the results, and offers the step each allows', async () => {
    api.get.mockResolvedValue(results);
    api.post.mockResolvedValue({});
    api.patch.mockResolvedValue({});
    renderScreen(<SearchPanel data={null} close={() => {}} />, '/');
    const box = screen.getByRole('searchbox', { name: 'Search people, organisations and connections' });
    await userEvent.type(box, 'l');
    expect(screen.getByText(/Type at least 2 letters/)).toBeTruthy();
    await userEvent.type(box, 'u');
    const people = await screen.findByRole('region', { name: 'People' });
    expect(api.get).toHaveBeenCalledWith('/search', expect.objectContaining({ params: { q: 'lu' } }));
    expect(api.get).toHaveBeenCalledTimes(1);
    const orgs = screen.getByRole('region', { name: 'Organisations' });
    expect(within(orgs).getByText('Lucerne, Switzerland')).toBeTruthy();
    expect(within(orgs).getByText('Connected')).toBeTruthy();
    expect(within(people).getByText('Request sent')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your connections' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Your CRM clients' })).getByRole('link', { name: 'Lucerne Watch Exports SA' }).getAttribute('href')).toBe(
      '/organisation/crm/connections/native-organisation/n1/profile',
    );
    await userEvent.click(within(people).getByRole('button', { name: 'Connect with Lucía Martínez' }));
    const form = await screen.findByRole('tooltip');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note' }), 'Groupage to Valencia?');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/connections', { target: { type: 'user', id: 'u1' }, message: 'Groupage to Valencia?' }));
    expect(await screen.findByText('Request sent to Lucía Martínez.')).toBeTruthy();
    await userEvent.click(within(people).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/connections/c2', { status: 'connected' }));
  });

  it('links people to their profile and opens an organisation’s public profile in the drawer', async () => {
    api.get.mockResolvedValue(results);
    const close = vi.fn();
    renderScreen(<SearchPanel data={null} close={close} />, '/', { '/profile/:userId': 'profile screen' });
    await userEvent.type(screen.getByRole('searchbox'), 'lu');
    const orgs = await screen.findByRole('region', { name: 'Organisations' });
    await userEvent.click(within(orgs).getByRole('button', { name: 'Lucerne Logistics AG' }));
    expect(useDrawerStore.getState()).toMatchObject({ open: true, type: 'organisation-profile', title: 'Lucerne Logistics AG', data: { organisationId: 'o1' } });
    await userEvent.click(within(screen.getByRole('region', { name: 'People' })).getByRole('link', { name: 'Luca Bianchi' }));
    expect(await screen.findByText('profile screen')).toBeTruthy();
    expect(close).toHaveBeenCalled();
    useDrawerStore.getState().reset();
  });

  it('says when nothing matches', async () => {
    api.get.mockResolvedValue({ users: [], organisations: [], connections: [], native_organisations: [] });
    renderScreen(<SearchPanel data={null} close={() => {}} />, '/');
    await userEvent.type(screen.getByRole('searchbox'), 'zzqx');
    expect(await screen.findByText('Nothing found for “zzqx”.')).toBeTruthy();
  });
});
