/** The chats calls and their query keys (the chats screen; the bell refreshes through live events). */
import type { Chat, ChatAttachment, ChatMessage } from '#shared/api/chats.ts';
import { api } from './api-client.ts';

export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  messages: (chatId: string) => ['chats', 'messages', chatId] as const,
};

export type MessagePage = { data: ChatMessage[]; meta: { has_more: boolean } };

export const chatsApi = {
  list: () => api.get<Chat[]>('/chats'),
  /** The direct chat with one person (found again if it exists), or a titled group. */
  start: (memberIds: string[], title?: string) => api.post<Chat>('/chats', { member_ids: memberIds, ...(title && { title }) }),
  messages: (chatId: string, before: string | null) =>
    api.list<ChatMessage>(`/chats/${chatId}/messages`, { params: { limit: 30, ...(before && { before }) } }) as unknown as Promise<MessagePage>,
  /** Sending again with the same client_id stores nothing twice: a failed send is retried as it was. */
  send: (chatId: string, body: string, clientId: string, attachments: string[] = []) =>
    api.post<ChatMessage>(`/chats/${chatId}/messages`, { body, client_id: clientId, ...(attachments.length && { attachments }) }, { silent: true }),
  /** A file for the next message (its key goes with the message). */
  upload: (chatId: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<ChatAttachment>(`/chats/${chatId}/attachments`, form);
  },
  read: (chatId: string, messageId: string) => api.post<Chat>(`/chats/${chatId}/read`, { message_id: messageId }, { silent: true }),
};

/** Where a member downloads a message's file. */
export const attachmentUrl = (chatId: string, a: Pick<ChatAttachment, 'key'>) => `/api/chats/${chatId}/attachments/${a.key.split('/')[1]}`;

/** A chat's name: its title, or the other people's names. */
export const chatName = (chat: Pick<Chat, 'title' | 'members'>) => chat.title ?? chat.members.map((m) => m.name).join(', ');
