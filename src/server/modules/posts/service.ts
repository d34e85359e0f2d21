import { sql, type SQL } from 'drizzle-orm';
import type { Comment, Post } from '#shared/api/posts.ts';
import { AD_KINDS, POST_IMAGE_KEY, type PostKind } from '#shared/api/post-rules.ts';
import type { ProviderProduct } from '#shared/billing/plans.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { PostImage } from '../../db/schema/index.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import type { PaymentProvider } from '../billing/provider.ts';
import { iso } from '../../lib/dates.ts';

/** Who reads: the person, their organisation (if an active member) and what their role allows. */
export type Viewer = { id: string; orgId: string | null; permissions: ReadonlySet<string> };

/** Where post pictures are stored in the files store, and served from (GET /api/posts/images/:key). */
export const IMAGE_FOLDER = 'post-images';
export const imageUrl = (key: string) => `/api/posts/images/${key}`;
/** The uploader and pixel size a picture key carries (POST_IMAGE_KEY), or null. */
export function parseImageKey(key: string): { owner: string; width: number; height: number; type: string } | null {
  const m = POST_IMAGE_KEY.exec(key);
  if (!m) return null;
  const ext = m[4];
  return { owner: m[1], width: Number(m[2]), height: Number(m[3]), type: ext === 'jpg' ? 'image/jpeg' : `image/${ext}` };
}

export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
/** A PostgreSQL array literal of ids (uuids read from the database or validated). */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Whether the viewer may read post `p` (an alias in the surrounding query): nobody in a block with
 * the author either way; then the author, anyone for `public`, the audience organisation's members
 * for `organisation`, and for `connections` the people connected with the author (a person's post)
 * or with the organisation (a post as the organisation; also the members of an organisation
 * connected with it, and its own members).
 */
export function canSee(v: Viewer, p = sql.raw('p')): SQL {
  const me = `user:${v.id}`;
  const pairIs = (a: SQL, b: SQL) =>
    sql`exists (select 1 from connections c where c.status = 'connected' and ((c.pair_low = ${a} and c.pair_high = ${b}) or (c.pair_low = ${b} and c.pair_high = ${a})))`;
  const actorOfPost = sql`case when ${p}.organisation_id is null then 'user:' || ${p}.author_id::text else 'organisation:' || ${p}.organisation_id::text end`;
  const org = v.orgId;
  return sql`(not exists (select 1 from user_blocks b where (b.blocker_id = ${v.id} and b.blocked_id = ${p}.author_id) or (b.blocker_id = ${p}.author_id and b.blocked_id = ${v.id}))
    and (${p}.author_id = ${v.id} or ${p}.visibility = 'public'
      ${org ? sql`or (${p}.visibility = 'organisation' and ${p}.audience_organisation_id = ${org})` : sql``}
      or (${p}.visibility = 'connections' and (${pairIs(sql`${me}`, actorOfPost)}
        ${org ? sql`or ${p}.organisation_id = ${org} or (${p}.organisation_id is not null and ${pairIs(sql`${`organisation:${org}`}`, sql`'organisation:' || ${p}.organisation_id::text`)})` : sql``}))))`;
}

type PostRow = {
  id: string; author_id: string; organisation_id: string | null; kind: PostKind; visibility: Post['visibility']; body: string; images: PostImage[];
  like_count: number; comment_count: number; created_at: string | Date; edited_at: string | Date | null;
  author_name: string; author_image: string | null; headline: string | null; org_name: string | null; org_logo: string | null; liked: boolean; cursor_at: string;
};

/** Whether the viewer may change (or delete, with `action`) a post: their own, or their organisation's with network.<action>. */
export const mayChange = (v: Viewer, p: { author_id: string; organisation_id: string | null }, action: 'update' | 'delete' = 'update') =>
  (p.organisation_id === null && p.author_id === v.id) || (p.organisation_id !== null && p.organisation_id === v.orgId && v.permissions.has(`network.${action}`));

/** Posts by id as the API shows them to the viewer, in the order of `ids`. */
export async function presentPosts(db: Db | Tx, v: Viewer, ids: string[]): Promise<Post[]> {
  if (!ids.length) return [];
  const found = await rows<PostRow>(db, sql`
    select p.*, u.name as author_name, u.image as author_image, pr.headline, o.name as org_name, o.logo as org_logo,
           exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${v.id}) as liked
      from posts p join users u on u.id = p.author_id left join profiles pr on pr.user_id = p.author_id left join organisations o on o.id = p.organisation_id
     where p.id = any(${uuidArray(ids)})`);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id: r.id,
      author: { id: r.author_id, name: r.author_name, avatar_url: r.author_image, headline: r.headline ?? null },
      organisation: r.organisation_id ? { id: r.organisation_id, name: r.org_name ?? '', logo: r.org_logo } : null,
      kind: r.kind,
      visibility: r.visibility,
      body: r.body,
      images: (r.images ?? []).map((i) => ({ url: imageUrl(i.key), width: i.width, height: i.height })),
      like_count: Number(r.like_count),
      comment_count: Number(r.comment_count),
      liked_by_me: Boolean(r.liked),
      created_at: iso(r.created_at),
      edited_at: r.edited_at ? iso(r.edited_at) : null,
      can_edit: mayChange(v, r),
    }];
  });
}

/** The keyset position after a cursor, or nothing for the first page. Times carry microseconds, as stored. */
export function afterCursor(cursor: string | undefined, p = sql.raw('p')): SQL {
  if (!cursor) return sql`true`;
  const [value, id] = decodeCursor(cursor);
  if (typeof value !== 'string' || !fitsColumn(value, 'time')) throw cursorInvalid();
  return sql`(${p}.created_at, ${p}.id) < (${value}::timestamptz, ${id}::uuid)`;
}
/** Text of a timestamp with its microseconds, for cursors. */
export const cursorTime = (p = sql.raw('p')) => sql`to_char(${p}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ORDER = sql.raw('order by created_at desc nulls last, id desc nulls last');

/**
 * One page of the viewer's feed, newest first. Each way a post can reach the viewer is its own
 * index-ordered stream, cut at the page size: public posts (posts_feed_idx), their own
 * (posts_author_idx), the `connections` posts of each connected person (posts_author_idx) and
 * organisation (posts_organisation_idx), their organisation's posts (posts_audience_idx and
 * posts_organisation_idx); the page is the newest of their union. No stream reads past the page.
 */
export async function feedPage(db: Db | Tx, v: Viewer, cursor: string | undefined, perPage: number) {
  const after = afterCursor(cursor);
  const limit = perPage + 1;
  // Who the viewer is connected with (a person, or an organisation when posted as it), and who is in a block with them.
  const linked = await rows<{ type: string; id: string }>(db, sql`
    select case when c.requester_type = 'user' and c.requester_id = ${v.id} then c.target_type else c.requester_type end as type,
           case when c.requester_type = 'user' and c.requester_id = ${v.id} then c.target_id else c.requester_id end as id
      from connections c
     where c.status = 'connected' and ((c.requester_type = 'user' and c.requester_id = ${v.id}) or (c.target_type = 'user' and c.target_id = ${v.id}))
    ${v.orgId ? sql`union
    select 'organisation', case when c.requester_type = 'organisation' and c.requester_id = ${v.orgId} then c.target_id else c.requester_id end
      from connections c
     where c.status = 'connected' and c.requester_type = 'organisation' and c.target_type = 'organisation'
       and (c.requester_id = ${v.orgId} or c.target_id = ${v.orgId})` : sql``}`);
  const blocked = (await rows<{ id: string }>(db, sql`
    select blocked_id as id from user_blocks where blocker_id = ${v.id} union select blocker_id from user_blocks where blocked_id = ${v.id}`)).map((r) => r.id);
  const people = linked.filter((l) => l.type === 'user').map((l) => l.id);
  const companies = linked.filter((l) => l.type === 'organisation').map((l) => l.id);
  const notBlocked = blocked.length ? sql`and not (p.author_id = any(${uuidArray(blocked)}))` : sql``;
  const stream = (where: SQL) => sql`(select p.id, p.created_at from posts p where ${where} and ${after} ${notBlocked} ${ORDER} limit ${limit})`;
  const parts: SQL[] = [
    stream(sql`p.visibility = 'public'`),
    stream(sql`p.author_id = ${v.id}`),
  ];
  if (people.length) {
    parts.push(sql`(select q.id, q.created_at from unnest(${uuidArray(people)}) a(id) cross join lateral
      ${stream(sql`p.author_id = a.id and p.organisation_id is null and p.visibility = 'connections'`)} q)`);
  }
  if (companies.length) {
    parts.push(sql`(select q.id, q.created_at from unnest(${uuidArray(companies)}) a(id) cross join lateral
      ${stream(sql`p.organisation_id = a.id and p.visibility = 'connections'`)} q)`);
  }
  if (v.orgId) {
    parts.push(stream(sql`p.audience_organisation_id = ${v.orgId} and p.visibility = 'organisation'`));
    parts.push(stream(sql`p.organisation_id = ${v.orgId} and p.visibility = 'connections'`));
  }
  const page = await rows<{ id: string; cursor_at: string }>(db, sql`
    select p.id, ${cursorTime()} as cursor_at
      from (${sql.join(parts, sql` union `)}) p
     ${ORDER} limit ${limit}`);
  return pageOf(db, v, page, perPage);
}

/** A page of posts from ids in order (one more than the page, to know whether another follows). */
export async function pageOf(db: Db | Tx, v: Viewer, page: { id: string; cursor_at: string }[], perPage: number) {
  const shown = page.slice(0, perPage);
  const last = shown.at(-1);
  return {
    data: await presentPosts(db, v, shown.map((r) => r.id)),
    meta: { next_cursor: last && page.length > perPage ? encodeCursor(last.cursor_at, last.id) : null },
  };
}

/** A list of posts by one condition (own posts, an organisation's), newest first. */
export async function listPage(db: Db | Tx, v: Viewer, where: SQL, cursor: string | undefined, perPage: number) {
  const page = await rows<{ id: string; cursor_at: string }>(db, sql`
    select p.id, ${cursorTime()} as cursor_at from posts p where ${where} and ${afterCursor(cursor)} ${ORDER} limit ${perPage + 1}`);
  return pageOf(db, v, page, perPage);
}

type CommentRow = { id: string; post_id: string; author_id: string; body: string; created_at: string | Date; author_name: string; author_image: string | null; headline: string | null; cursor_at: string };

/** A post's comments, oldest first (a conversation reads down), by keyset. */
export async function commentPage(db: Db | Tx, v: Viewer, post: { id: string; author_id: string }, cursor: string | undefined, perPage: number) {
  let after = sql`true`;
  if (cursor) {
    const [value, id] = decodeCursor(cursor);
    if (typeof value !== 'string' || !fitsColumn(value, 'time')) throw cursorInvalid();
    after = sql`(c.created_at, c.id) > (${value}::timestamptz, ${id}::uuid)`;
  }
  const found = await rows<CommentRow>(db, sql`
    select c.id, c.post_id, c.author_id, c.body, c.created_at, u.name as author_name, u.image as author_image, pr.headline, ${cursorTime(sql.raw('c'))} as cursor_at
      from post_comments c join users u on u.id = c.author_id left join profiles pr on pr.user_id = c.author_id
     where c.post_id = ${post.id} and ${after}
       and not exists (select 1 from user_blocks b where (b.blocker_id = ${v.id} and b.blocked_id = c.author_id) or (b.blocker_id = c.author_id and b.blocked_id = ${v.id}))
     order by c.created_at, c.id limit ${perPage + 1}`);
  const shown = found.slice(0, perPage);
  const last = shown.at(-1);
  return {
    data: shown.map((c) => presentComment(v, post, c)),
    meta: { next_cursor: last && found.length > perPage ? encodeCursor(last.cursor_at, last.id) : null },
  };
}

export function presentComment(v: Viewer, post: { author_id: string }, c: Omit<CommentRow, 'cursor_at'>): Comment {
  return {
    id: c.id, post_id: c.post_id, body: c.body, created_at: iso(c.created_at),
    author: { id: c.author_id, name: c.author_name, avatar_url: c.author_image, headline: c.headline ?? null },
    can_delete: c.author_id === v.id || post.author_id === v.id,
  };
}

// ── the ad allowance ────────────────────────────────────────────────────────

const PRODUCTS_TTL_MS = 10 * 60_000;
const productCache = new WeakMap<PaymentProvider, { at: number; list: ProviderProduct[] }>();
export async function productsOf(provider: PaymentProvider): Promise<ProviderProduct[]> {
  const cached = productCache.get(provider);
  if (cached && Date.now() - cached.at < PRODUCTS_TTL_MS) return cached.list;
  const list = await provider.listProducts();
  productCache.set(provider, { at: Date.now(), list });
  return list;
}

/**
 * Free trade and service ads a year of the organisation's plan (metadata
 * `m_free_trade_service_ads_per_year`): 0 without a paid plan (not active or past due, or no price).
 */
export async function allowanceOf(ctx: AppContext, org: { status: string; priceId: string | null } | null): Promise<number> {
  if (!org?.priceId || !['active', 'outstanding_payment'].includes(org.status)) return 0;
  const product = (await productsOf(ctx.payments).catch(() => [])).find((p) => p.prices.some((price) => price.id === org.priceId));
  const n = Number.parseInt(product?.metadata.m_free_trade_service_ads_per_year ?? '0', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export const yearStart = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), 0, 1));

/** The organisation's ads of this calendar year (UTC), by any of its members or as it. */
export async function adsUsed(db: Db | Tx, orgId: string, now = new Date()): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`
    select count(*)::int as n from posts p
     where p.audience_organisation_id = ${orgId} and p.created_at >= ${yearStart(now).toISOString()}::timestamptz
       and p.kind in (${sql.join(AD_KINDS.map((k) => sql`${k}`), sql`, `)})`);
  return Number(r?.n ?? 0);
}
