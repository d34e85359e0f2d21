import nodemailer from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailAttachment = { filename: string; contentType: string; content: Buffer };
/** `headers`: extra header fields (List-Unsubscribe …), kept by the outbox and sent by SMTP. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string>; attachments?: MailAttachment[] };
export type Mailer = { readonly kind: 'outbox' | 'smtp'; send(mail: Mail): Promise<void>; close(): Promise<void> };

/** Default: mails are written to the `mail_outbox` table, readable at /dev outside production. */
export function createOutboxMailer(database: Database): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      const { attachments = [], ...rest } = mail;
      await database.db.insert(mailOutbox).values({ id: uuidv7(), ...rest, attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.length })) });
    },
    async close() {},
  };
}

/** Production: mails go to the SMTP server of `SMTP_URL` (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
