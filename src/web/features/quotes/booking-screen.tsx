import { Card, Descriptions, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDecimal } from '#shared/money/format.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { quoteKeys, quotesApi } from '../../lib/quotes-api.ts';
import { Money } from './quote-bits.tsx';
import { QUOTES_PATH } from './quotes-screen.tsx';
import { useSalesTranslation } from './sales-texts.ts';

/** crm/quotation-management/booking/{bookingId}: the booking an accepted quote made, as accepted (the operations issue runs it from here). */
export function BookingScreen() {
  const { bookingId = '' } = useParams();
  const { t, i18n } = useSalesTranslation();
  const booking = useQuery({ queryKey: quoteKeys.booking(bookingId), queryFn: () => quotesApi.booking(bookingId) });
  const b = booking.data;
  const num = (v: string) => formatDecimal(v, i18n.language);
  return (
    <section className="fyn-page">
      <RouteTitle />
      {booking.isPending ? (
        <Skeleton active />
      ) : !b ? (
        <Empty />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space align="center" wrap>
            <Typography.Title level={2} style={{ margin: 0 }}>{b.number}</Typography.Title>
            <Tag color="processing">{t(`bookings.status.${b.status}`)}</Tag>
          </Space>
          <Card size="small">
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('quotes.client')}>{b.client.name}</Descriptions.Item>
              <Descriptions.Item label={t('bookings.from_quote')}><Link to={`${QUOTES_PATH}/${b.quote_id}`}>{b.quote_number}</Link></Descriptions.Item>
              <Descriptions.Item label={t('bookings.received')}>{b.created_at.slice(0, 10)}</Descriptions.Item>
              <Descriptions.Item label={t('quotes.route')}>{`${b.origin} → ${b.destination}`}</Descriptions.Item>
              <Descriptions.Item label={t('quotes.mode')}>{t(`quotes.modes.${b.mode}`)}{b.incoterm ? ` · ${b.incoterm}` : ''}</Descriptions.Item>
              <Descriptions.Item label={b.equipment.length ? t('quotes.equipment') : t('quotes.cargo')}>
                {b.equipment.length
                  ? b.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ')
                  : b.cargo.map((c) => t('bookings.cargo_line', { packages: c.packages, l: num(c.length_cm), w: num(c.width_cm), h: num(c.height_cm), kg: num(c.weight_kg) })).join('; ') || '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <DataTable
            aria-label={t('bookings.charges')}
            rows={b.charges}
            rowKey={(c) => `${c.charge_code_id}-${c.basis}-${c.quantity}-${c.sell.amount_minor}`}
            columns={[
              { key: 'charge', title: t('quotes.charge'), render: (c) => c.description ?? t(`quotes.bases.${c.basis}`) },
              { key: 'quantity', title: t('quotes.quantity'), align: 'end', render: (c) => num(c.quantity) },
              { key: 'sell', title: t('quotes.sell_per_unit'), align: 'end', render: (c) => <Money minor={c.sell.amount_minor} currency={c.sell.currency} /> },
              { key: 'total', title: t('quotes.sell_in', { currency: b.currency }), align: 'end', render: (c) => <Money minor={c.sell_in_quote_minor} currency={b.currency} /> },
            ]}
          />
          <Typography.Text strong>
            {t('quotes.total')}: <Money minor={b.sell_minor} currency={b.currency} />
          </Typography.Text>
          <Typography.Paragraph type="secondary">{t('bookings.next_steps')}</Typography.Paragraph>
        </Space>
      )}
    </section>
  );
}
