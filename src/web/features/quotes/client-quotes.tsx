import { Button, Empty, List, Space, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { quoteKeys, quotesApi } from '../../lib/quotes-api.ts';
import { formatDay } from '../../lib/format-day.ts';
import { Money, QuoteStatusTag } from './quote-bits.tsx';
import { QUOTES_PATH } from './quote-paths.ts';
import { useSalesTranslation } from './sales-texts.ts';

/** One client's quotes, newest first (a native organisation's profile). */
export function ClientQuotes({ clientId }: { clientId: string }) {
  const { t, i18n } = useSalesTranslation();
  const list = useInfiniteQuery({
    queryKey: quoteKeys.list(null, '', clientId),
    queryFn: ({ pageParam }) => quotesApi.page(pageParam, null, '', clientId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <List
        loading={list.isPending}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t('clients.no_quotes')} /> }}
        renderItem={(q) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Space size={8} wrap>
                  <Link to={`${QUOTES_PATH}/${q.id}`}>{q.revision > 1 ? `${q.number} · ${t('quotes.revision', { n: q.revision })}` : q.number}</Link>
                  <QuoteStatusTag status={q.status} />
                </Space>
              }
              description={`${q.origin} → ${q.destination} · ${t(`quotes.modes.${q.mode}`)} · ${t('crm_home.valid_until', { day: formatDay(q.valid_until, i18n.language) })}`}
            />
            <Typography.Text strong>
              <Money minor={q.sell_minor} currency={q.currency} />
            </Typography.Text>
          </List.Item>
        )}
      />
      {list.hasNextPage && <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>{t('clients.timeline_more')}</Button>}
    </>
  );
}
