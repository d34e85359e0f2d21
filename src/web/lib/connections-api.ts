/** The connections calls and their query keys: the connections screen and the dashboard's widget share them, so a change on one refreshes the other. */
import type { ActorType, Connection, ConnectionSource, ConnectionStatus, Suggestion } from '#shared/api/connections.ts';
import { api } from './api-client.ts';

export type ConnectionTab = 'connected' | 'invitations' | 'requested';
export type ConnectionCounts = Record<ConnectionTab, number>;

/** Query keys: every list and count of connections sits under `connections`, so one invalidation refreshes them. */
export const connectionKeys = {
  all: ['connections'] as const,
  counts: (as: ActorType) => ['connections', 'counts', as] as const,
  list: (tab: ConnectionTab, as: ActorType) => ['connections', 'list', tab, as] as const,
  suggestions: ['connections', 'suggestions'] as const,
};

const PATHS: Record<ConnectionTab, string> = { connected: '/connections', invitations: '/connections/invitations', requested: '/connections/requested' };

export const connectionsApi = {
  counts: (as: ActorType) => api.get<ConnectionCounts>('/connections/counts', { params: { as } }),
  /** One page of a tab, newest change first; `next_cursor` asks for the next. */
  page: (tab: ConnectionTab, as: ActorType, cursor: string | null) =>
    api.list<Connection>(PATHS[tab], { params: { as, per_page: 20, ...(tab === 'connected' && { status: 'connected' }), ...(cursor && { cursor }) } }),
  setStatus: (id: string, status: ConnectionStatus) => api.patch<Connection>(`/connections/${id}`, { status }),
  /** Ask to connect, as oneself, with a note and how the two know each other if given. */
  request: (target: { type: ActorType; id: string }, note: { message?: string; source?: ConnectionSource } = {}) =>
    api.post<Connection>('/connections', { target, ...(note.message && { message: note.message }), ...(note.source && { source: note.source }) }),
  suggestions: () => api.get<Suggestion[]>('/connections/suggestions'),
  /** Share one's own connection with one's organisation (its CRM lists it), or stop. */
  share: (id: string, shared: boolean) => (shared ? api.post<Connection>(`/connections/${id}/share`) : api.delete<Connection>(`/connections/${id}/share`)),
  /** How the two sides know each other; null forgets it. */
  setSource: (id: string, source: ConnectionSource | null) => api.patch<Connection>(`/connections/${id}/source`, { source }),
  /** The organisation side's key point of contact (an active member); null clears it. */
  setKeyContact: (id: string, userId: string | null) => api.put<Connection>(`/connections/${id}/key-contact`, { user_id: userId }),
};
