/** The notifications calls and their query keys: the bell, its panel and the notifications screen share them. */
import type { Notification, NotificationSummary } from '#shared/api/notifications.ts';
import { api } from './api-client.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  summary: ['notifications', 'summary'] as const,
  list: (unread: boolean) => ['notifications', 'list', unread] as const,
};

export const notificationsApi = {
  summary: () => api.get<NotificationSummary>('/notifications/summary', { silent: true }),
  /** One page, latest activity first; `next_cursor` asks for the next. */
  page: (cursor: string | null, unread = false, perPage = 20) =>
    api.list<Notification>('/notifications', { params: { per_page: perPage, ...(unread && { unread: 'true' }), ...(cursor && { cursor }) } }),
  seen: () => api.post<NotificationSummary>('/notifications/seen'),
  read: (id: string) => api.post<Notification>(`/notifications/${id}/read`),
  readAll: () => api.post<NotificationSummary>('/notifications/read-all'),
};

/** Where a notification leads. */
export function linkOf(n: Pick<Notification, 'type' | 'subject'>): string {
  switch (n.subject?.type) {
    case 'connection':
      return n.type.endsWith('request') ? '/connections?tab=invitations' : '/connections';
    case 'chat':
      return `/chats?chat=${n.subject.id}`;
    case 'post':
      return n.type === 'mention' ? '/' : '/user/posts';
    case 'quote':
      return `/organisation/crm/quotation-management/${n.subject.id}`;
    case 'shipment':
      return `/organisation/crm/shipment-management/${n.subject.id}`;
    case 'exception':
      return `/exceptions?id=${n.subject.id}`;
    case 'task':
      return '/task-assignment';
    case 'leave':
      return '/organisation/hr/leave-management';
    case 'contract':
      return '/organisation/hr/contracts';
    case 'applicant':
      return `/recruitment-hub?applicant=${n.subject.id}`;
    default:
      return '/notification';
  }
}
