import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { AVATAR_MAX_BYTES } from '#shared/api/avatar-limits.ts';
import type { Profile } from '#shared/api/profiles.ts';
import { useDrawerStore } from '../../lib/drawer-store.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { checkImageFile } from '../../lib/image-file.ts';
import { ProfileScreen } from './profile-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'me', { type });

/** A profile as GET /api/profiles/:id answers it, for oneself unless told otherwise. */
function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    user_id: 'u1', name: 'Ann', avatar_url: null, cover_url: null, headline: 'Ocean freight lead', bio: 'Fifteen years out of Felixstowe.',
    location: { code: 'GBFXT', name: 'Felixstowe', country: 'GB' }, organisation: { id: 'o1', name: 'Northwind Forwarding Ltd', logo_url: null }, role: 'Owner',
    job_title: 'Managing director', experience: [{ title: 'Ocean export coordinator', place: 'Northwind', from: '2011-04', to: null, description: null }], education: [],
    hobbies: ['Sailing'], interests: ['sea_freight', 'customs'], languages: ['en', 'de'], email: 'ann@example.com', phone: '+44 1394 555 010', connection: null, is_self: true,
    settings: { email_visibility: 'connections', phone_visibility: 'organisation', listed: false },
    emergency: { name: 'James', relationship: 'Husband', phone: '+44 7700 900 123', notes: null },
    ...overrides,
  };
}
/** GET answers by path: the own profile unless a test says otherwise. */
function serve(byPath: Record<string, unknown>) {
  api.get.mockImplementation(async (url: string) => {
    if (url in byPath) {
      const value = byPath[url];
      if (value instanceof Error) throw value;
      return value;
    }
    throw new Error(`unexpected GET ${url}`);
  });
}
const choose = (f: File) => fireEvent.change(screen.getByTestId('avatar-input'), { target: { files: [f] } });

describe('avatar file check', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB only', () => {
    expect(checkImageFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('too_large');
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('type');
  });
});

describe('profile', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    serve({ '/profiles/u1': profile() });
    useSessionStore.getState().logIn(sessionUser({ name: 'Ann' }));
  });
  afterEach(() => useSessionStore.getState().clear());

  it('refuses a file that is too large or of another type before uploading', async () => {
    renderScreen(<ProfileScreen />, '/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    choose(file('image/png', AVATAR_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toContain('The picture is larger than 2 MB.');
    choose(file('application/pdf', 100));
    expect((await screen.findByRole('alert')).textContent).toContain('Please choose a PNG, JPEG or WebP image.');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('uploads a picture as multipart field "file" and keeps the user the server answers', async () => {
    api.post.mockResolvedValue(sessionUser({ name: 'Ann', avatar_url: '/api/files/avatars/a.png' }));
    renderScreen(<ProfileScreen />, '/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    choose(file('image/png', 100));
    await waitFor(() => expect(useSessionStore.getState().user?.avatar_url).toBe('/api/files/avatars/a.png'));
    const [url, body] = api.post.mock.calls[0] as [string, FormData];
    expect(url).toBe('/user/avatar');
    expect((body.get('file') as File).type).toBe('image/png');
    expect(await screen.findByRole('button', { name: 'Remove the picture' })).toBeTruthy();
  });

  it('shows the server’s 422', async () => {
    api.post.mockRejectedValue(
      new ApiFailure({ status: 422, code: 'unsupported_file_type', message: 'x', fields: { file: 'Upload a PNG, JPEG or WebP image.' } }),
    );
    renderScreen(<ProfileScreen />, '/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    choose(file('image/png', 100));
    expect((await screen.findByRole('alert')).textContent).toContain('Please choose a PNG, JPEG or WebP image.');
  });

  it('removes the picture', async () => {
    useSessionStore.getState().setUser(sessionUser({ avatar_url: '/api/files/avatars/a.png' }));
    api.delete.mockResolvedValue(sessionUser({ avatar_url: null }));
    renderScreen(<ProfileScreen />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the picture' }));
    expect(api.delete).toHaveBeenCalledWith('/user/avatar');
    await waitFor(() => expect(useSessionStore.getState().user?.avatar_url).toBeNull());
  });

  it('saves the own name and updates the session', async () => {
    api.patch.mockResolvedValue(sessionUser({ name: 'Ann Shipper' }));
    renderScreen(<ProfileScreen />, '/profile');
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, ' Ann Shipper ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(useSessionStore.getState().user?.name).toBe('Ann Shipper'));
    expect(api.patch).toHaveBeenCalledWith('/user', { name: 'Ann Shipper' });
  });

  it('shows its own, editable profile for the own id', async () => {
    renderRoutes([{ path: '/profile/:userId', element: <ProfileScreen /> }], '/profile/u1');
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(await screen.findByLabelText('Headline')).toBeTruthy();
  });

  it('shows the network profile: header, interests with their icons, languages by name', async () => {
    renderScreen(<ProfileScreen />, '/profile');
    const header = await screen.findByRole('region', { name: 'Ann' });
    expect(within(header).getByText('Ocean freight lead')).toBeTruthy();
    expect(within(header).getByText(/Felixstowe \(GBFXT\)/)).toBeTruthy();
    expect(within(header).getByText('Owner')).toBeTruthy();
    const interests = screen.getByRole('region', { name: 'Interests' });
    const sea = within(interests).getAllByText('Sea freight')[0];
    expect(sea.querySelector('.anticon-compass')).toBeTruthy();
    expect(within(interests).getByText('German')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Emergency contact' }).textContent).toContain('Only you and the HR staff of your organisation can see these details.');
    expect(screen.getByText('Private')).toBeTruthy();
  });

  it('saves the about section as the API wants it', async () => {
    api.patch.mockResolvedValue(profile({ headline: 'Customs and ocean' }));
    renderScreen(<ProfileScreen />, '/profile');
    const headline = await screen.findByLabelText('Headline');
    await userEvent.clear(headline);
    await userEvent.type(headline, ' Customs and ocean ');
    const about = screen.getByRole('region', { name: 'About' });
    await userEvent.click(within(about).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith('/profile', { headline: 'Customs and ocean', job_title: 'Managing director', location: 'GBFXT', bio: 'Fifteen years out of Felixstowe.' }),
    );
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
  });

  it('adds a position and shows the server’s message on the field it names', async () => {
    api.patch.mockRejectedValueOnce(
      new ApiFailure({ status: 422, code: 'validation_failed', message: 'x', fields: { 'experience.1.to': 'The end comes before the start.' } }),
    );
    renderScreen(<ProfileScreen />, '/profile');
    const section = await screen.findByRole('region', { name: 'Experience' });
    await userEvent.click(within(section).getByRole('button', { name: 'Add a position' }));
    const second = within(section).getByRole('group', { name: 'Position 2' });
    await userEvent.type(within(second).getByLabelText('Position'), 'Customs declarant');
    await userEvent.type(within(second).getByLabelText('From'), '2018');
    await userEvent.type(within(second).getByLabelText('To'), '2016');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith('/profile', {
        experience: [
          { title: 'Ocean export coordinator', place: 'Northwind', from: '2011-04', to: null, description: null },
          { title: 'Customs declarant', place: '', from: '2018', to: '2016', description: null },
        ],
      }),
    );
    expect(await within(second).findByText('The end comes before the start.')).toBeTruthy();
  });

  it('refuses a malformed period before sending', async () => {
    renderScreen(<ProfileScreen />, '/profile');
    const section = await screen.findByRole('region', { name: 'Experience' });
    const from = within(section).getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, 'spring');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findAllByText('A year or a year and month, e.g. 2019 or 2019-04.')).not.toHaveLength(0);
    expect(api.patch).not.toHaveBeenCalled();
  });

  it('saves contact visibility, the emergency contact and the listing switch', async () => {
    api.patch.mockResolvedValue(profile());
    renderScreen(<ProfileScreen />, '/profile');
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    await userEvent.click(within(contact).getByRole('combobox', { name: 'E-mail: Who can see it' }));
    await userEvent.click(await screen.findByTitle('Only me'));
    await userEvent.click(within(contact).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/profile', { phone: '+44 1394 555 010', email_visibility: 'private', phone_visibility: 'organisation' }));

    const emergency = screen.getByRole('region', { name: 'Emergency contact' });
    const notes = within(emergency).getByLabelText('Notes');
    await userEvent.type(notes, 'Call after 18:00');
    await userEvent.click(within(emergency).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith('/profile', { emergency: { name: 'James', relationship: 'Husband', phone: '+44 7700 900 123', notes: 'Call after 18:00' } }),
    );

    await userEvent.click(screen.getByRole('switch', { name: 'List me on my organisation’s profile' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/profile', { listed: true }));
  });

  it('shows another person read-only, with Connect, and never an editor', async () => {
    serve({ '/profiles/u2': profile({ user_id: 'u2', name: 'Pieter de Vries', is_self: false, settings: undefined, emergency: undefined, email: null }) });
    api.post.mockResolvedValue({});
    renderRoutes([{ path: '/profile/:userId', element: <ProfileScreen /> }], '/profile/u2');
    const header = await screen.findByRole('region', { name: 'Pieter de Vries' });
    expect(within(header).getByRole('button', { name: 'Connect with Pieter de Vries' })).toBeTruthy();
    expect(screen.queryByLabelText('Headline')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Emergency contact' })).toBeNull();
    expect(screen.getByText('Sea freight')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+44 1394 555 010' })).toBeTruthy();
    expect(screen.queryByText('ann@example.com')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Message' })).toBeNull();
  });

  it('offers a message once connected, and opens the organisation’s profile from its name', async () => {
    serve({ '/profiles/u2': profile({ user_id: 'u2', name: 'Pieter de Vries', is_self: false, settings: undefined, emergency: undefined, connection: { id: 'c1', status: 'connected', direction: 'sent' } }) });
    renderRoutes([{ path: '/profile/:userId', element: <ProfileScreen /> }, { path: '/chats', element: <p>chats screen</p> }], '/profile/u2');
    const header = await screen.findByRole('region', { name: 'Pieter de Vries' });
    expect(within(header).getByText('Connected')).toBeTruthy();
    await userEvent.click(within(header).getByRole('button', { name: 'View the profile of Northwind Forwarding Ltd' }));
    expect(useDrawerStore.getState()).toMatchObject({ open: true, type: 'organisation-profile', data: { organisationId: 'o1' } });
    useDrawerStore.getState().reset();
    const message = within(header).getByRole('link', { name: 'Message' });
    expect(message.getAttribute('href')).toBe('/chats?with=u2');
    await userEvent.click(message);
    expect(await screen.findByText('chats screen')).toBeTruthy();
  });

  it('says so when the profile is not there (unknown, or blocked)', async () => {
    serve({ '/profiles/someone-else': new ApiFailure({ status: 404, code: 'not_found', message: 'The person was not found.' }) });
    renderRoutes([{ path: '/profile/:userId', element: <ProfileScreen /> }], '/profile/someone-else');
    expect(await screen.findByText('This profile is not available.')).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });
});
