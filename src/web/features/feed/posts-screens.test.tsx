import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Post } from '#shared/api/posts.ts';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { OrganisationPostsScreen, UserPostsScreen } from './posts-screens.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const stamp = '2026-11-20T09:00:00.000Z';
const post = (id: string, body: string, extra: Partial<Post> = {}): Post => ({
  id, author: { id: 'u1', name: 'Olivia Owner', avatar_url: null, headline: null }, organisation: null, kind: 'post', visibility: 'public', body,
  images: [], like_count: 0, comment_count: 0, liked_by_me: false, created_at: stamp, edited_at: null, can_edit: true, ...extra,
});
const page = (data: Post[]) => ({ data, meta: { total: data.length, page: 1, per_page: 20, next_cursor: null } });

describe('post management', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ organisation: { id: 'o1', name: 'Northwind Forwarding Ltd', status: 'active' }, permissions: ['network.view'] }));
    api.get.mockImplementation(async (url: string) => {
      if (url === '/organisation/ad-allowance') return { year: 2026, allowance: 6, used: 2 };
      throw new Error(`unexpected GET ${url}`);
    });
  });
  afterEach(() => useSessionStore.getState().clear());

  it('lists the own posts with the ad allowance, edits one in a dialog and deletes one after asking', async () => {
    let posts = [post('p1', 'Rates for December'), post('p2', 'Old news')];
    api.list.mockImplementation(async (url: string) => {
      expect(url).toBe('/user/posts');
      return page(posts);
    });
    api.patch.mockImplementation(async (_url: string, change: { body: string }) => {
      posts = posts.map((p) => (p.id === 'p1' ? { ...p, body: change.body, edited_at: stamp } : p));
      return posts[0];
    });
    api.delete.mockImplementation(async () => {
      posts = posts.filter((p) => p.id !== 'p2');
    });
    renderScreen(<UserPostsScreen />, '/user/posts');
    const allowance = await screen.findByRole('region', { name: 'Free trade and service ads in 2026' });
    expect(within(allowance).getByText('Used')).toBeTruthy();
    expect(within(allowance).getByText('4')).toBeTruthy();
    const [first] = await screen.findAllByRole('article', { name: 'Post by Olivia Owner' });
    await userEvent.click(within(first).getByRole('button', { name: 'Edit post' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Rates for January');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledWith('/posts/p1', { body: 'Rates for January', visibility: 'public' }));
    expect(await screen.findByText('Rates for January')).toBeTruthy();
    const second = screen.getAllByRole('article')[1];
    await userEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/posts/p2'));
    await waitFor(() => expect(screen.queryByText('Old news')).toBeNull());
  });

  it('lists the organisation’s posts, and says plainly when there are none', async () => {
    api.list.mockResolvedValue(page([]));
    renderScreen(<OrganisationPostsScreen />, '/organisation/posts');
    expect(await screen.findByText('Nothing has been posted as your organisation yet.')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith('/organisation/posts', { params: { per_page: 20 } });
  });
});
