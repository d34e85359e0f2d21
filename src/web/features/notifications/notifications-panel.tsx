import { Button, Empty, List, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationKeys, notificationsApi } from '../../lib/notifications-api.ts';
import { NotificationItem } from './notification-item.tsx';
import { useOpenNotification } from './use-open-notification.ts';
import './notifications.css';

/** The bell's panel: the latest notifications, "mark all read", and the way to all of them. */
export function NotificationsPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const latest = useQuery({ queryKey: [...notificationKeys.list(false), 'latest'], queryFn: () => notificationsApi.page(null, false, 8) });
  const openOne = useOpenNotification(onNavigate);
  const readAll = async () => {
    await notificationsApi.readAll();
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  const items = latest.data?.data ?? [];
  return (
    <section className="fyn-notifications-panel" aria-label={t('shell.notifications')}>
      <header className="fyn-notifications-panel-head">
        <Typography.Text strong>{t('shell.notifications')}</Typography.Text>
        <Button type="link" size="small" onClick={readAll} disabled={!items.some((n) => !n.read)}>
          {t('notifications.read_all')}
        </Button>
      </header>
      {latest.isPending ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.no_notifications')} />
      ) : (
        <List
          size="small"
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
      <footer className="fyn-notifications-panel-foot">
        <Link to="/notification" onClick={onNavigate}>
          {t('notifications.see_all')}
        </Link>
      </footer>
    </section>
  );
}
