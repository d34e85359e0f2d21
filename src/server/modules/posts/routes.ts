import { clip } from '#shared/text.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import {
  adAllowanceSchema, commentCreateBody, commentPageSchema, commentSchema, likeSchema, pageQuery, postCreateBody, postPageSchema, postPatchBody, postSchema,
  uploadedImageSchema,
} from '#shared/api/posts.ts';
import { AD_KINDS, mentionedIds, POST_IMAGE_MAX_BYTES } from '#shared/api/post-rules.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { organisations, postComments, postLikes, posts, users, type PostImage } from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { identify, requireUser } from '../auth/session.ts';
import { receiveUpload, storeImage } from '../files/images.ts';
import { IMAGE_TYPES, type ImageExt, sendFile } from '../files/store.ts';
import { notify } from '../notifications/notify.ts';
import { lockOrganisation } from '../organisations/service.ts';
import { requireMember, requirePermission } from '../organisations/membership.ts';
import {
  adsUsed, allowanceOf, canSee, commentPage, feedPage, IMAGE_FOLDER, imageUrl, listPage, mayChange, parseImageKey, presentComment, presentPosts, rows,
  yearStart, type Viewer,
} from './service.ts';

const idParam = z.object({ id: z.uuid() });
const commentParam = z.object({ id: z.uuid(), commentId: z.uuid() });
const one = { 200: envelope(postSchema) };
type PostRow = typeof posts.$inferSelect;
const excerpt = (body: string) => clip(body, 140);

/**
 * The feed (docs/architecture.md#network, "Feed"): posts of people and organisations, with
 * pictures, comments, likes and mentions; ads count against the plan's allowance.
 */
export function registerPostRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['feed'];

  async function viewerOf(req: FastifyRequest): Promise<Viewer> {
    const user = await requireUser(ctx, req);
    const member = (await identify(ctx, req))?.member;
    const active = member && member.status === 'active' && user.organisationId === member.organisation.id ? member : null;
    return { id: user.id, orgId: active?.organisation.id ?? null, permissions: new Set(active?.role.permissions ?? []) };
  }

  /** A post the viewer may see (404 for anyone else, as for nothing), locked in `tx` when asked. */
  async function visiblePost(tx: Tx | typeof db, v: Viewer, id: string, lock = false): Promise<PostRow> {
    const [row] = await rows<PostRow>(tx, sql`select p.* from posts p where p.id = ${id} and ${canSee(v)} ${lock ? sql`for update of p` : sql``}`);
    if (!row) throw notFound('The post');
    return row;
  }

  /**
   * Tells the people newly mentioned in `body` who may see the post (and are in no block with the
   * author) — not the author, not those in `already`.
   */
  async function notifyMentions(tx: Tx, post: PostRow, body: string, actorId: string, already: string[] = []) {
    const ids = mentionedIds(body).filter((id) => id !== actorId && !already.includes(id));
    if (!ids.length) return;
    const people = await tx.select({ id: users.id, organisationId: users.organisationId }).from(users).where(sql`${users.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
    for (const person of people) {
      const member = person.organisationId
        ? (await rows<{ ok: boolean }>(tx, sql`select true as ok from organisation_members where organisation_id = ${person.organisationId} and user_id = ${person.id} and status = 'active'`)).length > 0
        : false;
      const viewer: Viewer = { id: person.id, orgId: member ? person.organisationId : null, permissions: new Set() };
      const [seen] = await rows<{ id: string }>(tx, sql`select p.id from posts p where p.id = ${post.id} and ${canSee(viewer)}`);
      // A block either way: canSee is false for the mentioned person, so nothing is told.
      if (!seen || (await blocked(tx, actorId, person.id))) continue;
      await notify(tx, { userId: person.id, organisationId: null, type: 'mention', actorId, subject: { type: 'post', id: post.id }, data: { excerpt: excerpt(body) } });
    }
  }
  async function blocked(tx: Tx, a: string, b: string) {
    return (await rows(tx, sql`select 1 from user_blocks where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}) limit 1`)).length > 0;
  }

  // ── pictures ──────────────────────────────────────────────────────────────

  api.post('/api/posts/images', {
    config: { access: 'user' },
    schema: {
      tags, summary: 'Upload one picture for a post (multipart field "file": PNG, JPEG or WebP, at most 5 MB); name its key in POST /api/posts',
      consumes: ['multipart/form-data'], response: { 200: envelope(uploadedImageSchema) },
    },
  }, async (req) => {
    const user = await requireUser(ctx, req);
    const upload = await receiveUpload(req, POST_IMAGE_MAX_BYTES, 'post_image_too_large');
    // Streamed into the store (files/images.ts), named by its pixel size read from its header.
    const image = await storeImage(upload, ctx.files, ({ ext, width, height }) => `${IMAGE_FOLDER}/${user.id}-${uuidv7()}-${width}x${height}.${ext}`);
    const key = image.key.slice(IMAGE_FOLDER.length + 1);
    return { data: { key, width: image.width, height: image.height, type: IMAGE_TYPES[image.ext].mime, url: imageUrl(key) } };
  });

  // Not under /api/posts/: /api/posts/images/{key} and /api/posts/{id}/like would both match /api/posts/images/like.
  api.get('/api/post-images/:key', {
    config: { access: 'user' },
    schema: { tags, summary: 'A post’s picture, for whoever may see the post (and its uploader)', params: z.object({ key: z.string().max(120) }) },
  }, async (req, reply) => {
    const v = await viewerOf(req);
    const { key } = req.params;
    const parsed = parseImageKey(key);
    if (!parsed) throw notFound('The file');
    if (parsed.owner !== v.id) {
      const [post] = await rows<{ id: string }>(db, sql`
        select p.id from posts p where p.author_id = ${parsed.owner} and p.images @> ${JSON.stringify([{ key }])}::jsonb and ${canSee(v)} limit 1`);
      if (!post) throw notFound('The file');
    }
    const file = await ctx.files.get(`${IMAGE_FOLDER}/${key}`);
    if (!file) throw notFound('The file');
    const ext = key.split('.').pop() as ImageExt;
    return sendFile(reply, file, IMAGE_TYPES[ext].mime);
  });

  /** The pictures named by keys: the caller's own uploads that exist, else 422. */
  async function ownImages(userId: string, keys: string[]): Promise<PostImage[]> {
    const out: PostImage[] = [];
    for (const key of new Set(keys)) {
      const parsed = parseImageKey(key);
      const file = parsed && parsed.owner === userId ? await ctx.files.get(`${IMAGE_FOLDER}/${key}`) : null;
      if (!parsed || !file) throw invalidField('validation_failed', 'images', 'reference_invalid');
      file.stream.destroy();
      out.push({ key, width: parsed.width, height: parsed.height, type: parsed.type });
    }
    return out;
  }

  // ── posts ─────────────────────────────────────────────────────────────────

  api.post('/api/posts', {
    config: { access: 'user' },
    schema: { tags, summary: 'Post to the feed (as oneself, or for the caller’s organisation with as_organisation and network.create); ads count against the plan’s allowance', body: postCreateBody, response: { 201: envelope(postSchema) } },
  }, async (req, reply) => {
    const v = await viewerOf(req);
    const b = req.body;
    let asOrg: string | null = null;
    if (b.as_organisation) {
      const m = await requireMember(ctx, req);
      requirePermission(m, 'network.create');
      asOrg = m.organisation.id;
    }
    if (b.visibility === 'organisation' && !v.orgId) throw invalidField('validation_failed', 'visibility', 'post_organisation_only');
    const images = await ownImages(v.id, b.images ?? []);
    const id = uuidv7();
    await db.transaction(async (tx) => {
      const audience = v.orgId;
      if (AD_KINDS.includes(b.kind)) {
        // Under the organisation's row lock: two posts racing for the last free ad cannot both take it.
        let allowance = 0;
        let used = 0;
        if (audience) {
          await lockOrganisation(tx, audience);
          const [org] = await tx.select({ status: organisations.status, priceId: organisations.priceId }).from(organisations).where(eq(organisations.id, audience));
          allowance = await allowanceOf(ctx, org ?? null);
          used = await adsUsed(tx, audience);
        }
        if (used >= allowance) {
          throw new AppError(402, 'ad_allowance_used', allowance
            ? `Your plan’s ${allowance} free trade and service ads of ${yearStart().getUTCFullYear()} are used.`
            : 'Trade and service ads need an organisation on a paid plan.', undefined, undefined, { allowance, used });
        }
      }
      const now = new Date();
      const [row] = await tx.insert(posts).values({
        id, author_id: v.id, organisation_id: asOrg, audience_organisation_id: audience, kind: b.kind, visibility: b.visibility, body: b.body, images,
        created_at: now, updated_at: now,
      }).returning();
      await notifyMentions(tx, row, row.body, v.id);
    });
    reply.code(201);
    return { data: (await presentPosts(db, v, [id]))[0] };
  });

  api.get('/api/feed', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller’s feed, newest first (keyset: cursor)', querystring: pageQuery, response: { 200: postPageSchema } },
  }, async (req) => feedPage(db, await viewerOf(req), req.query.cursor, req.query.per_page));

  api.get('/api/user/posts', {
    config: { access: 'user' },
    schema: { tags, summary: 'The caller’s own posts (as themself), newest first', querystring: pageQuery, response: { 200: postPageSchema } },
  }, async (req) => {
    const v = await viewerOf(req);
    return listPage(db, v, sql`p.author_id = ${v.id} and p.organisation_id is null`, req.query.cursor, req.query.per_page);
  });

  api.get('/api/organisation/posts', {
    config: { access: 'network.view' },
    schema: { tags, summary: 'The posts made as the caller’s organisation, newest first', querystring: pageQuery, response: { 200: postPageSchema } },
  }, async (req) => {
    const v = await viewerOf(req);
    const m = await requireMember(ctx, req);
    return listPage(db, v, sql`p.organisation_id = ${m.organisation.id}`, req.query.cursor, req.query.per_page);
  });

  api.get('/api/organisation/ad-allowance', {
    config: { access: 'member' },
    schema: { tags, summary: 'Free trade and service ads of the plan this year, and how many the organisation used', response: { 200: envelope(adAllowanceSchema) } },
  }, async (req) => {
    const m = await requireMember(ctx, req);
    const now = new Date();
    return { data: { year: now.getUTCFullYear(), allowance: await allowanceOf(ctx, m.organisation), used: await adsUsed(db, m.organisation.id, now) } };
  });

  api.get('/api/posts/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'One post (404 for whoever may not see it)', params: idParam, response: one },
  }, async (req) => {
    const v = await viewerOf(req);
    const row = await visiblePost(db, v, req.params.id);
    return { data: (await presentPosts(db, v, [row.id]))[0] };
  });

  api.patch('/api/posts/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Edit a post’s text or visibility (one’s own, or the organisation’s with network.update)', params: idParam, body: postPatchBody, response: one },
  }, async (req) => {
    const v = await viewerOf(req);
    await db.transaction(async (tx) => {
      const row = await visiblePost(tx, v, req.params.id, true);
      if (!mayChange(v, row)) throw mayNot(v, row);
      if (req.body.visibility === 'organisation' && !row.audience_organisation_id) throw invalidField('validation_failed', 'visibility', 'post_organisation_only');
      const now = new Date();
      const [updated] = await tx.update(posts).set({
        ...(req.body.body !== undefined && { body: req.body.body }), ...(req.body.visibility && { visibility: req.body.visibility }), updated_at: now, edited_at: now,
      }).where(eq(posts.id, row.id)).returning();
      // Only those mentioned anew are told.
      await notifyMentions(tx, updated, updated.body, v.id, mentionedIds(row.body));
    });
    return { data: (await presentPosts(db, v, [req.params.id]))[0] };
  });

  /** Another person's post: 403 when it is the caller's organisation's (the role lacks the permission), else 404. */
  const mayNot = (v: Viewer, row: PostRow) =>
    row.organisation_id && row.organisation_id === v.orgId ? new AppError(403, 'forbidden', 'Your role does not allow this.') : notFound('The post');

  api.delete('/api/posts/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete a post (one’s own, or the organisation’s with network.delete)', params: idParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const v = await viewerOf(req);
    const images = await db.transaction(async (tx) => {
      const row = await visiblePost(tx, v, req.params.id, true);
      if (!mayChange(v, row, 'delete')) throw mayNot(v, row);
      await tx.delete(posts).where(eq(posts.id, row.id));
      return row.images;
    });
    for (const i of images ?? []) await ctx.files.delete(`${IMAGE_FOLDER}/${i.key}`).catch(() => {});
    return reply.status(204).send(null);
  });

  // ── comments ──────────────────────────────────────────────────────────────

  api.get('/api/posts/:id/comments', {
    config: { access: 'user' },
    schema: { tags, summary: 'A post’s comments, oldest first (keyset: cursor)', params: idParam, querystring: pageQuery, response: { 200: commentPageSchema } },
  }, async (req) => {
    const v = await viewerOf(req);
    const post = await visiblePost(db, v, req.params.id);
    return commentPage(db, v, post, req.query.cursor, req.query.per_page);
  });

  api.post('/api/posts/:id/comments', {
    config: { access: 'user' },
    schema: { tags, summary: 'Comment on a post (one level); tells the post’s author and the people mentioned', params: idParam, body: commentCreateBody, response: { 201: envelope(commentSchema) } },
  }, async (req, reply) => {
    const v = await viewerOf(req);
    const comment = await db.transaction(async (tx) => {
      const post = await visiblePost(tx, v, req.params.id, true);
      const now = new Date();
      const [c] = await tx.insert(postComments).values({ id: uuidv7(), post_id: post.id, author_id: v.id, body: req.body.body, created_at: now }).returning();
      await tx.update(posts).set({ comment_count: sql`${posts.comment_count} + 1` }).where(eq(posts.id, post.id));
      await notify(tx, { userId: post.author_id, organisationId: null, type: 'comment', actorId: v.id, subject: { type: 'post', id: post.id }, groupKey: `comment:post:${post.id}`, data: { excerpt: excerpt(c.body) } });
      await notifyMentions(tx, post, c.body, v.id, [post.author_id]);
      const [me] = await rows<{ name: string; image: string | null; headline: string | null }>(tx, sql`
        select u.name, u.image, pr.headline from users u left join profiles pr on pr.user_id = u.id where u.id = ${v.id}`);
      return presentComment(v, post, { ...c, author_name: me.name, author_image: me.image, headline: me.headline });
    });
    reply.code(201);
    return { data: comment };
  });

  api.delete('/api/posts/:id/comments/:commentId', {
    config: { access: 'user' },
    schema: { tags, summary: 'Delete a comment (its author, or the post’s author)', params: commentParam, response: { 204: z.null() } },
  }, async (req, reply) => {
    const v = await viewerOf(req);
    await db.transaction(async (tx) => {
      const post = await visiblePost(tx, v, req.params.id, true);
      const [c] = await tx.select().from(postComments).where(and(eq(postComments.id, req.params.commentId), eq(postComments.post_id, post.id)));
      if (!c) throw notFound('The comment');
      if (c.author_id !== v.id && post.author_id !== v.id) throw new AppError(403, 'forbidden', 'Only its author or the post’s author can delete a comment.');
      await tx.delete(postComments).where(eq(postComments.id, c.id));
      await tx.update(posts).set({ comment_count: sql`greatest(${posts.comment_count} - 1, 0)` }).where(eq(posts.id, post.id));
    });
    return reply.status(204).send(null);
  });

  // ── likes ─────────────────────────────────────────────────────────────────

  for (const method of ['put', 'delete'] as const) {
    api[method]('/api/posts/:id/like', {
      config: { access: 'user' },
      schema: { tags, summary: method === 'put' ? 'Like a post (again: no change)' : 'Take a like back (none: no change)', params: idParam, response: { 200: envelope(likeSchema) } },
    }, async (req) => {
      const v = await viewerOf(req);
      return db.transaction(async (tx) => {
        // The post's row lock keeps the count exact under concurrent likes.
        const post = await visiblePost(tx, v, req.params.id, true);
        let count = post.like_count;
        if (method === 'put') {
          const added = await tx.insert(postLikes).values({ post_id: post.id, user_id: v.id, created_at: new Date() }).onConflictDoNothing().returning({ id: postLikes.post_id });
          if (added.length) {
            [{ count }] = await tx.update(posts).set({ like_count: sql`${posts.like_count} + 1` }).where(eq(posts.id, post.id)).returning({ count: posts.like_count });
            await notify(tx, { userId: post.author_id, organisationId: null, type: 'like', actorId: v.id, subject: { type: 'post', id: post.id }, groupKey: `like:post:${post.id}`, data: { excerpt: excerpt(post.body) } });
          }
        } else {
          const removed = await tx.delete(postLikes).where(and(eq(postLikes.post_id, post.id), eq(postLikes.user_id, v.id))).returning({ id: postLikes.post_id });
          if (removed.length) {
            [{ count }] = await tx.update(posts).set({ like_count: sql`greatest(${posts.like_count} - 1, 0)` }).where(eq(posts.id, post.id)).returning({ count: posts.like_count });
          }
        }
        return { data: { liked: method === 'put', like_count: count } };
      });
    });
  }
}

