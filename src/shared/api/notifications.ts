import { z } from 'zod';

/**
 * What a notification tells of (texts in the web's `notifications.types.<type>`). Later areas add
 * theirs here and call the server's `notify()`.
 */
export const NOTIFICATION_TYPES = [
  'connection_request', 'connection_accepted', 'organisation_connection_request', 'organisation_connection_accepted',
  'comment', 'like', 'mention', 'message',
  // Quotes (data: number, client, valid_until): the client decided through the link, or the quote is about to expire or did.
  'quote_accepted', 'quote_declined', 'quote_expiring', 'quote_expired',
  // Operations: a followed shipment changed status (data: number, status) or an exception was raised (data: number, kind);
  // a task or exception was given to the person (data: title or number).
  'shipment_status', 'shipment_exception', 'task_assigned', 'exception_assigned',
  // Leave (data: days, from, to; reason when rejected): asked of the manager, approved or rejected for the employee.
  'leave_requested', 'leave_approved', 'leave_rejected',
  // HR and the manager (data: name, date): a contract or a probation ends within 30 days.
  'contract_ending', 'probation_ending',
  // Recruitment (data: name, opening): someone applied on an opening's public page (told to its hiring manager).
  'application_received',
  // Developers (data: url, reason gone or failing): a webhook endpoint was disabled (told to the organisation's owners).
  'webhook_endpoint_disabled',
  // AI credits (data: threshold, used, total): the period's credits are 80 % or 100 % used (told to the owners).
  'ai_credits',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const personRef = z.object({ id: z.uuid(), name: z.string(), avatar_url: z.string().nullable() });
export type PersonRef = z.infer<typeof personRef>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The newest actors first (up to three), and how many there are in all. */
  actors: z.array(personRef),
  actor_count: z.number().int(),
  subject: z.object({ type: z.string(), id: z.uuid() }).nullable(),
  /** Type-specific details (an excerpt, a chat's title, an organisation's name). */
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
  seen: z.boolean(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPage = z.object({ data: z.array(notificationSchema), meta: z.object({ next_cursor: z.string().nullable() }) });
export const notificationListQuery = z.object({
  cursor: z.string().max(200).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export const notificationSummary = z.object({ unseen: z.number().int(), unread: z.number().int() });
export type NotificationSummary = z.infer<typeof notificationSummary>;

/** One event of the live stream (GET /api/events), as the browser receives it in `data:`. */
export type LiveEvent = { id: number; type: 'notification' | 'message' | 'chat_read' | 'connection' | 'post' | 'task'; data: Record<string, unknown> };
