import { Alert, Button, Card, Descriptions, Input, Result, Skeleton, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { PublicQuote } from '#shared/api/quotes.ts';
import { formatDecimal } from '#shared/money/format.ts';
import { DataTable } from '../../components/data-table.tsx';
import { quoteKeys, quotesApi } from '../../lib/quotes-api.ts';
import { EmissionsLine, Money, QuoteStatusTag } from './quote-bits.tsx';
import { useSalesTranslation } from './sales-texts.ts';
import { useSubmit } from '../../lib/use-submit.ts';

/**
 * /quote/{token}: the quotation as its client sees it from the e-mailed link, without an account:
 * the offer (never buy rates or margins), and accept or decline while it is open.
 */
export function PublicQuoteScreen() {
  const { token = '' } = useParams();
  const { t, i18n } = useSalesTranslation();
  const client = useQueryClient();
  const quote = useQuery({ queryKey: quoteKeys.publicOne(token), queryFn: () => quotesApi.publicGet(token), retry: false });
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const num = (v: string) => formatDecimal(v, i18n.language);

  const { submit: decide, busy } = useSubmit((action: 'accept' | 'decline') => quotesApi.publicDecide(token, action, action === 'decline' ? { reason: reason.trim() } : {}), {
    onSuccess: (answer) => {
      client.setQueryData(quoteKeys.publicOne(token), answer);
      setDeclining(false);
      setError(null);
    },
    // A visitor without an account reads the failure where they clicked.
    onFailure: (e) => {
      if (!e.notified) setError(e.message);
      return true;
    },
  });

  if (quote.isPending) return <Skeleton active />;
  if (!quote.data) return <Result status="404" title={t('public_quote.invalid_title')} subTitle={t('public_quote.invalid')} />;
  const q: PublicQuote = quote.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div>
        <Typography.Text type="secondary">{t('public_quote.from', { organisation: q.organisation.name })}</Typography.Text>
        <Space align="center" wrap style={{ display: 'flex' }}>
          <Typography.Title level={1} style={{ margin: 0 }}>{t('public_quote.title', { number: q.number })}</Typography.Title>
          <QuoteStatusTag status={q.status} />
        </Space>
      </div>
      {q.status === 'accepted' && <Alert type="success" showIcon title={t('public_quote.accepted', { organisation: q.organisation.name })} />}
      {q.status === 'declined' && <Alert type="info" showIcon title={t('public_quote.declined')} />}
      {!q.open && q.status === 'sent' && <Alert type="warning" showIcon title={t('public_quote.past_validity')} />}
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('quotes.client')}>{q.client_name}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.mode')}>{t(`quotes.modes.${q.mode}`)}{q.incoterm ? ` · ${q.incoterm}` : ''}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.origin')}>{q.origin.name ? `${q.origin.name} (${q.origin.code})` : q.origin.code}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.destination')}>{q.destination.name ? `${q.destination.name} (${q.destination.code})` : q.destination.code}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.quote_date')}>{q.quote_date}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.valid_until')}>{q.valid_until}</Descriptions.Item>
          <Descriptions.Item label={q.equipment.length ? t('quotes.equipment') : t('quotes.cargo')} span={2}>
            {q.equipment.length
              ? q.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ')
              : t('public_quote.measures', { weight: num(q.weight_kg), volume: num(q.volume_cbm), chargeable: num(q.chargeable_weight_kg) })}
          </Descriptions.Item>
          {q.notes && <Descriptions.Item label={t('quotes.notes')} span={2}>{q.notes}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <DataTable
        aria-label={t('quotes.lines')}
        rows={q.lines}
        rowKey={(l) => `${l.name}-${l.quantity}-${l.sell_total_minor}`}
        columns={[
          { key: 'name', title: t('quotes.charge'), render: (l) => l.name },
          { key: 'basis', title: t('quotes.basis'), render: (l) => t(`quotes.bases.${l.basis}`) },
          { key: 'quantity', title: t('quotes.quantity'), align: 'end', render: (l) => num(l.quantity) },
          { key: 'unit', title: t('quotes.sell_per_unit'), align: 'end', render: (l) => <Money minor={l.sell.amount_minor} currency={l.sell.currency} /> },
          { key: 'total', title: t('quotes.sell_in', { currency: q.total.currency }), align: 'end', render: (l) => <Money minor={l.sell_in_quote_minor} currency={q.total.currency} /> },
        ]}
      />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('quotes.total')}: <Money minor={q.total.sell_minor} currency={q.total.currency} />
      </Typography.Title>
      <EmissionsLine emissions={q.emissions} unavailable={q.emissions_unavailable} />
      {error && <Alert type="error" showIcon title={error} />}
      {q.open && !declining && (
        <Space wrap>
          <Button type="primary" size="large" loading={busy} onClick={() => decide('accept')}>{t('public_quote.accept')}</Button>
          <Button size="large" onClick={() => setDeclining(true)}>{t('public_quote.decline')}</Button>
        </Space>
      )}
      {q.open && declining && (
        <Space orientation="vertical" style={{ width: '100%', maxWidth: 520 }}>
          <Input.TextArea aria-label={t('quotes.reason')} placeholder={t('public_quote.reason_hint', { organisation: q.organisation.name })} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoSize={{ minRows: 2 }} />
          <Space>
            <Button danger loading={busy} disabled={!reason.trim()} onClick={() => decide('decline')}>{t('public_quote.decline')}</Button>
            <Button onClick={() => setDeclining(false)}>{t('quotes.back')}</Button>
          </Space>
        </Space>
      )}
      <Typography.Paragraph type="secondary">{t('public_quote.footnote', { organisation: q.organisation.name })}</Typography.Paragraph>
    </Space>
  );
}
