import { Alert, Button, Card, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { analyticsViewsApi } from '../../lib/analytics-api.ts';
import { useAnalyticsTranslation } from './analytics-texts.ts';

/** /analytics/unsubscribe/:token, the link of a mailed report: one click, no login. */
export function UnsubscribeScreen() {
  const { t } = useAnalyticsTranslation();
  const { token = '' } = useParams();
  const stop = useMutation({ mutationFn: () => analyticsViewsApi.unsubscribeByToken(token) });
  return (
    <Card style={{ maxWidth: 520, margin: '48px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 22 }}>{t('unsubscribe.title')}</Typography.Title>
      {stop.isSuccess ? (
        <Alert type="success" showIcon title={stop.data.view ? t('unsubscribe.done', { name: stop.data.view }) : t('unsubscribe.already')} />
      ) : (
        <>
          <Typography.Paragraph>{t('unsubscribe.intro')}</Typography.Paragraph>
          <Button type="primary" loading={stop.isPending} onClick={() => stop.mutate()}>{t('unsubscribe.button')}</Button>
          {stop.isError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={stop.error.message} />}
        </>
      )}
    </Card>
  );
}
