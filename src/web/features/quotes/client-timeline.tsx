import { Button, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TimelineItem } from '#shared/api/crm.ts';
import { api } from '../../lib/api-client.ts';
import { QUOTES_PATH } from './quote-paths.ts';
import { useSalesTranslation } from './sales-texts.ts';

const COLOURS: Partial<Record<TimelineItem['type'], string>> = {
  quote_accepted: 'green', booking_created: 'green', quote_declined: 'red', quote_expired: 'gray', quote_cancelled: 'gray', merged: 'orange',
};

/**
 * A native organisation's timeline, newest first (GET /api/native-organisations/:id/timeline): what was
 * logged, its quotes' events, bookings and merges. `queryKeyPrefix` lets the page refresh it when an activity is logged.
 */
export function ClientTimeline({ organisationId, queryKeyPrefix }: { organisationId: string; queryKeyPrefix: readonly unknown[] }) {
  const { t, i18n } = useSalesTranslation();
  const timeline = useInfiniteQuery({
    queryKey: [...queryKeyPrefix, 'timeline', organisationId],
    queryFn: ({ pageParam }) =>
      api.list<TimelineItem>(`/native-organisations/${organisationId}/timeline`, { params: { limit: 20, ...(pageParam && { cursor: pageParam }) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
  });
  if (timeline.isPending) return <Skeleton active />;
  const items = timeline.data?.pages.flatMap((p) => p.data) ?? [];
  if (items.length === 0) return <Empty description={t('clients.timeline_empty')} />;
  const when = (e: TimelineItem) =>
    e.type.startsWith('activity_')
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(e.at))
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(e.at));
  const title = (e: TimelineItem) => {
    if (e.type.startsWith('quote_')) return <Link to={`${QUOTES_PATH}/${e.ref_id}`}>{e.title}</Link>;
    if (e.type === 'booking_created') return <Link to={`${QUOTES_PATH}/booking/${e.ref_id}`}>{e.title}</Link>;
    return e.title;
  };
  return (
    <>
      <Timeline
        items={items.map((e) => ({
          key: e.id,
          color: COLOURS[e.type] ?? 'blue',
          content: (
            <div>
              <Typography.Text type="secondary">{when(e)}</Typography.Text> <Tag>{t(`clients.event.${e.type}`)}</Tag>
              <div>
                <strong>{title(e)}</strong>
                {e.actor && <Typography.Text type="secondary"> · {e.actor}</Typography.Text>}
              </div>
              {e.detail && <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>{e.detail}</Typography.Paragraph>}
            </div>
          ),
        }))}
      />
      {timeline.hasNextPage && (
        <Button onClick={() => void timeline.fetchNextPage()} loading={timeline.isFetchingNextPage}>
          {t('clients.timeline_more')}
        </Button>
      )}
    </>
  );
}
