import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import type { Organisation } from '#shared/api/organisations.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useOrganisationStore } from '../../lib/organisation-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { sessionUser } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { CreateOrganisationScreen, nextPage } from './create-organisation-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const stubs = { '/pricing': 'pricing page', '/organisation/analytics': 'analytics page', '/billing': 'billing page' };

const CREATED: Organisation = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  name: 'Acme Freight',
  types: ['forwarder', 'customs_broker'],
  country: 'GB',
  address_line1: '1 Dock Road',
  address_line2: null,
  city: 'Felixstowe',
  postcode: 'IP11 3SY',
  location_code: 'GBFXT',
  location: { code: 'GBFXT', name: 'Felixstowe', country: 'GB' },
  registration_number: null,
  vat_number: 'GB123456789',
  website: null,
  logo_url: null,
  status: 'inactive',
  premium: false,
  role: 'Owner',
  can_edit: true,
  created_at: '2030-01-01T00:00:00.000Z',
};

/** Picks an option of an antd Select by typing into it. */
async function choose(label: string, search: string, option: string) {
  const box = screen.getByLabelText(label);
  await userEvent.click(box);
  await userEvent.type(box, search);
  await userEvent.click(await screen.findByTitle(option));
}

/** Types into a text field at once (typing key by key is slow with antd's forms). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fillRequired() {
  await fill(await screen.findByLabelText('Organisation name'), 'Acme Freight');
  await choose('Organisation types', 'Freight', 'Freight forwarder');
  await choose('Organisation types', 'Customs', 'Customs broker');
  await choose('Country', 'United King', 'United Kingdom');
  await fill(screen.getByLabelText('Address line 1'), '1 Dock Road');
  await fill(screen.getByLabelText('Town or city'), 'Felixstowe');
  await fill(screen.getByLabelText(/^Postcode/), 'IP11 3SY');
}

describe('create organisation screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser());
    api.get.mockImplementation(async (url: string, config?: { params?: Record<string, unknown> }) => {
      if (url === '/locations/search') {
        return config?.params?.q === 'Felix'
          ? [{ code: 'GBFXT', name: 'Felixstowe', country: 'GB', subdivision: 'SFK', functions: ['port'], lat: 51.96, lon: 1.35 }]
          : [];
      }
      if (url === '/user') return sessionUser({ organisation: { id: CREATED.id, name: CREATED.name, status: 'inactive' } });
      throw new Error(`unexpected GET ${url}`);
    });
  });

  it('shows the organisation the user already has, with a link to its analytics', async () => {
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Acme', status: 'active' } }));
    renderScreen(<CreateOrganisationScreen />, '/organisation/create', stubs);
    expect(await screen.findByText('You already belong to Acme')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the organisation analytics' }).getAttribute('href')).toBe('/organisation/analytics');
    expect(screen.queryByLabelText('Organisation name')).toBeNull();
  });

  it('checks the required fields before sending anything', async () => {
    renderScreen(<CreateOrganisationScreen />, '/organisation/create', stubs);
    await userEvent.click(await screen.findByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Please enter the organisation name (at least 2 characters).')).toBeTruthy();
    expect(screen.getByText('Please choose at least one type.')).toBeTruthy();
    expect(screen.getByText('Please choose a country.')).toBeTruthy();
    expect(screen.getByText('Please enter the street address.')).toBeTruthy();
    expect(screen.getByText('Please enter the town or city.')).toBeTruthy();
    await fill(screen.getByLabelText(/^Website/), 'acme.example');
    expect(await screen.findByText('Enter a web address starting with https://')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('offers every organisation type and country by name', async () => {
    renderScreen(<CreateOrganisationScreen />, '/organisation/create', stubs);
    await userEvent.click(await screen.findByLabelText('Organisation types'));
    expect(await screen.findByTitle('NVOCC (non-vessel operating carrier)')).toBeTruthy();
    await fill(screen.getByLabelText('Country'), 'Germ');
    expect(await screen.findByTitle('Germany')).toBeTruthy();
  });

  it('creates the organisation with a UN/LOCODE place, refreshes the session, then offers the logo', async () => {
    api.post.mockResolvedValue(CREATED);
    renderScreen(<CreateOrganisationScreen />, '/organisation/create', stubs);
    await fillRequired();
    const place = screen.getByLabelText(/^UN\/LOCODE location/);
    await userEvent.click(place);
    await userEvent.type(place, 'Felix');
    await userEvent.click(await screen.findByTitle('Felixstowe (GBFXT)'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/locations/search', expect.objectContaining({ params: { q: 'Felix', country: 'GB', limit: 10 } })),
    );
    await fill(screen.getByLabelText(/^VAT number/), 'GB123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(await screen.findByText('Acme Freight has been created.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/organisations', {
      name: 'Acme Freight',
      types: ['forwarder', 'customs_broker'],
      country: 'GB',
      address_line1: '1 Dock Road',
      address_line2: null,
      city: 'Felixstowe',
      postcode: 'IP11 3SY',
      location_code: 'GBFXT',
      registration_number: null,
      vat_number: 'GB123456789',
      website: null,
    });
    expect(useSessionStore.getState().user?.organisation?.id).toBe(CREATED.id);
    expect(useOrganisationStore.getState().organisation?.id).toBe(CREATED.id);
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('pricing page')).toBeTruthy();
  });

  it('checks the logo in the browser, uploads it, and returns to the page the user came from', async () => {
    api.post.mockImplementation(async (url: string) => {
      if (url === '/organisations') return CREATED;
      if (url.endsWith('/logo')) return { ...CREATED, logo_url: '/api/files/logos/a.png' };
      throw new Error(`unexpected POST ${url}`);
    });
    renderScreen(<CreateOrganisationScreen />, '/organisation/create?from=/billing', stubs);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    const input = await screen.findByTestId('logo-input');

    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByText('The image is larger than 2 MB.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Please choose a PNG, JPEG or WebP image.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(1);

    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`/organisations/${CREATED.id}/logo`, expect.any(FormData)));
    expect(await screen.findByRole('button', { name: /Remove logo/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('billing page')).toBeTruthy();
  });

  it('shows the server’s field messages on the fields', async () => {
    api.post.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'validation_failed', message: 'Invalid', fields: { vat_number: 'Enter a VAT number starting with the country code, e.g. GB123456789.' } }),
    );
    renderScreen(<CreateOrganisationScreen />, '/organisation/create', stubs);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    const field = (await screen.findByText('Enter the VAT number with its country code, e.g. GB123456789.')).closest('.ant-form-item')!;
    expect(within(field as HTMLElement).getByLabelText(/^VAT number/)).toBeTruthy();
  });

  it('tells a user who already belongs to an organisation', async () => {
    api.post.mockRejectedValue(new ApiFailure({ status: 409, code: 'already_member', message: 'You already belong to an organisation.' }));
    renderScreen(<CreateOrganisationScreen />, '/organisation/create', stubs);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    // The session user, fetched again, has it: the screen shows it instead of the form.
    expect(await screen.findByText('You already belong to Acme Freight')).toBeTruthy();
    expect(screen.queryByLabelText('Organisation name')).toBeNull();
  });
});

describe('nextPage', () => {
  it('goes back to a page of the app, else to the pricing', () => {
    expect(nextPage('/billing')).toBe('/billing');
    expect(nextPage(null)).toBe('/pricing');
    expect(nextPage('//evil.example')).toBe('/pricing');
    expect(nextPage('https://evil.example')).toBe('/pricing');
  });
});
