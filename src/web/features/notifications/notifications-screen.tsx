import './notifications.css';
import { Button, Empty, List, Segmented, Skeleton, Space, Typography } from 'antd';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteTitle } from '../../components/route-title.tsx';
import { notificationKeys, notificationsApi } from '../../lib/notifications-api.ts';
import { NotificationItem } from './notification-item.tsx';
import { useOpenNotification } from './use-open-notification.ts';

/**
 * /notification: everything the network told the person, latest activity first, alike ones grouped;
 * all or only unread; opening one reads it, "mark all read" reads them all. Visiting marks them seen.
 */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState(false);
  const list = useInfiniteQuery({
    queryKey: notificationKeys.list(unread),
    queryFn: ({ pageParam }) => notificationsApi.page(pageParam, unread),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
  const openOne = useOpenNotification();
  useEffect(() => {
    notificationsApi.seen().then((s) => queryClient.setQueryData(notificationKeys.summary, s), () => {});
  }, [queryClient]);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const readAll = async () => {
    await notificationsApi.readAll();
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  return (
    <section className="fyn-page fyn-notifications-screen">
      <RouteTitle />
      <Space className="fyn-notifications-toolbar" wrap>
        <Segmented<'all' | 'unread'>
          aria-label={t('notifications.filter')}
          value={unread ? 'unread' : 'all'}
          onChange={(v) => setUnread(v === 'unread')}
          options={[
            { value: 'all', label: t('notifications.all') },
            { value: 'unread', label: t('notifications.unread_only') },
          ]}
        />
        <Button onClick={readAll} disabled={!items.some((n) => !n.read)}>
          {t('notifications.read_all')}
        </Button>
      </Space>
      {list.isPending ? (
        <Skeleton active avatar />
      ) : items.length === 0 ? (
        <Empty description={unread ? t('notifications.none_unread') : t('shell.no_notifications')} />
      ) : (
        <List
          className="fyn-notifications-list"
          dataSource={items}
          renderItem={(n) => (
            <List.Item className="fyn-list-link-item">
              <div className="fyn-notification-row" onClick={() => openOne(n)} onKeyDown={(e) => e.key === 'Enter' && openOne(n)} tabIndex={0} role="link">
                <NotificationItem n={n} />
              </div>
            </List.Item>
          )}
        />
      )}
      {list.hasNextPage && (
        <Button block onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('notifications.more')}
        </Button>
      )}
      <Typography.Paragraph type="secondary" className="fyn-notifications-footnote">
        {t('notifications.digest_note')}
      </Typography.Paragraph>
    </section>
  );
}
