import { Alert, Button, Card, Empty, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxMail } from '#shared/api/mail.ts';
import { api } from '../../lib/api-client.ts';
import { isApiFailure } from '../../lib/api-failure.ts';
import { dayjs } from '../../lib/dayjs.ts';

function MailItem({ mail }: { mail: OutboxMail }) {
  const { t, i18n } = useTranslation();
  const sent = dayjs(mail.created_at);
  return (
    <li>
      <Card size="small">
        <article aria-label={mail.subject}>
          <Flex justify="space-between" align="baseline" wrap gap={8}>
            <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
              {mail.subject}
            </Typography.Title>
            <Tooltip title={sent.toDate().toLocaleString(i18n.language)}>
              <time dateTime={mail.created_at}>{sent.fromNow()}</time>
            </Tooltip>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
            {t('dev.to', { to: mail.to })}
          </Typography.Paragraph>
          <pre className="fyn-mail-body">{mail.text}</pre>
        </article>
      </Card>
    </li>
  );
}

/** Developer: the mail outbox (newest first), only where the server offers it. */
export function DevScreen() {
  const { t } = useTranslation();
  const mail = useQuery({
    queryKey: ['dev', 'mail'],
    queryFn: () => api.get<OutboxMail[]>('/dev/mail', { silent: true }),
    refetchInterval: (query) => (query.state.error ? false : 5000),
    refetchOnMount: 'always',
    retry: false,
  });
  const unavailable = isApiFailure(mail.error) && mail.error.status === 404;
  const mails = [...(mail.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
          {t('dev.heading')}
        </Typography.Title>
        {!unavailable && (
          <Button icon={<ReloadOutlined aria-hidden="true" />} onClick={() => void mail.refetch()} loading={mail.isFetching}>
            {t('common.refresh')}
          </Button>
        )}
      </Flex>
      <section aria-labelledby="outbox-heading">
        <Typography.Title level={2} id="outbox-heading" style={{ fontSize: 20 }}>
          {t('dev.outbox')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('dev.outbox_intro')}</Typography.Paragraph>
        {unavailable ? (
          <Alert type="info" showIcon title={t('dev.unavailable')} />
        ) : mail.isError ? (
          <Alert type="error" showIcon role="alert" title={t('dev.load_failed')} />
        ) : mail.isPending ? (
          <Skeleton active />
        ) : mails.length === 0 ? (
          <Empty description={t('dev.empty')} />
        ) : (
          <ol className="fyn-mail-list">
            {mails.map((item, index) => (
              <MailItem key={`${item.created_at}-${item.to}-${index}`} mail={item} />
            ))}
          </ol>
        )}
      </section>
    </Flex>
  );
}
