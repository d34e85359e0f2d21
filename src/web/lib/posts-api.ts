/** The feed's calls and query keys: the dashboard's news feed and the post management screens share them. */
import type { QueryClient, InfiniteData } from '@tanstack/react-query';
import type { AdAllowance, Comment, Post, UploadedImage } from '#shared/api/posts.ts';
import type { PostKind, PostVisibility } from '#shared/api/post-rules.ts';
import { api, type ListPage } from './api-client.ts';

/** Query keys: every list of posts sits under `posts`, so one invalidation refreshes them all. */
export const postKeys = {
  all: ['posts'] as const,
  feed: ['posts', 'feed'] as const,
  mine: ['posts', 'user'] as const,
  organisation: ['posts', 'organisation'] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
  allowance: ['posts', 'allowance'] as const,
};

export type NewPost = { body: string; kind: PostKind; visibility: PostVisibility; as_organisation?: boolean; images?: string[] };
const page = (cursor: string | null) => ({ per_page: 20, ...(cursor && { cursor }) });

export const postsApi = {
  /** One page of the caller's feed, newest first; `next_cursor` asks for the next. */
  feed: (cursor: string | null) => api.list<Post>('/feed', { params: page(cursor) }),
  mine: (cursor: string | null) => api.list<Post>('/user/posts', { params: page(cursor) }),
  organisation: (cursor: string | null) => api.list<Post>('/organisation/posts', { params: page(cursor) }),
  create: (post: NewPost) => api.post<Post>('/posts', post),
  update: (id: string, change: { body?: string; visibility?: PostVisibility }) => api.patch<Post>(`/posts/${id}`, change),
  remove: (id: string) => api.delete(`/posts/${id}`),
  /** One picture (multipart "file"); its key goes into `images` of the post. */
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<UploadedImage>('/posts/images', form);
  },
  like: (id: string, liked: boolean) => (liked ? api.put<{ liked: boolean; like_count: number }>(`/posts/${id}/like`) : api.delete<{ liked: boolean; like_count: number }>(`/posts/${id}/like`)),
  comments: (id: string, cursor: string | null) => api.list<Comment>(`/posts/${id}/comments`, { params: page(cursor) }),
  comment: (id: string, body: string) => api.post<Comment>(`/posts/${id}/comments`, { body }),
  removeComment: (id: string, commentId: string) => api.delete(`/posts/${id}/comments/${commentId}`),
  allowance: () => api.get<AdAllowance>('/organisation/ad-allowance'),
};

/** Changes one post wherever a cached list holds it (feed, own posts, the organisation's). */
export function patchCachedPost(client: QueryClient, id: string, change: (p: Post) => Post | null) {
  client.setQueriesData<InfiniteData<ListPage<Post>>>({ queryKey: postKeys.all }, (data) => {
    if (!data || !Array.isArray(data.pages)) return data;
    return {
      ...data,
      pages: data.pages.map((pg) => (Array.isArray(pg?.data) ? { ...pg, data: pg.data.flatMap((p) => (p.id === id ? [change(p)].filter((x): x is Post => x !== null) : [p])) } : pg)),
    };
  });
}
