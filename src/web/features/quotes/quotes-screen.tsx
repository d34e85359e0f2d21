import { Button, Empty, Input, Segmented, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { QuoteSummary } from '#shared/api/quotes.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '#shared/quotes/model.ts';
import { DataTable, type DataColumn } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { formatPercent } from '#shared/money/format.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { quoteKeys, quotesApi } from '../../lib/quotes-api.ts';
import { Money, QuoteStatusTag } from './quote-bits.tsx';
import { useSalesTranslation } from './sales-texts.ts';
import { formatDay } from '../../lib/format-day.ts';

// The assistant's "Draft from e-mail": the list shows a plain button; the dialog and its texts load
// when it is first pressed, not with the list (issue 22's budget).
const QuoteDraftDialog = lazy(async () => ({ default: (await import('./quote-draft-from-email.tsx')).QuoteDraftDialog }));

import { QUOTES_PATH } from './quote-paths.ts';

/** crm/quotation-management: the organisation's quotes, newest first, by status and by search. */
export function QuotesScreen() {
  const { t, i18n } = useSalesTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [search, setSearch] = useState('');
  /** The "Draft from e-mail" dialog: null until first opened (its code not loaded yet). */
  const [drafting, setDrafting] = useState<boolean | null>(null);
  const q = useDebounced(search.trim(), 300);
  const list = useInfiniteQuery({
    queryKey: quoteKeys.list(status, q),
    queryFn: ({ pageParam }) => quotesApi.page(pageParam, status, q),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const columns: DataColumn<QuoteSummary>[] = [
    {
      key: 'number',
      title: t('quotes.number'),
      render: (r) => (
        <Link to={`${QUOTES_PATH}/${r.id}`}>
          {r.number}
          {r.revision > 1 && <Typography.Text type="secondary"> · {t('quotes.revision', { n: r.revision })}</Typography.Text>}
        </Link>
      ),
    },
    { key: 'client', title: t('quotes.client'), render: (r) => r.client.name },
    { key: 'route', title: t('quotes.route'), render: (r) => `${r.origin} → ${r.destination}` },
    { key: 'mode', title: t('quotes.mode'), render: (r) => t(`quotes.modes.${r.mode}`) },
    { key: 'valid_until', title: t('quotes.valid_until'), render: (r) => formatDay(r.valid_until, i18n.language) },
    { key: 'total', title: t('quotes.total'), align: 'end', render: (r) => <Money minor={r.sell_minor} currency={r.currency} /> },
    { key: 'margin', title: t('quotes.margin'), align: 'end', render: (r) => (r.margin_pct === null ? '—' : formatPercent(r.margin_pct, i18n.language)) },
    { key: 'status', title: t('quotes.status_label'), render: (r) => <QuoteStatusTag status={r.status} /> },
  ];
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented<QuoteStatus | 'all'>
            aria-label={t('quotes.status_label')}
            value={status ?? 'all'}
            onChange={(v) => setStatus(v === 'all' ? null : v)}
            options={[{ value: 'all', label: t('quotes.all') }, ...QUOTE_STATUSES.map((s) => ({ value: s, label: t(`quotes.status.${s}`) }))]}
          />
          <Input.Search allowClear placeholder={t('quotes.search')} aria-label={t('quotes.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} />
        </Space>
        <Space wrap>
          <Button onClick={() => setDrafting(true)}>{t('quotes.draft_from_email')}</Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => navigate(`${QUOTES_PATH}/new`)}>
            {t('quotes.new')}
          </Button>
        </Space>
      </Space>
      <DataTable
        aria-label={t('quotes.list')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={<Empty description={status || q ? t('quotes.none_match') : t('quotes.none')} />}
      />
      {list.hasNextPage && (
        <Button block onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ marginTop: 12 }}>
          {t('quotes.more')}
        </Button>
      )}
      {drafting !== null && (
        <Suspense fallback={null}>
          <QuoteDraftDialog open={drafting} onClose={() => setDrafting(false)} />
        </Suspense>
      )}
    </section>
  );
}
