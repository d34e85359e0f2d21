import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Notification } from '#shared/api/notifications.ts';
import { userEvent } from '../../test/user.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { NotificationsScreen } from './notifications-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));

const person = (id: string, name: string) => ({ id, name, avatar_url: null });
const note = (id: string, extra: Partial<Notification>): Notification => ({
  id, type: 'like', actors: [], actor_count: 0, subject: { type: 'post', id: `p-${id}` }, data: {},
  created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z', seen: false, read: false, ...extra,
});

describe('notifications screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    useSessionStore.getState().logIn(sessionUser());
    api.post.mockResolvedValue({ unseen: 0, unread: 0 });
  });
  afterEach(() => useSessionStore.getState().clear());

  it('names grouped actors, marks everything seen on arrival, and reads one when it is opened', async () => {
    const likes = note('n1', { actors: [person('a', 'Ana Costa'), person('b', 'Ben Okafor'), person('c', 'Cem Kaya')], actor_count: 5 });
    const message = note('n2', { type: 'message', actors: [person('p', 'Pieter de Vries')], actor_count: 1, subject: { type: 'chat', id: 'c9' }, data: { excerpt: 'Invoices received, all clear.' }, read: true, seen: true });
    const request = note('n3', { type: 'connection_request', actors: [person('k', 'Katrin Vogel')], actor_count: 1, subject: { type: 'connection', id: 'x' } });
    api.list.mockResolvedValue({ data: [likes, message, request], meta: { next_cursor: null } });
    const { router } = renderScreen(<NotificationsScreen />, '/notification', { '/connections': 'Connections' });
    expect(await screen.findByText('Ana Costa, Ben Okafor, Cem Kaya +2 liked your post')).toBeTruthy();
    expect(screen.getByText('Pieter de Vries sent you a message')).toBeTruthy();
    expect(screen.getByText('Invoices received, all clear.')).toBeTruthy();
    expect(screen.getByText('Katrin Vogel asked to connect with you')).toBeTruthy();
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/notifications/seen'));
    await userEvent.click(screen.getByText('Katrin Vogel asked to connect with you'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/notifications/n3/read'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/connections?tab=invitations'));
  });

  it('filters to unread and reads them all', async () => {
    api.list.mockResolvedValue({ data: [note('n1', { actors: [person('a', 'Ana Costa')], actor_count: 1 })], meta: { next_cursor: null } });
    renderScreen(<NotificationsScreen />, '/notification');
    await screen.findByText('Ana Costa liked your post');
    await userEvent.click(screen.getByText('Unread'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith('/notifications', { params: { per_page: 20, unread: 'true' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/notifications/read-all'));
  });

  it('says so when there is nothing', async () => {
    api.list.mockResolvedValue({ data: [], meta: { next_cursor: null } });
    renderScreen(<NotificationsScreen />, '/notification');
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});
