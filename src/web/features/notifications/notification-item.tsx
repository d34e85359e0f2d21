import { Avatar, Badge, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Notification } from '#shared/api/notifications.ts';
import { dayjs } from '../../lib/dayjs.ts';

/** "Ana", "Ana and Ben", "Ana, Ben, Cem +3": the first actors by name, the rest counted. */
export function useWho() {
  const { t } = useTranslation();
  return (n: Pick<Notification, 'actors' | 'actor_count'>): string => {
    const names = n.actors.map((a) => a.name);
    const rest = n.actor_count - names.length;
    if (names.length === 0) return t('notifications.someone');
    const list = names.length === 1 ? names[0] : t('notifications.who_list', { first: names.slice(0, -1).join(', '), last: names.at(-1) });
    return rest > 0 ? t('notifications.who_more', { list: names.join(', '), count: rest }) : list;
  };
}

/** One notification: who, what, when, and whether it is still unread. */
export function NotificationItem({ n }: { n: Notification }) {
  const { t } = useTranslation();
  const who = useWho();
  // Codes in the data said in words: a shipment's new status, an exception's kind.
  const wordsOf = (x: Notification) => ({
    ...(typeof x.data.status === 'string' && { status: t(`notifications.shipment_statuses.${x.data.status}`) }),
    ...(typeof x.data.kind === 'string' && { kind: t(`notifications.exception_kinds.${x.data.kind}`) }),
    ...(x.type === 'webhook_endpoint_disabled' && typeof x.data.reason === 'string' && { reason: t(`notifications.webhook_disabled_reasons.${x.data.reason}`) }),
  });
  const first = n.actors[0];
  const excerpt = typeof n.data.excerpt === 'string' ? n.data.excerpt : typeof n.data.message === 'string' ? n.data.message : null;
  return (
    <div className={`fyn-notification${n.read ? '' : ' fyn-notification-unread'}`}>
      <Badge dot={!n.read} offset={[-4, 4]}>
        <Avatar src={first?.avatar_url ?? undefined} icon={<UserOutlined aria-hidden="true" />} alt="" />
      </Badge>
      <div className="fyn-notification-body">
        <Typography.Text strong={!n.read}>{t(`notifications.types.${n.type}`, { ...n.data, ...wordsOf(n), who: who(n) })}</Typography.Text>
        {excerpt && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="fyn-notification-excerpt">
            {excerpt}
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary" className="fyn-notification-time">
          <time dateTime={n.updated_at} title={dayjs(n.updated_at).format('YYYY-MM-DD HH:mm')}>{dayjs(n.updated_at).fromNow()}</time>
          {!n.read && <span className="fyn-visually-hidden"> · {t('notifications.unread')}</span>}
        </Typography.Text>
      </div>
    </div>
  );
}
