import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the application sends; the delivery channel when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra header fields sent with it (List-Unsubscribe …). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Files sent with it (name, type, size; the outbox keeps no contents). */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; bytes: number }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an SMTP server accepted it; null in outbox mode. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt)],
);
