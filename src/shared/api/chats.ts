import { z } from 'zod';
import { personRef } from './notifications.ts';

/** Limits of a message and of a group. */
export const MESSAGE_MAX = 4000;
export const GROUP_MAX_MEMBERS = 50;

export const chatCreateBody = z.object({
  /** The others: one person without a title is the direct chat with them (found again if it exists). */
  member_ids: z.array(z.uuid('reference_invalid')).min(1, 'required').max(GROUP_MAX_MEMBERS - 1, 'too_many'),
  title: z.string().trim().min(1, 'required').max(120, 'text_too_long').nullish(),
});

/** Files sent in a chat: at most this many a message, each at most ATTACHMENT_MAX_BYTES, of these kinds. */
export const ATTACHMENTS_PER_MESSAGE = 4;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'webp', 'xlsx', 'docx', 'csv', 'txt'] as const;

export const attachmentSchema = z.object({
  /** The stored file's name, as `POST /api/chats/:id/attachments` answered it. */
  key: z.string().max(200),
  name: z.string().max(200),
  type: z.string().max(100),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof attachmentSchema>;

export const messageBody = z
  .object({
    body: z.string().trim().max(MESSAGE_MAX, 'text_too_long').default(''),
    /** The sender's own id for this message: sending it again stores nothing twice. */
    client_id: z.string().trim().min(1, 'required').max(64, 'text_too_long').regex(/^[\w.:-]+$/, 'format_invalid'),
    /** Keys of files uploaded to this chat by the sender. */
    attachments: z.array(z.string().max(200)).max(ATTACHMENTS_PER_MESSAGE, 'too_many').default([]),
  })
  .refine((m) => m.body.length > 0 || m.attachments.length > 0, { message: 'required', path: ['body'] });

export const messageSchema = z.object({
  id: z.uuid(),
  chat_id: z.uuid(),
  sender: personRef,
  client_id: z.string(),
  body: z.string(),
  attachments: z.array(attachmentSchema),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

export const chatSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['direct', 'group']),
  title: z.string().nullable(),
  /** Everyone but the caller. */
  members: z.array(personRef),
  last_message: messageSchema.nullable(),
  unread: z.number().int(),
  created_at: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const messagesQuery = z.object({
  /** A message id: the page ends just before it (older messages). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
/** Oldest first; `has_more` when older messages remain before the first one. */
export const messagePage = z.object({ data: z.array(messageSchema), meta: z.object({ has_more: z.boolean() }) });

export const readBody = z.object({ message_id: z.uuid('reference_invalid') });
