import { z } from 'zod';
import { POST_BODY_MAX, COMMENT_BODY_MAX, POST_IMAGES_MAX, POST_IMAGE_KEY, POST_KINDS, POST_VISIBILITIES } from './post-rules.ts';

const postBody = z.string().trim().min(1, 'required').max(POST_BODY_MAX, 'text_too_long');

export const postCreateBody = z.object({
  body: postBody,
  kind: z.enum(POST_KINDS),
  visibility: z.enum(POST_VISIBILITIES),
  /** Post for the caller's organisation (needs `network.create`). */
  as_organisation: z.boolean().optional(),
  /** Keys of the caller's own uploads (POST /api/posts/images), at most four. */
  images: z.array(z.string().regex(POST_IMAGE_KEY, 'reference_invalid')).max(POST_IMAGES_MAX, 'too_many_images').optional(),
});
export type PostCreateBody = z.infer<typeof postCreateBody>;

export const postPatchBody = z
  .object({ body: postBody.optional(), visibility: z.enum(POST_VISIBILITIES).optional() })
  .refine((b) => b.body !== undefined || b.visibility !== undefined, { message: 'nothing_to_update' });

export const commentCreateBody = z.object({ body: z.string().trim().min(1, 'required').max(COMMENT_BODY_MAX, 'text_too_long') });

export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});

export const postImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export const uploadedImageSchema = z.object({ key: z.string(), width: z.number().int(), height: z.number().int(), type: z.string(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const postAuthorSchema = z.object({ id: z.string(), name: z.string(), avatar_url: z.string().nullable(), headline: z.string().nullable() });

export const postSchema = z.object({
  id: z.string(),
  author: postAuthorSchema,
  /** Set when posted as the organisation. */
  organisation: z.object({ id: z.string(), name: z.string(), logo: z.string().nullable() }).nullable(),
  kind: z.enum(POST_KINDS),
  visibility: z.enum(POST_VISIBILITIES),
  body: z.string(),
  images: z.array(postImageSchema),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  liked_by_me: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  can_edit: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;
export const postPageSchema = z.object({ data: z.array(postSchema), meta: z.object({ next_cursor: z.string().nullable() }) });
export type PostPage = z.infer<typeof postPageSchema>;

export const commentSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  author: postAuthorSchema,
  body: z.string(),
  created_at: z.string(),
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = z.object({ data: z.array(commentSchema), meta: z.object({ next_cursor: z.string().nullable() }) });
export type CommentPage = z.infer<typeof commentPageSchema>;

export const likeSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export const adAllowanceSchema = z.object({ year: z.number().int(), allowance: z.number().int(), used: z.number().int() });
export type AdAllowance = z.infer<typeof adAllowanceSchema>;
