import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Chat, ChatMessage } from '#shared/api/chats.ts';
import { userEvent } from '../../test/user.ts';
import { ApiFailure } from '../../lib/api-failure.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { renderScreen } from '../../test/render.tsx';
import { sessionUser } from '../../test/fixtures.ts';
import { ChatsScreen } from './chats-screen.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), list: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../lib/api-client.ts', () => ({ api }));
const live = vi.hoisted(() => ({ listeners: new Set<(e: unknown) => void>() }));
vi.mock('../../lib/live.ts', () => ({
  onLive: (l: (e: unknown) => void) => {
    live.listeners.add(l);
    return () => live.listeners.delete(l);
  },
}));

const pieter = { id: 'u-p', name: 'Pieter de Vries', avatar_url: null };
const msg = (id: string, body: string, sender = pieter, client_id = id): ChatMessage => ({ id, chat_id: 'c1', sender, client_id, body, attachments: [], created_at: '2026-11-24T08:00:00.000Z' });
const chat = (extra: Partial<Chat> = {}): Chat => ({ id: 'c1', kind: 'direct', title: null, members: [pieter], last_message: msg('m2', 'One question on line 4'), unread: 1, created_at: '2026-11-20T09:00:00.000Z', ...extra });

describe('chats screen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    live.listeners.clear();
    useSessionStore.getState().logIn(sessionUser({ id: 'u-me' }));
    api.get.mockImplementation(async (url: string) => {
      if (url === '/chats') return [chat()];
      throw new Error(`unexpected GET ${url}`);
    });
    api.list.mockResolvedValue({ data: [msg('m1', 'The Aurora berths Thursday.'), msg('m2', 'One question on line 4')], meta: { has_more: false } });
  });
  afterEach(() => useSessionStore.getState().clear());

  it('opens a chat, reads it, and shows a message that arrives live', async () => {
    api.post.mockResolvedValue(chat({ unread: 0 }));
    renderScreen(<ChatsScreen />, '/chats?chat=c1');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('The Aurora berths Thursday.')).toBeTruthy();
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/chats/c1/read', { message_id: 'm2' }, { silent: true }));
    for (const l of live.listeners) l({ id: 9, type: 'message', data: msg('m3', 'Invoices received, all clear.') });
    expect(await within(log).findByText('Invoices received, all clear.')).toBeTruthy();
  });

  it('sends with a client id, and resends with the same one after a failure', async () => {
    renderScreen(<ChatsScreen />, '/chats?chat=c1');
    await screen.findByText('The Aurora berths Thursday.');
    api.post.mockImplementation(async (url: string) => {
      if (url === '/chats/c1/messages') throw new ApiFailure({ status: 0, code: 'network_error', message: 'offline' });
      return chat({ unread: 0 });
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Tools, so 8205.{Enter}');
    const retry = await screen.findByRole('button', { name: /try again/ });
    const first = api.post.mock.calls.find((c) => c[0] === '/chats/c1/messages')!;
    expect(first[1]).toMatchObject({ body: 'Tools, so 8205.' });
    api.post.mockImplementation(async (url: string, body: { client_id: string }) => (url === '/chats/c1/messages' ? msg('m4', 'Tools, so 8205.', { id: 'u-me', name: 'Me', avatar_url: null }, body.client_id) : chat()));
    await userEvent.click(retry);
    await waitFor(() => expect(screen.queryByRole('button', { name: /try again/ })).toBeNull());
    const sends = api.post.mock.calls.filter((c) => c[0] === '/chats/c1/messages');
    expect(sends).toHaveLength(2);
    expect(sends[1][1].client_id).toBe(first[1].client_id);
    expect(screen.getAllByText('Tools, so 8205.')).toHaveLength(1);
  });

  it('lists chats with their unread counts', async () => {
    renderScreen(<ChatsScreen />, '/chats');
    expect(await screen.findByText('Pieter de Vries')).toBeTruthy();
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(screen.getByText('Choose a chat, or start a new one.')).toBeTruthy();
  });

  it('says how to begin when there are no chats', async () => {
    api.get.mockResolvedValue([]);
    renderScreen(<ChatsScreen />, '/chats');
    expect(await screen.findByText('No chats yet. Start one with a connection or a colleague.')).toBeTruthy();
  });
});
