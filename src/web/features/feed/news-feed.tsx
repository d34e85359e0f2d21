import './feed.css';
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedback } from '../../lib/feedback.ts';
import { postKeys, postsApi } from '../../lib/posts-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { Composer } from './composer.tsx';
import { PostCard } from './post-card.tsx';

/** The first login's card on top of the feed: what to do first. */
function WelcomeCard({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Card className="fyn-post fyn-welcome-card" size="small" role="article" aria-label={t('feed.welcome_title', { name })}>
      <Typography.Title level={3}>{t('feed.welcome_title', { name })}</Typography.Title>
      <Typography.Paragraph>{t('feed.welcome_intro')}</Typography.Paragraph>
      <ol className="fyn-welcome-steps">
        <li>
          <Link to="/profile">{t('feed.welcome_profile')}</Link> — {t('feed.welcome_profile_text')}
        </li>
        <li>
          <Link to="/connections">{t('feed.welcome_partners')}</Link> — {t('feed.welcome_partners_text')}
        </li>
        <li>
          <strong>{t('feed.welcome_post')}</strong> — {t('feed.welcome_post_text')}
        </li>
      </ol>
    </Card>
  );
}

/** The news feed of the dashboard (docs/architecture.md#network, "Feed"): the composer, then posts, newest first. */
export function NewsFeed() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const welcome = useSessionStore((s) => s.welcome);
  const name = useSessionStore((s) => s.user?.name ?? '');
  const feed = useInfiniteQuery({
    queryKey: postKeys.feed,
    queryFn: ({ pageParam }) => postsApi.feed(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  const posts = feed.data?.pages.flatMap((p) => p.data) ?? [];
  const remove = async (id: string) => {
    try {
      await postsApi.remove(id);
      void client.invalidateQueries({ queryKey: postKeys.all });
    } catch {
      feedback().message.error(t('feed.delete_failed'));
    }
  };
  return (
    <section className="fyn-feed" aria-label={t('feed.title')}>
      <Typography.Title level={2} className="fyn-feed-title">
        {t('feed.title')}
      </Typography.Title>
      <Flex vertical gap={16}>
        {welcome && <WelcomeCard name={name} />}
        <Composer />
        {feed.isPending ? (
          <Skeleton active avatar />
        ) : feed.isError ? (
          <Alert type="error" showIcon title={t('feed.load_failed')} action={<Button onClick={() => void feed.refetch()}>{t('feed.retry')}</Button>} />
        ) : posts.length === 0 ? (
          <Empty description={t('feed.empty')} />
        ) : (
          posts.map((p) => <PostCard key={p.id} post={p} onDelete={(x) => void remove(x.id)} />)
        )}
        {feed.hasNextPage && (
          <Button onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage} block>
            {t('feed.load_more')}
          </Button>
        )}
      </Flex>
    </section>
  );
}
