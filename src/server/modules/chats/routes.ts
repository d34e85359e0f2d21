import { clip } from '#shared/text.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, attachmentSchema, chatCreateBody, chatSchema, messageBody, type ChatAttachment, messagePage, messageSchema, messagesQuery, readBody, type Chat, type ChatMessage } from '#shared/api/chats.ts';
import { envelope } from '#shared/api/errors.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { chatMembers, chatMessages, chats, notifications, users } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import { receiveUpload, storeImage } from '../files/images.ts';
import { sendFile, sniffImage } from '../files/store.ts';
import { notify, publish } from '../notifications/notify.ts';

type MessageRow = typeof chatMessages.$inferSelect;

/**
 * Whether two people (uuid expressions) may talk: active members of one organisation, or connected,
 * with no block either way. A deactivated member is no colleague (docs/architecture.md#chats).
 */
export const inContact = (a: SQL, b: SQL) => sql`(
  (exists (select 1 from organisation_members ma join organisation_members mb on mb.organisation_id = ma.organisation_id and mb.user_id = ${b} and mb.status = 'active'
            where ma.user_id = ${a} and ma.status = 'active')
   or exists (select 1 from connections c
               where c.pair_low = least('user:' || ${a}::text, 'user:' || ${b}::text)
                 and c.pair_high = greatest('user:' || ${a}::text, 'user:' || ${b}::text)
                 and c.status = 'connected'))
  and not exists (select 1 from user_blocks bl where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a})))`;

/** Of `ids`, the people `me` may talk to: colleagues or connected people, verified, with no block either way. */
export async function reachable(db: Db | Tx, me: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ id: string }>(db, sql`
    select u.id from users u
     where u.id = any(${`{${ids.join(',')}}`}::uuid[]) and u.id <> ${me}::uuid and u.email_verified and ${inContact(sql`${me}::uuid`, sql`u.id`)}`);
  return new Set(rows.map((r) => r.id));
}

/**
 * The members of a chat who still take part: in contact with at least one other member. Someone who
 * is not (deactivated by the organisation that brought them in, disconnected, blocked) no longer
 * sees the chat, writes in it or hears of it.
 */
async function takingPart(db: Db | Tx, chatId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db, sql`
    select m.user_id as id from chat_members m
     where m.chat_id = ${chatId}::uuid
       and exists (select 1 from chat_members o where o.chat_id = m.chat_id and o.user_id <> m.user_id and ${inContact(sql`m.user_id`, sql`o.user_id`)})`);
  return rows.map((r) => r.id);
}

/** Where chat files are stored: `chat-files/<chat>-<uuid>.<ext>`, with a note `<chat>-<uuid>-<ext>.json` beside it. */
const FOLDER = 'chat-files';
const KEY = /^chat-files\/[0-9a-f-]+\.[a-z0-9]+$/;
const metaKey = (key: string) => `${key.replace(/\.([a-z0-9]+)$/, '-$1')}.json`;
const buffer = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
};
const MIME: Record<(typeof ATTACHMENT_EXTENSIONS)[number], string> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', csv: 'text/csv; charset=utf-8', txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** What a file is, by its first bytes (and, for the kinds that share them, its name): one of ours, or null. */
/** Whether `data` (a file's start: a character may be cut at its end) is UTF-8 text. */
const utf8 = (data: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data, { stream: true });
    return true;
  } catch {
    return false;
  }
};
export function kindOf(data: Buffer, filename: string): { ext: (typeof ATTACHMENT_EXTENSIONS)[number]; mime: string } | null {
  const named = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const image = sniffImage(data);
  if (image) return { ext: image, mime: MIME[image] };
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: MIME.pdf };
  // Office files are zip archives: the name tells which.
  if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && (named === 'xlsx' || named === 'docx')) return { ext: named, mime: MIME[named] };
  if ((named === 'csv' || named === 'txt') && !data.includes(0) && utf8(data)) return { ext: named, mime: MIME[named] };
  return null;
}
/** A file name safe to show and to send back: no path, no control characters, the right extension. */
const safeName = (filename: string, ext: string) => {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').replace(/\.[^.]*$/, '').trim().slice(0, 120);
  return `${base || 'file'}.${ext}`;
};

const excerpt = (body: string) => clip(body, 140);

/**
 * Chats (docs/architecture.md#chats): direct and group conversations among colleagues and connected
 * people. A message is stored once per `client_id`, then published to every member's live stream
 * and noted in their notifications (grouped per chat).
 */
export function registerChatRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['chats'];
  const idParam = z.object({ id: z.uuid() });

  async function people(ids: string[], q: Db | Tx = db) {
    const rows = ids.length ? await q.select({ id: users.id, name: users.name, avatar_url: users.image }).from(users).where(inArray(users.id, [...new Set(ids)])) : [];
    return new Map(rows.map((r) => [r.id, r]));
  }
  /** Messages with their senders (in `q`: inside a transaction, the embedded database has no other connection). */
  const presentMessages = async (rows: MessageRow[], q: Db | Tx = db): Promise<ChatMessage[]> => {
    const by = await people(rows.map((r) => r.sender_id), q);
    return rows.map((r) => ({
      id: r.id, chat_id: r.chat_id, client_id: r.client_id, body: r.body, attachments: r.attachments, created_at: r.created_at.toISOString(),
      sender: by.get(r.sender_id) ?? { id: r.sender_id, name: '', avatar_url: null },
    }));
  };

  /** The caller's chats (one, or all), newest activity first, with the last message and what is unread. */
  async function chatsOf(me: string, only?: string): Promise<Chat[]> {
    const rows = await rowsOf<{ id: string; kind: 'direct' | 'group'; title: string | null; created_at: string; member_ids: string[] | null; unread: number; last_id: string | null; taking_part: boolean }>(db, sql`
      select c.id, c.kind, c.title, c.created_at,
             (select array_agg(m2.user_id::text order by m2.joined_at) from chat_members m2 where m2.chat_id = c.id and m2.user_id <> ${me}::uuid) as member_ids,
             (select count(*)::int from chat_messages x
               where x.chat_id = c.id and x.sender_id <> ${me}::uuid and (m.last_read_id is null or x.id > m.last_read_id)) as unread,
             (select x.id from chat_messages x where x.chat_id = c.id order by x.id desc limit 1) as last_id,
             exists (select 1 from chat_members o where o.chat_id = c.id and o.user_id <> ${me}::uuid and ${inContact(sql`${me}::uuid`, sql`o.user_id`)}) as taking_part
        from chat_members m join chats c on c.id = m.chat_id
       where m.user_id = ${me}::uuid ${only ? sql`and c.id = ${only}::uuid` : sql``}
       order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
       limit 200`);
    // A chat where the caller is in contact with nobody any more (a direct chat across a block, a
    // colleagues' chat after their membership was deactivated) is gone for them.
    const visible = rows.filter((r) => r.taking_part);
    const lastIds = visible.flatMap((r) => (r.last_id ? [r.last_id] : []));
    const lasts = lastIds.length ? await presentMessages(await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds))) : [];
    const lastBy = new Map(lasts.map((m) => [m.id, m]));
    const by = await people(visible.flatMap((r) => r.member_ids ?? []));
    return visible.map((r) => ({
      id: r.id, kind: r.kind, title: r.title, created_at: new Date(r.created_at).toISOString(), unread: Number(r.unread),
      members: (r.member_ids ?? []).flatMap((id) => by.get(id) ?? []),
      last_message: r.last_id ? (lastBy.get(r.last_id) ?? null) : null,
    }));
  }

  /** The caller's chat, or 404 (not a member, or in contact with nobody in it any more). */
  async function chatOf(me: string, id: string): Promise<Chat> {
    const [chat] = await chatsOf(me, id);
    if (!chat) throw notFound('The chat');
    return chat;
  }

  api.post('/api/chats', {
    config: { access: 'user' },
    schema: { tags, summary: 'Start a chat: the direct one with one person (found again if it exists), or a group', body: chatCreateBody, response: { 200: envelope(chatSchema), 201: envelope(chatSchema) } },
  }, async (req, reply) => {
    const me = await requireUser(ctx, req);
    const others = [...new Set(req.body.member_ids)].filter((id) => id !== me.id);
    if (others.length === 0) throw invalidField('validation_failed', 'member_ids', 'chat_with_self');
    const direct = others.length === 1 && !req.body.title;
    const { id, created } = await db.transaction(async (tx) => {
      const ok = await reachable(tx, me.id, others);
      // Strangers, the blocked and the unknown look alike: nobody learns who blocked them.
      if (others.some((o) => !ok.has(o))) throw invalidField('validation_failed', 'member_ids', 'not_reachable');
      const key = direct ? [me.id, others[0]].sort().join(':') : null;
      const id = uuidv7();
      const [row] = await tx.insert(chats).values({ id, kind: direct ? 'direct' : 'group', title: direct ? null : (req.body.title ?? null), direct_key: key, created_by: me.id }).onConflictDoNothing().returning();
      if (!row) {
        const [existing] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.direct_key, key!));
        return { id: existing.id, created: false };
      }
      await tx.insert(chatMembers).values([me.id, ...others].map((user_id) => ({ chat_id: id, user_id })));
      return { id, created: true };
    });
    reply.code(created ? 201 : 200);
    return { data: await chatOf(me.id, id) };
  });

  api.get('/api/chats', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller’s chats, newest activity first, with unread counts', response: { 200: envelope(z.array(chatSchema)) } },
  }, async (req) => ({ data: await chatsOf((await requireUser(ctx, req)).id) }));

  api.get('/api/chats/:id/messages', {
    config: { access: 'user' },
    schema: { tags, summary: 'Messages of a chat, oldest first, the page ending before `before`', params: idParam, querystring: messagesQuery, response: { 200: messagePage } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    await chatOf(me.id, req.params.id);
    const { before, limit } = req.query;
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chat_id, req.params.id), before ? lt(chatMessages.id, before) : undefined))
      .orderBy(desc(chatMessages.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit).reverse();
    return { data: await presentMessages(page), meta: { has_more: rows.length > limit } };
  });

  api.post('/api/chats/:id/messages', {
    config: { access: 'user' },
    schema: { tags, summary: 'Send a message; the same client_id again stores nothing and answers the first', params: idParam, body: messageBody, response: { 200: envelope(messageSchema), 201: envelope(messageSchema) } },
  }, async (req, reply) => {
    const me = await requireUser(ctx, req);
    const chat = await chatOf(me.id, req.params.id);
    const { body, client_id } = req.body;
    const attachments = await attachmentsOf(chat.id, me.id, req.body.attachments);
    const { row, created } = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(chatMessages)
        .values({ id: uuidv7(), chat_id: chat.id, sender_id: me.id, client_id, body, attachments })
        .onConflictDoNothing({ target: [chatMessages.chat_id, chatMessages.sender_id, chatMessages.client_id] })
        .returning();
      if (!row) {
        const [first] = await tx.select().from(chatMessages).where(and(eq(chatMessages.chat_id, chat.id), eq(chatMessages.sender_id, me.id), eq(chatMessages.client_id, client_id)));
        return { row: first, created: false };
      }
      await tx.update(chats).set({ last_message_at: row.created_at }).where(eq(chats.id, chat.id));
      // What one sends, one has read.
      await tx.update(chatMembers).set({ last_read_id: row.id }).where(and(eq(chatMembers.chat_id, chat.id), eq(chatMembers.user_id, me.id)));
      const [message] = await presentMessages([row], tx);
      // Only those still taking part hear of it.
      const told = new Set(await takingPart(tx, chat.id));
      await publish(tx, [me.id, ...chat.members.map((m) => m.id).filter((id) => told.has(id))], 'message', message);
      for (const m of chat.members.filter((x) => told.has(x.id))) {
        await notify(tx, {
          userId: m.id, organisationId: null, type: 'message', actorId: me.id, subject: { type: 'chat', id: chat.id }, groupKey: `message:chat:${chat.id}`,
          data: { excerpt: excerpt(body || attachments.map((a) => a.name).join(', ')), chat_title: chat.title },
        });
      }
      return { row, created: true };
    });
    reply.code(created ? 201 : 200);
    return { data: (await presentMessages([row]))[0] };
  });

  /**
   * Files named by a message: uploaded to this chat (the key says so) by this sender (the note
   * written beside the file at upload says so, with its name, type and size).
   */
  /** The note written beside a chat file at upload (name, type, size, uploader), or null. */
  async function noteOf(key: string): Promise<(ChatAttachment & { by: string }) | null> {
    const note = await ctx.files.get(metaKey(key));
    return note ? (JSON.parse((await buffer(note.stream)).toString('utf8')) as ChatAttachment & { by: string }) : null;
  }

  async function attachmentsOf(chatId: string, senderId: string, keys: string[]): Promise<ChatAttachment[]> {
    const out: ChatAttachment[] = [];
    for (const key of [...new Set(keys)]) {
      const note = key.startsWith(`${FOLDER}/${chatId}-`) && KEY.test(key) ? await noteOf(key) : null;
      const { by, ...attachment } = note ?? { by: null };
      if (by !== senderId) throw invalidField('validation_failed', 'attachments', 'reference_invalid');
      out.push(attachment as ChatAttachment);
    }
    return out;
  }

  api.post('/api/chats/:id/attachments', {
    config: { access: 'user' },
    schema: {
      tags, consumes: ['multipart/form-data'], params: idParam, response: { 200: envelope(attachmentSchema) },
      summary: `Upload a file for a message of the chat (multipart field "file": ${ATTACHMENT_EXTENSIONS.join(', ')}; at most 5 MB); name its key in the message`,
    },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const chat = await chatOf(me.id, req.params.id);
    const upload = await receiveUpload(req, ATTACHMENT_MAX_BYTES);
    // The type is told by the file's first bytes (files/upload.ts), before anything is stored.
    const kind = kindOf(upload.head, upload.filename);
    if (!kind) throw invalidField('unsupported_file_type', 'file', 'file_type');
    const key = `${FOLDER}/${chat.id}-${uuidv7()}.${kind.ext}`;
    let size: number;
    if (sniffImage(upload.head)) {
      // Pictures are decoded and encoded again (as avatars are): a broken one is refused, metadata is dropped.
      size = (await storeImage(upload, ctx.files, () => key)).size;
    } else {
      // Anything else streams into the store as it arrives, never whole in memory.
      size = (await upload.store(ctx.files, key)).size;
    }
    const attachment: ChatAttachment = { key, name: safeName(upload.filename, kind.ext), type: kind.mime, size };
    await ctx.files.put(metaKey(key), Buffer.from(JSON.stringify({ ...attachment, by: me.id })));
    return { data: attachment };
  });

  api.get('/api/chats/:id/attachments/:file', {
    config: { access: 'user' },
    schema: { tags, summary: 'Download a file of the chat (members only)', params: z.object({ id: z.uuid(), file: z.string().max(200) }) },
  }, async (req, reply) => {
    const me = await requireUser(ctx, req);
    const chat = await chatOf(me.id, req.params.id);
    const key = `${FOLDER}/${req.params.file}`;
    if (!key.startsWith(`${FOLDER}/${chat.id}-`) || !KEY.test(key)) throw notFound('The file');
    const a = await noteOf(key);
    const file = a && (await ctx.files.get(key));
    if (!a || !file) throw notFound('The file');
    // Always a download, never shown in the page: a member's file is not trusted content of ours.
    return sendFile(reply, file, a.type, { download: a.name, cache: 'private, max-age=3600' });
  });

  api.post('/api/chats/:id/read', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller has read the chat up to this message', params: idParam, body: readBody, response: { 200: envelope(chatSchema) } },
  }, async (req) => {
    const me = await requireUser(ctx, req);
    const chat = await chatOf(me.id, req.params.id);
    const [message] = await db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.id, req.body.message_id), eq(chatMessages.chat_id, chat.id)));
    if (!message) throw new AppError(422, 'validation_failed', 'The message is not in this chat.', { message_id: 'reference_invalid' });
    await db.transaction(async (tx) => {
      // Read marks only move forward (ids are time-ordered).
      await tx
        .update(chatMembers)
        .set({ last_read_id: message.id })
        .where(and(eq(chatMembers.chat_id, chat.id), eq(chatMembers.user_id, me.id), sql`(${chatMembers.last_read_id} is null or ${chatMembers.last_read_id} < ${message.id}::uuid)`));
      // Reading the chat reads its message notifications.
      const now = new Date();
      await tx
        .update(notifications)
        .set({ read_at: now, seen_at: sql`coalesce(${notifications.seen_at}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.user_id, me.id), eq(notifications.group_key, `message:chat:${chat.id}`), sql`${notifications.read_at} is null`));
      await publish(tx, me.id, 'chat_read', { chat_id: chat.id, message_id: message.id });
    });
    return { data: await chatOf(me.id, chat.id) };
  });

}
