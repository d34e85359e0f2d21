import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '../../test/user.ts';
import { AVATAR_MAX_BYTES } from '#shared/api/avatar-limits.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderRoutes, renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { checkImageFile } from '../../lib/image-file.ts';
import { ProfileScreen } from './profile-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'me', { type });
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

  it('shows its own profile for the own id and says plainly that other profiles come later', async () => {
    renderRoutes([{ path: '/profile/:userId', element: <ProfileScreen /> }], '/profile/u1');
    expect(await screen.findByLabelText('Name')).toBeTruthy();
  });

  it('does not invent another user’s profile', async () => {
    renderRoutes([{ path: '/profile/:userId', element: <ProfileScreen /> }], '/profile/someone-else');
    expect(await screen.findByText(/Profiles of other users come with the network/)).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });
});
