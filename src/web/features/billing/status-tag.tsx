import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** docs/product.md#organisation-statuses: the organisation's subscription status, coloured (also in features/organisation). */
const STATUS_COLOURS: Record<string, string> = {
  inactive: 'default',
  awaiting_payment: 'gold',
  outstanding_payment: 'red',
  active: 'green',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-status={status}>
      {t(`organisation.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
