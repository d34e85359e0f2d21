import { Button, Card, Col, Empty, Row, Segmented, Space, Statistic, Tag, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FynDocument } from '#shared/api/operations.ts';
import type { QuoteSummary } from '#shared/api/quotes.ts';
import { DOCUMENT_TYPES, type DocumentType } from '#shared/operations/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { documentPdfUrl, operationsApi, operationsKeys } from '../../lib/operations-api.ts';
import { quoteKeys, quotesApi } from '../../lib/quotes-api.ts';
import { SHIPMENTS_PATH, useMoment } from './bits.tsx';
import { useOperationsTranslation } from './operations-texts.ts';

export const DOCUMENTS_PATH = '/documents';

/** /documents: the document types FYN issues, how many of each the organisation made, and where to set them up. */
export function DocumentTypesScreen() {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const types = useQuery({ queryKey: operationsKeys.documentTypes, queryFn: operationsApi.documentTypes });
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph type="secondary">{t('documents.types_intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Link to={`${DOCUMENTS_PATH}/pdf/documents`}><Button>{t('documents.all_generated')}</Button></Link>
        <Link to={`${DOCUMENTS_PATH}/pdf/quotation`}><Button>{t('documents.quotations')}</Button></Link>
        <Link to={`${DOCUMENTS_PATH}/template`}><Button>{t('documents.templates')}</Button></Link>
      </Space>
      <Row gutter={[16, 16]}>
        {(types.data ?? DOCUMENT_TYPES.map((type) => ({ type, documents: 0, versions: 0, last_at: null, template: false }))).map((d) => (
          <Col xs={24} md={12} xl={8} key={d.type}>
            <Card size="small" loading={types.isPending} title={t(`documents.types.${d.type}`)} extra={d.template ? <Tag color="processing">{t('documents.own_template')}</Tag> : <Tag>{t('documents.standard_template')}</Tag>}>
              <Typography.Paragraph type="secondary">{t(`documents.descriptions.${d.type}`)}</Typography.Paragraph>
              <Space size={24}>
                <Statistic title={t('documents.issued')} value={d.documents} />
                <Statistic title={t('documents.versions')} value={d.versions} />
              </Space>
              <div><Typography.Text type="secondary">{d.last_at ? t('documents.last', { at: moment(d.last_at) }) : t('documents.never')}</Typography.Text></div>
              {d.documents > 0 && <Link to={`${DOCUMENTS_PATH}/pdf/documents?type=${d.type}`}>{t('documents.see_all')}</Link>}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** /documents/pdf/documents: every generated document and version, newest first, by type. */
export function GeneratedDocumentsScreen() {
  const { t } = useOperationsTranslation();
  const moment = useMoment();
  const initial = new URLSearchParams(window.location.search).get('type');
  const [type, setType] = useState<DocumentType | null>(DOCUMENT_TYPES.includes(initial as DocumentType) ? (initial as DocumentType) : null);
  const list = useInfiniteQuery({
    queryKey: operationsKeys.documents(type),
    queryFn: ({ pageParam }) => operationsApi.documents(type, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Segmented<DocumentType | 'all'> aria-label={t('documents.type')} style={{ marginBottom: 16 }} value={type ?? 'all'} onChange={(v) => setType(v === 'all' ? null : v)}
        options={[{ value: 'all', label: t('documents.all') }, ...DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documents.types.${d}`) }))]} />
      <DataTable<FynDocument>
        aria-label={t('documents.all_generated')}
        rows={rows}
        rowKey={(d) => d.id}
        loading={list.isFetching}
        empty={<Empty description={t('documents.none_yet')} />}
        columns={[
          { key: 'number', title: t('documents.number'), render: (d) => `${d.number} · v${d.version}` },
          { key: 'type', title: t('documents.type'), render: (d) => <>{t(`documents.types.${d.type}`)}{d.without_origin && <Tag style={{ marginLeft: 6 }}>{t('documents.without_origin')}</Tag>}</> },
          { key: 'ref', title: t('shipments.number'), render: (d) => (d.shipment_id ? <Link to={`${SHIPMENTS_PATH}/${d.shipment_id}`}>{d.reference}</Link> : d.reference ?? '—') },
          { key: 'lang', title: t('documents.language'), render: (d) => t(`documents.languages.${d.language}`) },
          { key: 'at', title: t('documents.created'), render: (d) => moment(d.created_at) },
          { key: 'mailed', title: t('documents.emailed'), render: (d) => d.emailed.map((m) => m.to).join(', ') || '—' },
          { key: 'pdf', title: '', render: (d) => <Button href={documentPdfUrl(d.id)} target="_blank" rel="noopener" icon={<FilePdfOutlined aria-hidden="true" />}>{t('documents.open')}</Button> },
        ]}
      />
      {list.hasNextPage && <Button block style={{ marginTop: 12 }} onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>{t('shipments.more')}</Button>}
    </section>
  );
}

/** /documents/pdf/quotation: the quotations as their clients get them, each as a PDF in the reader's language. */
export function QuotationDocumentsScreen() {
  const { t, i18n } = useOperationsTranslation();
  const list = useInfiniteQuery({
    queryKey: quoteKeys.list(null, ''),
    queryFn: ({ pageParam }) => quotesApi.page(pageParam, null, ''),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor ?? null,
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="fyn-page">
      <RouteTitle />
      <DataTable<QuoteSummary>
        aria-label={t('documents.quotations')}
        rows={rows}
        rowKey={(q) => q.id}
        loading={list.isFetching}
        empty={<Empty description={t('documents.no_quotations')} />}
        columns={[
          { key: 'number', title: t('documents.number'), render: (q) => <Link to={`/organisation/crm/quotation-management/${q.id}`}>{q.number}{q.revision > 1 ? ` · r${q.revision}` : ''}</Link> },
          { key: 'client', title: t('shipments.client'), render: (q) => q.client.name },
          { key: 'route', title: t('shipments.route'), render: (q) => `${q.origin} → ${q.destination}` },
          { key: 'total', title: t('documents.total'), align: 'end', render: (q) => <Money minor={q.sell_minor} currency={q.currency} /> },
          { key: 'pdf', title: '', render: (q) => <Button href={`/api/quotes/${q.id}/pdf?lang=${i18n.language}`} target="_blank" rel="noopener" icon={<FilePdfOutlined aria-hidden="true" />}>{t('documents.open')}</Button> },
        ]}
      />
      {list.hasNextPage && <Button block style={{ marginTop: 12 }} onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>{t('shipments.more')}</Button>}
    </section>
  );
}
