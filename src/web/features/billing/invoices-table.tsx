import { Alert, Table, Tag } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#shared/money/format.ts';
import { billingApi, billingKeys, type Invoice } from './billing-api.ts';
import { formatDate } from './money.ts';

const INVOICE_COLOURS: Record<string, string> = { paid: 'green', open: 'gold', uncollectible: 'red', void: 'default', draft: 'default' };

/** Invoices: number, date, period, amount, status, PDF. */
export function InvoicesTable() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const invoices = useQuery({ queryKey: billingKeys.invoices, queryFn: billingApi.invoices });
  if (invoices.isError) return <Alert type="error" showIcon title={t('billing.load_failed')} />;
  return (
    <Table<Invoice>
      rowKey="id"
      size="middle"
      loading={invoices.isPending}
      dataSource={invoices.data ?? []}
      pagination={{ pageSize: 12, hideOnSinglePage: true }}
      scroll={{ x: true }}
      locale={{ emptyText: t('billing.no_invoices') }}
      columns={[
        { key: 'number', title: t('billing.invoice_number'), dataIndex: 'number' },
        { key: 'date', title: t('billing.date'), render: (_v, invoice) => formatDate(invoice.created, language) },
        {
          key: 'period',
          title: t('billing.period'),
          render: (_v, invoice) => `${formatDate(invoice.period_start, language)} – ${formatDate(invoice.period_end, language)}`,
        },
        {
          key: 'amount',
          title: t('billing.amount'),
          align: 'right',
          render: (_v, invoice) => formatMoney(invoice.amount_due, invoice.currency, language),
        },
        {
          key: 'status',
          title: t('billing.invoice_status'),
          render: (_v, invoice) => (
            <Tag color={INVOICE_COLOURS[invoice.status] ?? 'default'}>
              {t(`billing.invoice_statuses.${invoice.status}`, { defaultValue: invoice.status })}
            </Tag>
          ),
        },
        {
          key: 'pdf',
          title: t('billing.pdf'),
          render: (_v, invoice) => (
            <a href={billingApi.invoicePdfUrl(invoice.id)} download={`${invoice.number}.pdf`}>
              <FilePdfOutlined aria-hidden="true" /> {t('billing.download_invoice', { number: invoice.number })}
            </a>
          ),
        },
      ]}
    />
  );
}
