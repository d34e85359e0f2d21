import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import type { Organisation } from '#shared/api/organisations.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { OrganisationProfile } from './organisation-profile.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const ORG: Organisation = {
  id: 'o1',
  name: 'Acme Freight',
  types: ['forwarder'],
  country: 'GB',
  address_line1: '1 Dock Road',
  address_line2: null,
  city: 'Felixstowe',
  postcode: 'IP11 3SY',
  location_code: 'GBFXT',
  location: { code: 'GBFXT', name: 'Felixstowe', country: 'GB' },
  registration_number: '01234567',
  vat_number: 'GB123456789',
  website: 'https://acme.example',
  logo_url: null,
  status: 'awaiting_payment',
  premium: false,
  role: 'Owner',
  can_edit: true,
  created_at: '2030-01-01T00:00:00.000Z',
};

describe('organisation profile', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Acme Freight', status: 'awaiting_payment' } }));
  });

  it('shows the details and the status as a coloured tag, read-only for a member', async () => {
    api.get.mockResolvedValue({ ...ORG, role: 'Staff', can_edit: false });
    renderScreen(<OrganisationProfile />, '/organisation', {});
    expect(await screen.findByRole('heading', { name: 'Acme Freight' })).toBeTruthy();
    const tag = screen.getByText('Awaiting payment');
    expect(tag.closest('[data-status]')?.getAttribute('data-status')).toBe('awaiting_payment');
    expect(screen.getByText('Freight forwarder')).toBeTruthy();
    expect(screen.getByText('Felixstowe (GBFXT)')).toBeTruthy();
    expect(screen.getByText('United Kingdom')).toBeTruthy();
    expect(screen.getByText('Only owners and admins can change these details.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit details/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload logo/ })).toBeNull();
    expect(api.get).toHaveBeenCalledWith('/organisations/o1');
  });

  it('lets an owner edit the details and keeps the session user in step', async () => {
    api.get.mockResolvedValue(ORG);
    api.patch.mockImplementation(async (_url: string, body: Partial<Organisation>) => ({ ...ORG, ...body }));
    renderScreen(<OrganisationProfile />, '/organisation', {});
    await userEvent.click(await screen.findByRole('button', { name: /Edit details/ }));
    expect(screen.getByRole('button', { name: /Upload logo/ })).toBeTruthy();
    const name = screen.getByLabelText('Organisation name');
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('Acme Logistics');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/organisations/o1', expect.objectContaining({ name: 'Acme Logistics', location_code: 'GBFXT' })));
    expect(await screen.findByRole('heading', { name: 'Acme Logistics' })).toBeTruthy();
    expect(useSessionStore.getState().user?.organisation?.name).toBe('Acme Logistics');
  });

  it('offers to create an organisation when there is none', async () => {
    useSessionStore.getState().logIn(sessionUser());
    renderScreen(<OrganisationProfile />, '/organisation', {});
    expect(await screen.findByText('You do not belong to an organisation yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your organisation' }).getAttribute('href')).toBe('/organisation/create');
  });
});
