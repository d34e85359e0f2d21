import { asc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import { chatMembers, chatMessages, chats, connections, postComments, postLikes, posts, users } from '../../db/schema/index.ts';
import { membersWith, notify } from '../notifications/notify.ts';

type Line = [from: string, minutesAgo: number, body: string];

/** Chats of the demo owner, each as lines of (sender e-mail, minutes ago, text); Olivia has read up to `readUpTo` lines. */
const CONVERSATIONS: { title?: string; members: string[]; readUpTo: number; lines: Line[] }[] = [
  {
    members: ['owner@demo.fyn.local', 'pieter@rma.demo.fyn.local'],
    readUpTo: 4,
    lines: [
      ['pieter@rma.demo.fyn.local', 60 * 26, 'Morning Olivia, the MSC Aurora is now expected at Rotterdam Thursday 06:00.'],
      ['owner@demo.fyn.local', 60 * 25, 'Thanks Pieter. Can your team take the 3 × 40HC for Felixstowe on the Friday feeder?'],
      ['pieter@rma.demo.fyn.local', 60 * 24, 'Yes, space is confirmed with Hamburg Feeder Lines. Customs release by Thursday noon.'],
      ['owner@demo.fyn.local', 60 * 23, 'Perfect. I will send the commercial invoices tonight.'],
      ['pieter@rma.demo.fyn.local', 35, 'Invoices received, all clear. One question on the HS code for line 4 — machinery parts or tools?'],
      ['pieter@rma.demo.fyn.local', 33, 'If tools, 8205 applies and the duty changes slightly.'],
    ],
  },
  {
    members: ['owner@demo.fyn.local', 'li.wei@sol.demo.fyn.local'],
    readUpTo: 3,
    lines: [
      ['li.wei@sol.demo.fyn.local', 60 * 72, 'Hello Olivia, December rates Shanghai–Felixstowe are out: USD 2,150 per 40HC, valid to 31 Dec.'],
      ['owner@demo.fyn.local', 60 * 71, 'Thank you, Li. Any space left on the 12 December sailing?'],
      ['li.wei@sol.demo.fyn.local', 60 * 70, 'Eight slots left. I can hold two for Northwind until Friday.'],
    ],
  },
  {
    title: 'Felixstowe operations',
    members: ['owner@demo.fyn.local', 'admin@demo.fyn.local', 'ocean@demo.fyn.local', 'customs@demo.fyn.local'],
    readUpTo: 2,
    lines: [
      ['ocean@demo.fyn.local', 60 * 5, 'Berth window for the Aurora moved to Thursday late shift.'],
      ['admin@demo.fyn.local', 60 * 4, 'Haulier notified, collection slots rebooked for Friday morning.'],
      ['customs@demo.fyn.local', 50, 'CDS entries for the Rotterdam consolidation are lodged; two are waiting on invoices.'],
    ],
  },
];

/**
 * The demo owner's chats and notifications (embedded mode only): conversations with partners and
 * colleagues with something unread, and what the network told Olivia and Northwind's staff of
 * (the pending requests, messages), so that the bell, /notification and /chats have life in them.
 */
export async function seedDemoConversations(ctx: AppContext) {
  const db = ctx.database.db;
  const emails = [...new Set(CONVERSATIONS.flatMap((c) => c.members))];
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const id = Object.fromEntries(people.map((p) => [p.email, p.id]));
  const olivia = id['owner@demo.fyn.local'];
  const minute = 60_000;
  for (const c of CONVERSATIONS) {
    if (c.members.some((m) => !id[m])) continue;
    const chatId = uuidv7();
    const start = new Date(Date.now() - (c.lines[0][1] + 5) * minute);
    const memberIds = c.members.map((m) => id[m]);
    await db.insert(chats).values({
      id: chatId, kind: c.title ? 'group' : 'direct', title: c.title ?? null, direct_key: c.title ? null : [...memberIds].sort().join(':'),
      created_by: olivia, created_at: start, last_message_at: new Date(Date.now() - c.lines.at(-1)![1] * minute),
    });
    // Message ids must sort by time as live ones do (UUIDv7 at the line's moment).
    const rows = c.lines.map(([from, ago, body], i) => {
      const at = Date.now() - ago * minute;
      return { id: uuidv7({ msecs: at }), chat_id: chatId, sender_id: id[from], client_id: `demo-${i}`, body, created_at: new Date(at) };
    });
    await db.insert(chatMessages).values(rows);
    await db.insert(chatMembers).values(
      memberIds.map((userId) => ({
        chat_id: chatId, user_id: userId, joined_at: start,
        // Olivia has read part; the others have read everything.
        last_read_id: userId === olivia ? rows[c.readUpTo - 1].id : rows.at(-1)!.id,
      })),
    );
    // What Olivia has not read yet is one message notification per chat.
    for (const r of rows.slice(c.readUpTo)) {
      if (r.sender_id === olivia) continue;
      await notify(db, { userId: olivia, organisationId: null, type: 'message', actorId: r.sender_id, subject: { type: 'chat', id: chatId }, groupKey: `message:chat:${chatId}`, data: { excerpt: r.body, chat_title: c.title ?? null } });
    }
  }
  // The requests waiting for Olivia and for Northwind, as they were told.
  const pending = await db.select().from(connections).where(eq(connections.status, 'pending'));
  for (const row of pending) {
    const told = row.target_type === 'user' ? [row.target_id] : await membersWith(db, row.target_id, 'network.view');
    for (const userId of told) {
      await notify(db, {
        userId, organisationId: row.target_type === 'user' ? null : row.target_id, type: row.target_type === 'user' ? 'connection_request' : 'organisation_connection_request', actorId: row.requested_by,
        subject: { type: 'connection', id: row.id }, data: { message: row.message, organisation: null },
      });
    }
  }
  // Likes and comments on Olivia's posts, as they were told (grouped per post).
  const mine = await db.select({ id: posts.id }).from(posts).where(eq(posts.author_id, olivia));
  for (const post of mine) {
    for (const like of await db.select().from(postLikes).where(eq(postLikes.post_id, post.id)).orderBy(asc(postLikes.created_at))) {
      await notify(db, { userId: olivia, organisationId: null, type: 'like', actorId: like.user_id, subject: { type: 'post', id: post.id }, groupKey: `like:post:${post.id}` });
    }
    for (const c of await db.select().from(postComments).where(eq(postComments.post_id, post.id)).orderBy(asc(postComments.created_at))) {
      await notify(db, { userId: olivia, organisationId: null, type: 'comment', actorId: c.author_id, subject: { type: 'post', id: post.id }, groupKey: `comment:post:${post.id}`, data: { excerpt: c.body.slice(0, 140) } });
    }
  }
  // Each group as old as its newest cause, not as the seeding.
  await ctx.database.query(
    `update notifications n set updated_at = t.at, created_at = t.at
       from (select n2.id, case n2.type
                     when 'like' then (select max(created_at) from post_likes where post_id = n2.subject_id)
                     when 'comment' then (select max(created_at) from post_comments where post_id = n2.subject_id)
                     when 'message' then (select max(created_at) from chat_messages where chat_id = n2.subject_id)
                     else (select updated_at from connections where id = n2.subject_id) end as at
               from notifications n2 where n2.user_id in (select id from users where email like '%demo.fyn.local')) t
      where n.id = t.id and t.at is not null`,
  );
}
