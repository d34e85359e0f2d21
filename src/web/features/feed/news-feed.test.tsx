import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Comment, Post } from '#shared/api/posts.ts';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { NewsFeed } from './news-feed.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const PIETER = '0196c0de-0000-7000-8000-000000000001';
const stamp = new Date(Date.now() - 3 * 3600_000).toISOString();
const post = (id: string, body: string, extra: Partial<Post> = {}): Post => ({
  id, author: { id: 'u2', name: 'Katrin Vogel', avatar_url: null, headline: 'Hamburg Feeder Lines' }, organisation: null, kind: 'post', visibility: 'public', body,
  images: [], like_count: 0, comment_count: 0, liked_by_me: false, created_at: stamp, edited_at: null, can_edit: false, ...extra,
});
const page = <T,>(data: T[], next_cursor: string | null = null) => ({ data, meta: { total: data.length, page: 1, per_page: 20, next_cursor } });

describe('news feed', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser({ name: 'Olivia', organisation: { id: 'o1', name: 'Northwind Forwarding Ltd', status: 'active' }, permissions: ['network.create'] }));
  });
  afterEach(() => useSessionStore.getState().clear());

  it('shows posts with safe links and mentions, and pages on with "load more"', async () => {
    const first = post('p1', `Weekly sailings, see https://hfl.example/schedule. Thanks @[Pieter de Vries](user:${PIETER})! javascript:alert(1)`, { kind: 'trade_ad', like_count: 2 });
    api.list.mockImplementation(async (url: string, options?: { params?: { cursor?: string } }) => {
      if (url !== '/feed') throw new Error(`unexpected ${url}`);
      return options?.params?.cursor === 'c2' ? page([post('p2', 'Older news')]) : page([first], 'c2');
    });
    renderScreen(<NewsFeed />, '/');
    const card = await screen.findByRole('article', { name: 'Post by Katrin Vogel' });
    expect(within(card).getByText('Trade ad')).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'https://hfl.example/schedule' });
    expect(link.getAttribute('href')).toBe('https://hfl.example/schedule');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(card).getByRole('link', { name: '@Pieter de Vries' }).getAttribute('href')).toBe(`/profile/${PIETER}`);
    // Only http(s) addresses become links; the rest stays text.
    expect(within(card).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(within(card).getByText(/javascript:alert\(1\)/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Like · 2/ })).toBeTruthy();
    expect(screen.queryByRole('article', { name: /Welcome/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older news')).toBeTruthy();
    expect(api.list).toHaveBeenLastCalledWith('/feed', { params: { per_page: 20, cursor: 'c2' } });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('begins with the welcome card after a first login', async () => {
    useSessionStore.getState().logIn(sessionUser({ name: 'Olivia', last_login: null }), { firstLogin: true });
    api.list.mockResolvedValue(page([]));
    renderScreen(<NewsFeed />, '/');
    const welcome = await screen.findByRole('article', { name: 'Welcome to FYN, Olivia!' });
    expect(within(welcome).getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe('/profile');
    expect(within(welcome).getByRole('link', { name: 'Find partners' }).getAttribute('href')).toBe('/connections');
    expect(within(welcome).getByText('Post a first update')).toBeTruthy();
    expect(await screen.findByText('Nothing here yet. Connect with partners or write the first post.')).toBeTruthy();
  });

  it('likes, and unlikes, with the count the server gives back', async () => {
    api.list.mockResolvedValue(page([post('p1', 'Like me', { like_count: 4 })]));
    api.put.mockResolvedValue({ liked: true, like_count: 5 });
    api.delete.mockResolvedValue({ liked: false, like_count: 4 });
    renderScreen(<NewsFeed />, '/');
    await userEvent.click(await screen.findByRole('button', { name: /Like · 4/ }));
    expect(api.put).toHaveBeenCalledWith('/posts/p1/like');
    const liked = await screen.findByRole('button', { name: /Like · 5/ });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(liked);
    expect(api.delete).toHaveBeenCalledWith('/posts/p1/like');
    expect(await screen.findByRole('button', { name: /Like · 4/ })).toBeTruthy();
  });

  it('opens the comments, adds one and deletes one’s own', async () => {
    const mine: Comment = { id: 'c1', post_id: 'p1', author: { id: 'u1', name: 'Olivia', avatar_url: null, headline: null }, body: 'Interested!', created_at: stamp, can_delete: true };
    let comments: Comment[] = [];
    api.list.mockImplementation(async (url: string) => (url === '/feed' ? page([post('p1', 'Space on Friday', { comment_count: 0 })]) : page(comments)));
    api.post.mockImplementation(async () => {
      comments = [mine];
      return mine;
    });
    api.delete.mockImplementation(async () => {
      comments = [];
    });
    renderScreen(<NewsFeed />, '/');
    await userEvent.click(await screen.findByRole('button', { name: /Comments · 0/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a comment…' }), 'Interested!');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/posts/p1/comments', { body: 'Interested!' }));
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(await within(list).findByText('Interested!')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Comments · 1/ })).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete comment' }));
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith('/posts/p1/comments/c1'));
    await waitFor(() => expect(within(list).queryByText('Interested!')).toBeNull());
  });

  it('posts as the organisation, and says when the ad allowance is used up', async () => {
    api.list.mockResolvedValue(page([]));
    api.post.mockRejectedValueOnce(new ApiFailure({ status: 402, code: 'ad_allowance_used', message: 'used' })).mockResolvedValueOnce(post('p9', 'Hello'));
    renderScreen(<NewsFeed />, '/');
    const text = await screen.findByRole('textbox', { name: /Rates, space available/ });
    await userEvent.type(text, 'Reefer space Felixstowe–Rotterdam');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Post as Northwind Forwarding Ltd' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/posts', { body: 'Reefer space Felixstowe–Rotterdam', kind: 'post', visibility: 'public', as_organisation: true }));
    expect(await screen.findByText('Your plan’s free trade and service ads for this year are used up.'.replace('’', "'"))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Your post is in the feed.')).toBeTruthy();
  });
});
