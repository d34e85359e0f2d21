import { Flex, Table, Tooltip } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../lib/dayjs.ts';
import type { StatusEvent } from './billing-api.ts';
import { StatusTag } from './status-tag.tsx';

/** Reasons with a text of their own ("invoice.paid" → billing.reasons.invoice_paid). */
export const KNOWN_REASONS = [
  'checkout_started',
  'checkout_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
  'organisation_created',
] as const;

export function reasonKey(reason: string): string {
  return `billing.reasons.${reason.replace(/\./g, '_')}`;
}

/** The organisation's status changes: from → to, why, who, when (relative). */
export function StatusHistory({ history }: { history: StatusEvent[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table<StatusEvent>
      rowKey={(event) => `${event.at}-${event.from}-${event.to}-${event.reason}`}
      size="middle"
      dataSource={history}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: true }}
      locale={{ emptyText: t('billing.no_history') }}
      columns={[
        {
          key: 'change',
          title: t('billing.change'),
          render: (_v, event) => (
            <Flex gap={4} align="center" wrap>
              <StatusTag status={event.from} />
              <ArrowRightOutlined aria-label={t('billing.to')} />
              <StatusTag status={event.to} />
            </Flex>
          ),
        },
        {
          key: 'reason',
          title: t('billing.reason'),
          render: (_v, event) => t(reasonKey(event.reason), { defaultValue: event.reason }),
        },
        {
          key: 'who',
          title: t('billing.who'),
          render: (_v, event) =>
            event.actor ??
            (event.provider_event_id ? t('billing.by_provider', { event: event.provider_event_id }) : t('billing.by_system')),
        },
        {
          key: 'when',
          title: t('billing.when'),
          render: (_v, event) => {
            const at = dayjs(event.at);
            return (
              <Tooltip title={new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(at.toDate())}>
                <time dateTime={event.at}>{at.fromNow()}</time>
              </Tooltip>
            );
          },
        },
      ]}
    />
  );
}
