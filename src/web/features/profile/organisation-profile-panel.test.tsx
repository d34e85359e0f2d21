import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OrganisationProfile } from '#shared/api/profiles.ts';
import { userEvent } from '../../test/user.ts';
import { renderScreen } from '../../test/render.tsx';
import { OrganisationProfilePanel } from './organisation-profile-panel.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const northwind: OrganisationProfile = {
  id: 'o1', name: 'Northwind Forwarding Ltd', logo_url: null, country: 'GB', city: 'Felixstowe', types: ['forwarder', 'customs_broker'], website: 'https://northwind.example',
  location: { code: 'GBFXT', name: 'Felixstowe' },
  addresses: [{ label: 'Head office', location_type: 'main_head_office', line1: 'Unit 4, Dock Road', line2: null, town: 'Felixstowe', postcode: 'IP11 3SW', country: 'GB', location_code: 'GBFXT' }],
  certifications: [{ name: 'ISO 9001:2015', issuer: 'BSI', valid_until: '2028-06-11' }],
  networks: [{ name: 'WCA Inter Global', kind: 'forwarder_network', member_since: '2019-05-01', website: null }],
  connection: null, is_own: false,
  people: [{ id: 'u1', name: 'Olivia Owner', avatar_url: null, job_title: 'Managing director', headline: 'UK–Far East ocean freight' }],
};

describe('organisation public profile', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows places, certifications, networks and listed people, and asks to connect as oneself', async () => {
    api.get.mockResolvedValue(northwind);
    api.post.mockResolvedValue({});
    const close = vi.fn();
    renderScreen(<OrganisationProfilePanel data={{ organisationId: 'o1' }} close={close} />, '/', { '/profile/:userId': 'profile screen' });
    expect(await screen.findByRole('heading', { name: 'Northwind Forwarding Ltd' })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/organisations/o1/public-profile');
    expect(screen.getByText('Felixstowe (GBFXT), United Kingdom')).toBeTruthy();
    expect(screen.getByText('Freight forwarder')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Offices and locations' })).getByText(/Unit 4, Dock Road, Felixstowe, IP11 3SW/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Certifications and standards' })).getByText(/valid until 2028-06-11/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Networks and memberships' })).getByText(/member since 2019/)).toBeTruthy();
    const people = screen.getByRole('region', { name: 'People' });
    expect(within(people).getByText('Managing director · UK–Far East ocean freight')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Connect with Northwind Forwarding Ltd' }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/connections', { target: { type: 'organisation', id: 'o1' } }));

    await userEvent.click(within(people).getByRole('link', { name: 'Olivia Owner' }));
    expect(await screen.findByText('profile screen')).toBeTruthy();
    expect(close).toHaveBeenCalled();
  });

  it('says one’s own organisation is one’s own, and when nobody is listed', async () => {
    api.get.mockResolvedValue({ ...northwind, is_own: true, people: [], addresses: [], certifications: [], networks: [] });
    renderScreen(<OrganisationProfilePanel data={{ organisationId: 'o1' }} close={() => {}} />, '/');
    expect(await screen.findByText('Your organisation')).toBeTruthy();
    expect(screen.getByText('Nobody here has chosen to be listed yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect with/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Certifications and standards' })).toBeNull();
  });
});
