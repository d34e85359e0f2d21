/**
 * The feed's limits and its mention token, free of zod, so that the browser can use them without
 * loading the schemas (src/shared/api/posts.ts holds those).
 */
/** What a post is: an update, or an ad counted against the plan's free trade/service ads per year. */
export const POST_KINDS = ['post', 'trade_ad', 'service_ad'] as const;
export type PostKind = (typeof POST_KINDS)[number];
export const AD_KINDS: readonly PostKind[] = ['trade_ad', 'service_ad'];
/** Who reads a post (docs/architecture.md#network, "Feed"). */
export const POST_VISIBILITIES = ['public', 'connections', 'organisation'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

export const POST_BODY_MAX = 5000;
export const COMMENT_BODY_MAX = 2000;
export const POST_IMAGES_MAX = 4;
export const POST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POST_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * An uploaded picture's key: the uploader's id, a unique id and the pixel size, so that a post can
 * name only its author's own uploads and knows their size without reading them.
 */
export const POST_IMAGE_KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(\d{1,5})x(\d{1,5})\.(png|jpg|webp)$/;

/**
 * A mention in a body: `@[Display Name](user:<uuid>)`, plain text that the browser shows as a link
 * to the person's profile. The name is what the author saw; the id is what counts.
 */
export const MENTION_TOKEN = /@\[([^\]\n]{1,100})\]\(user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/g;
export const mentionToken = (name: string, id: string) => `@[${name.replace(/[\]\n]/g, ' ').slice(0, 100)}](user:${id})`;
/** The ids mentioned in a body, each once, in order. */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(new RegExp(MENTION_TOKEN.source, 'g'))].map((m) => m[2].toLowerCase()))];
}
