import './feed.css';
import { useState } from 'react';
import { Alert, Button, Empty, Flex, Form, Input, Modal, Progress, Select, Skeleton, Statistic, Typography } from 'antd';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Post } from '#shared/api/posts.ts';
import { POST_BODY_MAX, POST_VISIBILITIES, type PostVisibility } from '#shared/api/post-rules.ts';
import { RouteTitle } from '../../components/route-title.tsx';
import { feedback } from '../../lib/feedback.ts';
import { postKeys, postsApi } from '../../lib/posts-api.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { PostCard } from './post-card.tsx';

/** How many of the plan's free trade and service ads of the year the organisation used, and how many are left. */
export function AdAllowance() {
  const { t } = useTranslation();
  const allowance = useQuery({ queryKey: postKeys.allowance, queryFn: postsApi.allowance });
  if (!allowance.data) return null;
  const { year, allowance: total, used } = allowance.data;
  const left = Math.max(0, total - used);
  return (
    <section className="fyn-ad-allowance" aria-label={t('feed.allowance_title', { year })}>
      <Typography.Title level={3}>{t('feed.allowance_title', { year })}</Typography.Title>
      {total === 0 ? (
        <Typography.Paragraph type="secondary">{t('feed.allowance_none')}</Typography.Paragraph>
      ) : (
        <Flex gap={32} align="center" wrap>
          <Statistic title={t('feed.allowance_used')} value={used} suffix={`/ ${total}`} />
          <Statistic title={t('feed.allowance_left')} value={left} />
          <Progress type="circle" size={64} percent={Math.round((Math.min(used, total) / total) * 100)} aria-label={t('feed.allowance_used')} />
        </Flex>
      )}
    </section>
  );
}

function EditModal({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ body: string; visibility: PostVisibility }>();
  const save = useSubmit((v: { body: string; visibility: PostVisibility }) => postsApi.update(post.id, { body: v.body.trim(), visibility: v.visibility }), {
    success: t('feed.saved'),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      onClose();
    },
    onFailure: () => {
      feedback().message.error(t('feed.save_failed'));
      return true;
    },
  });
  return (
    <Modal open title={t('feed.edit_title')} okText={t('feed.save')} cancelText={t('feed.cancel')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ body: post.body, visibility: post.visibility }} onFinish={save.submit}>
        <Form.Item name="body" label={t('feed.body')} rules={[{ required: true, whitespace: true, message: t('feed.body_required') }]}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 14 }} maxLength={POST_BODY_MAX} showCount />
        </Form.Item>
        <Form.Item name="visibility" label={t('feed.visibility')}>
          <Select options={POST_VISIBILITIES.map((v) => ({ value: v, label: t(`feed.visibilities.${v}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A list of posts to manage: edit in a dialog, delete after asking. */
function ManagedPosts({ which }: { which: 'mine' | 'organisation' }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Post | null>(null);
  const list = useInfiniteQuery({
    queryKey: which === 'mine' ? postKeys.mine : postKeys.organisation,
    queryFn: ({ pageParam }) => (which === 'mine' ? postsApi.mine(pageParam) : postsApi.organisation(pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  const remove = useMutation({
    mutationFn: (id: string) => postsApi.remove(id),
    onSuccess: () => {
      feedback().message.success(t('feed.deleted'));
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
    onError: () => feedback().message.error(t('feed.delete_failed')),
  });
  const posts = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Flex vertical gap={16} className="fyn-posts-list">
      {list.isPending ? (
        <Skeleton active avatar />
      ) : list.isError ? (
        <Alert type="error" showIcon title={t('feed.load_failed')} />
      ) : posts.length === 0 ? (
        <Empty description={t(which === 'mine' ? 'feed.none_mine' : 'feed.none_organisation')} />
      ) : (
        posts.map((p) => <PostCard key={p.id} post={p} onEdit={setEditing} onDelete={(x) => remove.mutate(x.id)} />)
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} block>
          {t('feed.load_more')}
        </Button>
      )}
      {editing && <EditModal post={editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

/** /user/posts: the caller's own posts. */
export function UserPostsScreen() {
  const { t } = useTranslation();
  const hasOrg = useSessionStore((s) => Boolean(s.user?.organisation));
  return (
    <Flex vertical gap={16}>
      <RouteTitle />
      <Typography.Paragraph type="secondary">{t('feed.mine_intro')}</Typography.Paragraph>
      {hasOrg && <AdAllowance />}
      <ManagedPosts which="mine" />
    </Flex>
  );
}

/** /organisation/posts: the posts made as the organisation, and its ad allowance. */
export function OrganisationPostsScreen() {
  const { t } = useTranslation();
  const canView = useSessionStore((s) => Boolean(s.user?.permissions.includes('network.view')));
  return (
    <Flex vertical gap={16}>
      <RouteTitle />
      <Typography.Paragraph type="secondary">{t('feed.organisation_intro')}</Typography.Paragraph>
      <AdAllowance />
      {canView ? <ManagedPosts which="organisation" /> : <Alert type="info" showIcon title={t('feed.no_permission')} />}
    </Flex>
  );
}
