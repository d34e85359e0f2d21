import { Alert, Button, Card, Descriptions, Empty, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Quote } from '#shared/api/quotes.ts';
import { formatDecimal, formatPercent } from '#shared/money/format.ts';
import { mayQuote } from '#shared/quotes/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { api } from '../../lib/api-client.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { quoteKeys, quotesApi, type QuoteAction } from '../../lib/quotes-api.ts';
import { EmissionsLine, Money, QuoteStatusTag } from './quote-bits.tsx';
import { ApplyRateButton } from './apply-rate.tsx';
import { QuoteEditor } from './quote-editor.tsx';
import { QUOTES_PATH } from './quote-paths.ts';
import { useSalesTranslation } from './sales-texts.ts';
import { formatDay } from '../../lib/format-day.ts';

/** crm/quotation-management/{quoteId}: one quote (or `new`): its figures, and what may be done with it now. */
export function QuoteScreen() {
  const { quoteId = 'new' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const quote = useQuery({ queryKey: quoteKeys.one(quoteId), queryFn: () => quotesApi.get(quoteId), enabled: quoteId !== 'new' });
  const saved = (q: Quote) => {
    client.setQueryData(quoteKeys.one(q.id), q);
    void client.invalidateQueries({ queryKey: quoteKeys.all });
    setEditing(false);
    if (q.id !== quoteId) navigate(`${QUOTES_PATH}/${q.id}`);
  };
  if (quoteId === 'new') {
    return (
      <section className="fyn-page">
        <RouteTitle />
        <QuoteEditor quote={null} client={searchParams.get('client') ?? undefined} onSaved={saved} onCancel={() => navigate(-1)} />
      </section>
    );
  }
  return (
    <section className="fyn-page">
      <RouteTitle />
      {quote.isPending ? (
        <Skeleton active />
      ) : !quote.data ? (
        <Empty />
      ) : editing ? (
        <QuoteEditor quote={quote.data} onSaved={saved} onCancel={() => setEditing(false)} />
      ) : (
        <QuoteView q={quote.data} onChanged={saved} onEdit={() => setEditing(true)} />
      )}
    </section>
  );
}

function QuoteView({ q, onChanged, onEdit }: { q: Quote; onChanged: (q: Quote) => void; onEdit: () => void }) {
  const { t, i18n } = useSalesTranslation();
  const [busy, setBusy] = useState<QuoteAction | null>(null);
  const [asking, setAsking] = useState<'send' | 'decline' | null>(null);
  const [answer, setAnswer] = useState('');
  const codes = useQuery({ queryKey: ['charge-codes', 'all'], queryFn: () => api.list<{ id: string; code: string; name: string }>('/charge-codes', { params: { per_page: 100, sort: 'code' } }) });
  const num = (v: string) => formatDecimal(v, i18n.language);

  async function act(action: QuoteAction, body: Record<string, unknown> = {}) {
    setBusy(action);
    try {
      const next = await quotesApi.act(q.id, action, body);
      setAsking(null);
      setAnswer('');
      feedback().message.success(t(`quotes.done.${action}`, { number: next.number }));
      onChanged(next);
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(null);
    }
  }

  const button = (action: QuoteAction, run: () => void, primary = false) =>
    mayQuote(action, q.status) && (
      <Button key={action} type={primary ? 'primary' : 'default'} danger={action === 'cancel'} loading={busy === action} onClick={run}>
        {t(`quotes.actions.${action}`)}
      </Button>
    );

  const codeName = (id: string | null) => codes.data?.data.find((c) => c.id === id);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap align="center">
          <Typography.Title level={2} style={{ margin: 0 }}>
            {q.number}
            {q.revision > 1 && <Typography.Text type="secondary"> · {t('quotes.revision', { n: q.revision })}</Typography.Text>}
          </Typography.Title>
          <QuoteStatusTag status={q.status} />
        </Space>
        <Space wrap>
          <Button href={`/api/quotes/${q.id}/pdf?lang=${i18n.language}`} target="_blank" rel="noopener">
            {t('quotes.pdf')}
          </Button>
          {mayQuote('edit', q.status) && <Button onClick={onEdit}>{t('quotes.actions.edit')}</Button>}
          {mayQuote('edit', q.status) && <ApplyRateButton q={q} onApplied={onChanged} />}
          {button('send', () => setAsking('send'), true)}
          {button('accept', () => act('accept'))}
          {button('decline', () => setAsking('decline'))}
          {button('revise', () => act('revise'))}
          {button('duplicate', () => act('duplicate'))}
          {button('cancel', () => Modal.confirm({ title: t('quotes.cancel_confirm', { number: q.number }), okType: 'danger', onOk: () => act('cancel') }))}
        </Space>
      </Space>
      {q.warnings.includes('credit_hold') && <Alert type="warning" showIcon title={t('quotes.credit_hold_warning', { client: q.client.name })} />}
      {q.booking_id && (
        <Alert type="success" showIcon title={<Link to={`${QUOTES_PATH}/booking/${q.booking_id}`}>{t('quotes.booking_made')}</Link>} />
      )}
      {q.status === 'declined' && q.decline_reason && <Alert type="info" showIcon title={t('quotes.declined_because', { reason: q.decline_reason })} />}

      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('quotes.client')}>{q.client.name}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.route')}>{`${q.origin_name ?? q.origin} (${q.origin}) → ${q.destination_name ?? q.destination} (${q.destination})`}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.mode')}>{t(`quotes.modes.${q.mode}`)}{q.incoterm ? ` · ${q.incoterm}` : ''}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.quote_date')}>{q.quote_date}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.valid_until')}>{formatDay(q.valid_until, i18n.language)}</Descriptions.Item>
          <Descriptions.Item label={t('quotes.sent_at')}>{q.sent_at ? q.sent_at.slice(0, 10) : '—'}</Descriptions.Item>
          {q.mode === 'sea_fcl' ? (
            <Descriptions.Item label={t('quotes.equipment')}>{q.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', ') || '—'}</Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('quotes.cargo')} span={2}>
              {t('quotes.measures', { weight: num(q.weight_kg), volume: num(q.volume_cbm), chargeable: num(q.chargeable_weight_kg), rt: num(q.revenue_tonnes) })}
            </Descriptions.Item>
          )}
          {q.notes && <Descriptions.Item label={t('quotes.notes')} span={3}>{q.notes}</Descriptions.Item>}
        </Descriptions>
      </Card>

      <DataTable
        aria-label={t('quotes.lines')}
        rows={q.lines}
        rowKey={(l) => String(l.position)}
        empty={<Empty description={t('quotes.no_lines')} />}
        columns={[
          { key: 'charge', title: t('quotes.charge'), render: (l) => l.description ?? (codeName(l.charge_code_id) ? `${codeName(l.charge_code_id)!.code} · ${codeName(l.charge_code_id)!.name}` : '—') },
          { key: 'basis', title: t('quotes.basis'), render: (l) => t(`quotes.bases.${l.basis}`) },
          { key: 'quantity', title: t('quotes.quantity'), align: 'end', render: (l) => num(l.quantity) },
          { key: 'buy', title: t('quotes.buy'), align: 'end', render: (l) => <Money minor={l.buy_total_minor} currency={l.buy.currency} /> },
          { key: 'sell', title: t('quotes.sell'), align: 'end', render: (l) => <Money minor={l.sell_total_minor} currency={l.sell.currency} /> },
          { key: 'rate', title: t('quotes.rate'), align: 'end', render: (l) => (l.sell.currency === q.currency ? '—' : num(l.rate_to_quote)) },
          { key: 'sell_in', title: t('quotes.sell_in', { currency: q.currency }), align: 'end', render: (l) => <Money minor={l.sell_in_quote_minor} currency={q.currency} /> },
          { key: 'margin', title: t('quotes.margin'), align: 'end', render: (l) => <Money minor={l.sell_in_quote_minor - l.buy_in_quote_minor} currency={q.currency} /> },
        ]}
      />

      <Card size="small" title={t('quotes.totals')}>
        <Descriptions size="small" column={{ xs: 1, md: 4 }}>
          <Descriptions.Item label={t('quotes.sell')}><strong><Money minor={q.totals.sell_minor} currency={q.currency} /></strong></Descriptions.Item>
          <Descriptions.Item label={t('quotes.buy')}><Money minor={q.totals.buy_minor} currency={q.currency} /></Descriptions.Item>
          <Descriptions.Item label={t('quotes.margin')}><Money minor={q.totals.margin_minor} currency={q.currency} /></Descriptions.Item>
          <Descriptions.Item label={t('quotes.margin_pct')}>{q.totals.margin_pct === null ? '—' : formatPercent(q.totals.margin_pct, i18n.language)}</Descriptions.Item>
        </Descriptions>
        {q.totals.by_currency.length > 1 && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('quotes.by_currency')}{' '}
            {q.totals.by_currency.map((c, i) => (
              <span key={c.currency}>
                {i > 0 && ' · '}
                <Money minor={c.sell_minor} currency={c.currency} />
              </span>
            ))}
          </Typography.Paragraph>
        )}
        <EmissionsLine emissions={q.emissions} unavailable={q.emissions_unavailable} />
        {q.rates.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('quotes.rates_frozen')}{' '}
            {q.rates.map((r) => t(r.source === 'ecb' ? 'quotes.rate_ecb' : 'quotes.rate_own', { from: r.from, to: q.currency, rate: num(r.rate), date: r.rate_date })).join(' · ')}
          </Typography.Paragraph>
        )}
      </Card>

      <Modal
        open={asking !== null}
        title={asking === 'send' ? t('quotes.send_title', { number: q.number }) : t('quotes.decline_title', { number: q.number })}
        okText={asking === 'send' ? t('quotes.actions.send') : t('quotes.actions.decline')}
        okButtonProps={{ loading: busy !== null, disabled: asking === 'decline' && !answer.trim() }}
        onCancel={() => setAsking(null)}
        onOk={() => (asking === 'send' ? act('send', answer.trim() ? { email: answer.trim() } : {}) : act('decline', { reason: answer.trim() }))}
        destroyOnHidden
      >
        <Typography.Paragraph>{asking === 'send' ? t('quotes.send_hint') : t('quotes.decline_hint')}</Typography.Paragraph>
        <Input
          autoFocus
          type={asking === 'send' ? 'email' : 'text'}
          aria-label={asking === 'send' ? t('quotes.send_to') : t('quotes.reason')}
          placeholder={asking === 'send' ? t('quotes.send_to') : t('quotes.reason')}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          maxLength={asking === 'send' ? 254 : 500}
        />
      </Modal>
    </Space>
  );
}
