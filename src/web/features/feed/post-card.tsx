import { useState } from 'react';
import { Avatar, Button, Card, Flex, Image, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { BankOutlined, CommentOutlined, DeleteOutlined, EditOutlined, LikeFilled, LikeOutlined, UserOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Post } from '#shared/api/posts.ts';
import { COMMENT_BODY_MAX } from '#shared/api/post-rules.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { feedback } from '../../lib/feedback.ts';
import { patchCachedPost, postKeys, postsApi } from '../../lib/posts-api.ts';
import { PostText } from './post-text.tsx';

/** A relative time ("3 hours ago") with the exact one on hover. */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {dayjs(at).fromNow()}
    </time>
  );
}

function Comments({ post }: { post: Post }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const comments = useInfiniteQuery({
    queryKey: postKeys.comments(post.id),
    queryFn: ({ pageParam }) => postsApi.comments(post.id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  const add = useMutation({
    mutationFn: (body: string) => postsApi.comment(post.id, body),
    onSuccess: () => {
      setText('');
      patchCachedPost(client, post.id, (p) => ({ ...p, comment_count: p.comment_count + 1 }));
      void client.invalidateQueries({ queryKey: postKeys.comments(post.id) });
    },
    onError: (error) => feedback().message.error(isApiFailure(error) && error.status === 404 ? t('feed.gone') : t('feed.comment_failed')),
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => postsApi.removeComment(post.id, commentId),
    onSuccess: () => {
      patchCachedPost(client, post.id, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count - 1) }));
      void client.invalidateQueries({ queryKey: postKeys.comments(post.id) });
    },
    onError: () => feedback().message.error(t('feed.delete_failed')),
  });
  const list = comments.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="fyn-comments">
      <ul aria-label={t('feed.comments')} className="fyn-comment-list">
        {list.map((c) => (
          <li key={c.id} className="fyn-comment">
            <Avatar size={28} src={c.author.avatar_url ?? undefined} icon={<UserOutlined />} alt="" />
            <div className="fyn-comment-body">
              <Space size={8} wrap>
                <Link to={`/profile/${c.author.id}`}>
                  <Typography.Text strong>{c.author.name}</Typography.Text>
                </Link>
                <Typography.Text type="secondary">
                  <When at={c.created_at} />
                </Typography.Text>
              </Space>
              <div>
                <PostText text={c.body} />
              </div>
            </div>
            {c.can_delete && (
              <Popconfirm title={t('feed.delete_comment_confirm')} okText={t('feed.delete')} cancelText={t('feed.cancel')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(c.id)}>
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('feed.delete_comment')} />
              </Popconfirm>
            )}
          </li>
        ))}
      </ul>
      {comments.hasNextPage && (
        <Button type="link" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
          {t('feed.more_comments')}
        </Button>
      )}
      <Flex gap={8} className="fyn-comment-form">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('feed.comment_placeholder')}
          aria-label={t('feed.comment_placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={COMMENT_BODY_MAX}
        />
        <Button type="primary" disabled={!text.trim()} loading={add.isPending} onClick={() => add.mutate(text.trim())}>
          {t('feed.comment_send')}
        </Button>
      </Flex>
    </div>
  );
}

/** One post: who, when, what kind, the text and pictures, likes and comments; edit and delete where allowed. */
export function PostCard({ post, onEdit, onDelete }: { post: Post; onEdit?: (post: Post) => void; onDelete?: (post: Post) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const like = useMutation({
    mutationFn: (liked: boolean) => postsApi.like(post.id, liked),
    onSuccess: (r) => patchCachedPost(client, post.id, (p) => ({ ...p, liked_by_me: r.liked, like_count: r.like_count })),
    onError: () => feedback().message.error(t('feed.like_failed')),
  });
  const by = post.organisation ?? post.author;
  return (
    <Card className="fyn-post" size="small" role="article" aria-label={t('feed.post_by', { name: by.name })}>
      <Flex gap={12} align="flex-start">
        <Avatar
          size={44}
          src={(post.organisation ? post.organisation.logo : post.author.avatar_url) ?? undefined}
          icon={post.organisation ? <BankOutlined /> : <UserOutlined />}
          alt=""
        />
        <div className="fyn-post-head">
          <Space size={8} wrap>
            {post.organisation ? (
              <Typography.Text strong>{post.organisation.name}</Typography.Text>
            ) : (
              <Link to={`/profile/${post.author.id}`}>
                <Typography.Text strong>{post.author.name}</Typography.Text>
              </Link>
            )}
            {post.kind !== 'post' && <Tag className={`fyn-post-kind fyn-post-kind-${post.kind}`}>{t(`feed.kinds.${post.kind}`)}</Tag>}
            {post.visibility !== 'public' && <Tag>{t(`feed.visibilities.${post.visibility}`)}</Tag>}
          </Space>
          <Typography.Text type="secondary" className="fyn-post-meta">
            {post.organisation ? t('feed.posted_by', { name: post.author.name }) : post.author.headline}
            {(post.organisation || post.author.headline) && ' · '}
            <When at={post.created_at} />
            {post.edited_at && ` · ${t('feed.edited')}`}
          </Typography.Text>
        </div>
        {post.can_edit && (onEdit || onDelete) && (
          <Space>
            {onEdit && <Button type="text" icon={<EditOutlined />} aria-label={t('feed.edit')} onClick={() => onEdit(post)} />}
            {onDelete && (
              <Popconfirm title={t('feed.delete_confirm')} okText={t('feed.delete')} cancelText={t('feed.cancel')} okButtonProps={{ danger: true }} onConfirm={() => onDelete(post)}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('feed.delete')} />
              </Popconfirm>
            )}
          </Space>
        )}
      </Flex>
      <Typography.Paragraph className="fyn-post-body">
        <PostText text={post.body} />
      </Typography.Paragraph>
      {post.images.length > 0 && (
        <div className={`fyn-post-images fyn-post-images-${post.images.length}`}>
          <Image.PreviewGroup>
            {post.images.map((img) => (
              <Image key={img.url} src={img.url} width="100%" alt={t('feed.image_alt')} style={{ aspectRatio: `${img.width} / ${img.height}` }} />
            ))}
          </Image.PreviewGroup>
        </div>
      )}
      <Space className="fyn-post-actions">
        <Button
          type="text"
          icon={post.liked_by_me ? <LikeFilled /> : <LikeOutlined />}
          aria-pressed={post.liked_by_me}
          loading={like.isPending}
          onClick={() => like.mutate(!post.liked_by_me)}
        >
          {t('feed.like')} · {post.like_count}
        </Button>
        <Button type="text" icon={<CommentOutlined />} aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('feed.comments')} · {post.comment_count}
        </Button>
      </Space>
      {open && <Comments post={post} />}
    </Card>
  );
}
