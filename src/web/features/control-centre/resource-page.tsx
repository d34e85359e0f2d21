import './control-centre.css';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Popconfirm, Select, Space, Typography, type AlertProps } from 'antd';
// The input alone: antd's Input index brings Password, TextArea, Search and OTP with it.
import Input from 'antd/es/input/Input';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResourceDescriptor, ResourceField } from '#shared/resources/descriptor.ts';
import { DataTable, type DataColumn } from '../../components/data-table.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { countryOptions } from '../../lib/countries.ts';
import { feedback } from '../../lib/feedback.ts';
import { ccApi, ccKeys, exportUrl, type ResourceRecord } from './cc-api.ts';
import { useCcTranslation } from './cc-texts.ts';
import { currencyOptions } from './currencies.ts';
import { formatValue } from './format-value.tsx';
import { initialListState, isNarrowed, listQuery, PAGE_SIZES, sortKeyOf, sortOrderOf, type ListState } from './list-params.ts';
import { useReferenceLabels } from './reference-lookup.ts';
import { openResourceForm } from './open-resource-form.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { labelSearch } from '../../lib/label-search.ts';
import { usePermissions } from './use-permissions.ts';

// Most lists fit on their first page: the pager (and its page-size select) loads when one does not.
const Pagination = lazy(() => import('antd/es/pagination'));
// Only lists filtered by a referenced record show it.
const ReferenceSelect = lazy(async () => ({ default: (await import('./reference-select.tsx')).ReferenceSelect }));
// Shown only on a refusal or a failure: the alert loads then, not with every list (issue 22's budget).
const AlertPart = lazy(() => import('antd/es/alert'));
const Alert = (props: AlertProps) => (
  <Suspense fallback={null}>
    <AlertPart {...props} />
  </Suspense>
);

export interface ResourcePageProps {
  descriptor: ResourceDescriptor;
  /** The page's heading; none when the list is a section of a larger page. */
  title?: ReactNode;
  /** Shown under the heading (what the records are for). */
  intro?: ReactNode;
  /** A record type's own actions on a row (a lead's Convert), before Edit and Delete. */
  rowActions?: (row: ResourceRecord) => ReactNode;
  /**
   * Fields fixed for the whole list (a native organisation's addresses: its id): always filtered on,
   * neither a column nor a filter, and set on every record created from here.
   */
  fixed?: Record<string, string>;
  /** More buttons of the page's head (a leads import), before Add. */
  actions?: ReactNode;
}

/** Names of a page of rows' referenced records, one lookup per reference field shown. */
function ReferenceColumns({
  fields,
  rows,
  children,
}: {
  fields: readonly ResourceField[];
  rows: readonly ResourceRecord[];
  children: (labels: Map<string, Map<string, string>>) => ReactNode;
}) {
  const [first, ...rest] = fields;
  const ids = first ? rows.map((r) => String(r[first.name] ?? '')).filter(Boolean) : [];
  const labels = useReferenceLabels(first?.reference ?? '', ids);
  if (!first) return children(new Map());
  return (
    <ReferenceColumns fields={rest} rows={rows}>
      {(more) => children(new Map([...more, [first.name, labels]]))}
    </ReferenceColumns>
  );
}

/** A filter control for one filterable field. */
function FilterControl({ field, value, onChange }: { field: ResourceField; value: string; onChange: (value: string) => void }) {
  const { t, i18n } = useCcTranslation();
  const language = i18n.language;
  const label = t(field.labelKey);
  const common = {
    value: value === '' ? undefined : value,
    onChange: (v: unknown) => onChange(v === undefined || v === null ? '' : String(v)),
    allowClear: true,
    placeholder: label,
    'aria-label': t('control_centre.filter_by', { field: label }),
    style: { minWidth: 180 },
  };
  switch (field.kind) {
    case 'enum':
      return <Select {...common} options={(field.options ?? []).map((o) => ({ value: o, label: t(`${field.labelKey}_options.${o}`) }))} />;
    case 'boolean':
      return (
        <Select
          {...common}
          options={[
            { value: 'true', label: `${label}: ${t('control_centre.yes')}` },
            { value: 'false', label: `${label}: ${t('control_centre.no')}` },
          ]}
        />
      );
    case 'country':
      return <Select {...common} showSearch={labelSearch} options={countryOptions(language)} />;
    case 'currency':
      return <Select {...common} showSearch={labelSearch} options={currencyOptions(language)} />;
    case 'reference':
      return (
        <div style={{ minWidth: 200 }}>
          <Suspense fallback={null}>
            <ReferenceSelect
              reference={field.reference ?? ''}
              value={common.value}
              onChange={common.onChange}
              allowClear
              placeholder={label}
              id={`filter-${field.name}`}
              aria-label={common['aria-label']}
            />
          </Suspense>
        </div>
      );
    default:
      return <TextFilter label={label} ariaLabel={common['aria-label']} value={value} onChange={onChange} />;
  }
}

function TextFilter({ label, ariaLabel, value, onChange }: { label: string; ariaLabel: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebounced(text).trim();
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
  }, [debounced, value, onChange]);
  return <Input allowClear placeholder={label} aria-label={ariaLabel} value={text} onChange={(e) => setText(e.target.value)} style={{ width: 180 }} />;
}

/**
 * The one list screen of every control-centre record type (docs/architecture.md#resource-layer), from its descriptor:
 * the table (server paging, sorting, filters and search), create and edit in the app drawer,
 * delete with a confirmation, CSV and XLSX export of what the list shows.
 */
export function ResourcePage({ descriptor: d, title, intro, rowActions, fixed, actions }: ResourcePageProps) {
  const { t, i18n } = useCcTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const { can, loading: permissionsLoading } = usePermissions();
  const [state, setState] = useState<ListState>(() => ({ ...initialListState(d), filters: { ...fixed } }));
  // A link may open the list already searched (the header's search: ?q=<name>).
  const [search, setSearch] = useState(() => new URLSearchParams(window.location.search).get('q') ?? '');
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const q = useDebounced(search);
  const effective = useMemo(() => ({ ...state, q, page: q === state.q ? state.page : 1 }), [state, q]);
  const params = listQuery(effective);
  const list = useQuery({
    queryKey: ccKeys.list(d.name, params),
    queryFn: ({ signal }) => ccApi.list(d.name, params, signal),
    placeholderData: keepPreviousData,
  });
  const module = d.permissionModule;
  const mayCreate = can(module, 'create');
  const mayUpdate = can(module, 'update');
  const mayDelete = can(module, 'delete');
  const mayExport = can(module, 'export');
  const heading = title ?? null;

  const remove = useMutation({
    mutationFn: (record: ResourceRecord) => ccApi.remove(d.name, record.id),
    onMutate: () => setDeleteProblem(null),
    onSuccess: async () => {
      feedback().message.success(t('control_centre.deleted'));
      await queryClient.invalidateQueries({ queryKey: ccKeys.resource(d.name) });
      void queryClient.invalidateQueries({ queryKey: ccKeys.summary });
    },
    onError: (error) => {
      if (!isApiFailure(error)) return setDeleteProblem(t('errors.server'));
      if (error.code === 'in_use') return setDeleteProblem(t('control_centre.in_use'));
      if (error.status === 403) return setDeleteProblem(t('control_centre.not_allowed_action'));
      if (error.status === 409 || error.status === 404) return setDeleteProblem(error.message);
      if (!error.notified) setDeleteProblem(t('errors.server'));
    },
  });

  const rows = list.data?.data ?? [];
  const counted = list.data?.meta.total ?? 0;
  const exact = list.data?.meta.total_exact !== false;
  // Past the server's count cap the pager still reaches the next page while a page comes back full.
  const total = exact ? counted : Math.max(counted, effective.page * effective.perPage + (rows.length === effective.perPage ? 1 : 0));
  const fieldsByName = new Map(d.fields.map((f) => [f.name, f]));
  const shownColumns = d.columns.filter((c) => !fixed?.[c]);
  const referenceFields = shownColumns.map((c) => fieldsByName.get(c)).filter((f): f is ResourceField => f?.kind === 'reference');
  const filters = d.filterable.filter((name) => !fixed?.[name]).map((name) => fieldsByName.get(name)).filter((f): f is ResourceField => Boolean(f));

  const setFilter = (name: string, value: string) =>
    setState((s) => ({ ...s, page: 1, filters: { ...s.filters, [name]: value } }));

  if (list.isError && isApiFailure(list.error) && list.error.status === 403) {
    return (
      <section className="fyn-page">
        {heading && (
          <Typography.Title level={1} className="fyn-page-title">
            {heading}
          </Typography.Title>
        )}
        <Alert type="warning" showIcon title={t('control_centre.not_allowed_title')} description={t('control_centre.not_allowed_view')} />
      </section>
    );
  }

  const columns = (labels: Map<string, Map<string, string>>): DataColumn<ResourceRecord>[] => [
    ...shownColumns.map((name) => {
      const field = fieldsByName.get(name)!;
      return {
        key: name,
        title: t(field.labelKey),
        sortOrder: d.sortable.includes(name) ? sortOrderOf(effective.sort, name) : undefined,
        align: field.kind === 'number' || field.kind === 'decimal' || field.kind === 'money' ? ('end' as const) : undefined,
        render: (row: ResourceRecord) => formatValue(field, row[name], { t, language, labels: labels.get(name), row }),
      };
    }),
    ...(mayUpdate || mayDelete || rowActions
      ? [
          {
            key: 'actions',
            title: <span className="fyn-visually-hidden">{t('control_centre.actions')}</span>,
            align: 'end' as const,
            render: (row: ResourceRecord) => (
              <Space size={4}>
                {rowActions?.(row)}
                {mayUpdate && (
                  <Button type="text" icon={<EditOutlined aria-hidden="true" />} onClick={() => openResourceForm(d, row)}>
                    {t('control_centre.edit')}
                  </Button>
                )}
                {mayDelete && (
                  <Popconfirm
                    title={t('control_centre.delete_confirm')}
                    okText={t('control_centre.delete')}
                    cancelText={t('control_centre.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(row).catch(() => undefined)}
                  >
                    <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />}>
                      {t('control_centre.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const narrowed = isNarrowed(effective);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={narrowed ? t('control_centre.no_match') : t('control_centre.empty', { title: t(d.titleKey) })}
    >
      {!narrowed && mayCreate && (
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => openResourceForm(d, null, fixed)}>
          {t('control_centre.add_first')}
        </Button>
      )}
    </Empty>
  );

  return (
    <section className={heading ? 'fyn-page fyn-cc-resource' : 'fyn-cc-resource'} aria-label={heading ? undefined : t(d.titleKey)}>
      <Flex justify="space-between" align="center" gap={16} wrap className="fyn-cc-head">
        {heading ? (
          <Typography.Title level={1} className="fyn-page-title">
            {heading}
          </Typography.Title>
        ) : (
          <Typography.Title level={2} className="fyn-cc-section-title">
            {t(d.titleKey)}
          </Typography.Title>
        )}
        <Space wrap>
          {mayExport && (
            <>
              <Button icon={<DownloadOutlined aria-hidden="true" />} href={exportUrl(d.name, params, 'csv')} download>
                {t('control_centre.export_csv')}
              </Button>
              <Button icon={<DownloadOutlined aria-hidden="true" />} href={exportUrl(d.name, params, 'xlsx')} download>
                {t('control_centre.export_xlsx')}
              </Button>
            </>
          )}
          {actions}
          {mayCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => openResourceForm(d, null, fixed)}>
              {t('control_centre.add')}
            </Button>
          )}
        </Space>
      </Flex>
      {intro && <Typography.Paragraph className="fyn-secondary">{intro}</Typography.Paragraph>}
      <Flex gap={12} wrap className="fyn-cc-toolbar">
        {d.searchable.length > 0 && (
          <Input
            type="search"
            allowClear
            prefix={<SearchOutlined aria-hidden="true" />}
            placeholder={t('control_centre.search')}
            aria-label={t('control_centre.search_in', { title: t(d.titleKey) })}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ maxWidth: 320 }}
          />
        )}
        {filters.map((field) => (
          <FilterControl key={field.name} field={field} value={state.filters[field.name] ?? ''} onChange={(v) => setFilter(field.name, v)} />
        ))}
      </Flex>
      {deleteProblem && (
        <Alert type="error" showIcon closable={{ onClose: () => setDeleteProblem(null) }} title={deleteProblem} role="alert" style={{ marginBottom: 16 }} />
      )}
      {list.isError && !(isApiFailure(list.error) && list.error.notified) && (
        <Alert
          type="error"
          showIcon
          title={t('control_centre.load_failed')}
          action={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <ReferenceColumns fields={referenceFields} rows={rows}>
        {(labels) => (
          <DataTable<ResourceRecord>
            aria-label={t(d.titleKey)}
            rowKey={(row) => row.id}
            loading={list.isFetching || permissionsLoading}
            rows={rows}
            columns={columns(labels)}
            empty={list.isPending ? null : empty}
            onSort={(field, order) => setState((s) => ({ ...s, q, page: 1, sort: sortKeyOf(d, field, order) }))}
          />
        )}
      </ReferenceColumns>
      {total > PAGE_SIZES[0] && (
        <Suspense fallback={null}>
          <Pagination
            className="fyn-cc-pager"
            align="end"
            current={effective.page}
            pageSize={effective.perPage}
            total={total}
            showSizeChanger
            pageSizeOptions={PAGE_SIZES.map(String)}
            showTotal={() => (exact ? t('control_centre.total', { count: counted }) : t('control_centre.total_more', { count: counted }))}
            onChange={(current, perPage) => setState((s) => ({ ...s, q, perPage, page: perPage !== s.perPage ? 1 : current }))}
          />
        </Suspense>
      )}
    </section>
  );
}
