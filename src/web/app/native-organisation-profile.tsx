import { Alert, Button, Card, Descriptions, Empty, Modal, Skeleton, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, FileAddOutlined, MergeCellsOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { nativeContacts, nativeOrganisations } from '#shared/resources/native-organisations.ts';
import { crmActivities, nativeAddresses, nativeBankDetails, nativeStandardsCertifications, nativeSupplyChainNetworks } from '#shared/resources/native-records.ts';
import { formatMoney } from '#shared/money/format.ts';
import { isCurrencyCode } from '#shared/money/currency.ts';
import { RouteTitle } from '../components/route-title.tsx';
import { api } from '../lib/api-client.ts';
import { isApiFailure } from '../lib/api-failure.ts';
import { feedback, showFailure } from '../lib/feedback.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { countryName } from '../lib/countries.ts';
import { ccApi, ccKeys, type ResourceRecord } from '../features/control-centre/cc-api.ts';
import { openResourceForm } from '../features/control-centre/open-resource-form.ts';
import { ReferenceSelect } from '../features/control-centre/reference-select.tsx';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { usePermissions } from '../features/control-centre/use-permissions.ts';
import { ClientQuotes } from '../features/quotes/client-quotes.tsx';
import { ClientTimeline } from '../features/quotes/client-timeline.tsx';
import { QUOTES_PATH } from '../features/quotes/quote-paths.ts';
import { useSalesTranslation } from '../features/quotes/sales-texts.ts';
import { useCcTranslation } from '../features/control-centre/cc-texts.ts';
import { NATIVE_ORGANISATIONS_PATH, profilePath } from './native-organisation-paths.ts';

const CREDIT_COLOURS = { ok: 'success', hold: 'warning', stop: 'error' } as const;

/**
 * crm/connections/native-organisation/{organisationId}/profile (composed here: the control centre's record
 * lists and the sales feature's timeline and quotes): who the client is, what was logged, quoted and booked.
 */
export function NativeOrganisationProfile() {
  const { organisationId = '' } = useParams();
  const { t, i18n } = useSalesTranslation();
  const { t: cc } = useCcTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const me = useSessionStore((s) => s.user?.id);
  const [merging, setMerging] = useState(false);
  const [into, setInto] = useState<string | undefined>();
  const record = useQuery({ queryKey: ccKeys.record('native-organisations', organisationId), queryFn: () => ccApi.get('native-organisations', organisationId) });
  const names = useQuery({
    queryKey: ['native-organisation-names', record.data?.client_tier_id, record.data?.assigned_user_id],
    enabled: Boolean(record.data),
    queryFn: async () => {
      const r = record.data!;
      const [tier, staff] = await Promise.all([
        r.client_tier_id ? ccApi.get('client-tiers', String(r.client_tier_id)).catch(() => null) : null,
        r.assigned_user_id ? api.get<{ user_id: string; name: string }[]>('/staff', { silent: true }).catch(() => []) : [],
      ]);
      return { tier: tier ? String(tier.name) : null, assigned: staff.find((s) => s.user_id === r.assigned_user_id)?.name ?? null };
    },
  });

  if (record.isPending) return <section className="fyn-page"><Skeleton active /></section>;
  if (!record.data) {
    return (
      <section className="fyn-page">
        <RouteTitle />
        <Empty description={record.error && isApiFailure(record.error) && record.error.status === 404 ? t('clients.not_found') : t('clients.load_failed')} />
      </section>
    );
  }
  const r: ResourceRecord = record.data;
  const status = String(r.credit_status) as keyof typeof CREDIT_COLOURS;
  const currency = typeof r.currency === 'string' && isCurrencyCode(r.currency) ? r.currency : null;
  const fixed = { native_organisation_id: organisationId };
  const list = (descriptor: Parameters<typeof ResourcePage>[0]['descriptor']) => <ResourcePage descriptor={descriptor} fixed={fixed} />;

  async function merge() {
    if (!into) return;
    try {
      await api.post(`/native-organisations/${organisationId}/merge`, { into_id: into });
      await queryClient.invalidateQueries({ queryKey: ccKeys.resource('native-organisations') });
      feedback().message.success(t('clients.merged', { name: String(r.name) }));
      setMerging(false);
      navigate(profilePath(into), { replace: true });
    } catch (e) {
      showFailure(e);
    }
  }

  const newQuote = (
    <Button
      type="primary"
      icon={<FileAddOutlined aria-hidden="true" />}
      disabled={status === 'stop' || !can('quotes', 'create')}
      onClick={() => navigate(`${QUOTES_PATH}/new?client=native_organisation:${organisationId}`)}
    >
      {t('clients.new_quote')}
    </Button>
  );

  return (
    <section className="fyn-page">
      <RouteTitle />
      <Card>
        <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <div>
            <Typography.Title level={2} style={{ marginTop: 0 }}>{String(r.name)}</Typography.Title>
            <Space wrap size={[8, 4]}>
              <Tag>{cc(`resources.native_organisations.type_options.${String(r.type)}`)}</Tag>
              <Tag color={CREDIT_COLOURS[status]}>{cc('resources.native_organisations.credit_status')}: {cc(`resources.native_organisations.credit_status_options.${status}`)}</Tag>
              {names.data?.tier && <Tag color="blue">{names.data.tier}</Tag>}
            </Space>
          </div>
          <Space wrap>
            {status === 'stop' ? <Tooltip title={t('clients.stop_hint')}>{newQuote}</Tooltip> : newQuote}
            {can('crm', 'update') && <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => openResourceForm(nativeOrganisations, r)}>{t('clients.edit')}</Button>}
            {can('crm', 'delete') && <Button icon={<MergeCellsOutlined aria-hidden="true" />} onClick={() => setMerging(true)}>{t('clients.merge')}</Button>}
          </Space>
        </Space>
        {status === 'hold' && <Alert type="warning" showIcon title={t('clients.hold_hint')} style={{ margin: '12px 0' }} />}
        {status === 'stop' && <Alert type="error" showIcon title={t('clients.stop_hint')} style={{ margin: '12px 0' }} />}
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={cc('resources.fields.country')}>{[r.city, countryName(String(r.country), i18n.language)].filter(Boolean).join(', ')}</Descriptions.Item>
          <Descriptions.Item label={cc('resources.native_organisations.assigned_to')}>{names.data?.assigned ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={cc('resources.client_tiers.payment_terms_days')}>{r.payment_terms_days == null ? '—' : String(r.payment_terms_days)}</Descriptions.Item>
          <Descriptions.Item label={cc('resources.native_organisations.credit_limit')}>{r.credit_limit_minor != null && currency ? formatMoney(Number(r.credit_limit_minor), currency, i18n.language) : '—'}</Descriptions.Item>
          <Descriptions.Item label={cc('resources.native_organisations.vat_number')}>{r.vat_number ? String(r.vat_number) : '—'}</Descriptions.Item>
          <Descriptions.Item label={cc('resources.native_organisations.language')}>{r.language ? cc(`resources.native_organisations.language_options.${String(r.language)}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('clients.contact')}>
            {[r.email, r.phone].filter(Boolean).join(' · ') || '—'}
            {r.website ? <> · <a href={String(r.website)} target="_blank" rel="noopener noreferrer">{String(r.website).replace(/^https?:\/\//, '')}</a></> : null}
          </Descriptions.Item>
        </Descriptions>
        {r.notes ? <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{String(r.notes)}</Typography.Paragraph> : null}
      </Card>

      {/* Seven tabs wrap onto a second line rather than hide behind antd's overflow button (a button inside the tablist, which ARIA's tablist does not allow): app.css .fyn-tabs-wrap. */}
      <Tabs
        className="fyn-tabs-wrap"
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'activity',
            label: t('clients.tab_activity'),
            children: (
              <>
                {can('crm', 'create') && (
                  <Button icon={<PlusOutlined aria-hidden="true" />} style={{ marginBottom: 16 }} onClick={() => openResourceForm(crmActivities, null, fixed, { occurred_on: new Date().toISOString().slice(0, 10), kind: 'call', user_id: me })}>
                    {t('clients.log_activity')}
                  </Button>
                )}
                <ClientTimeline organisationId={organisationId} queryKeyPrefix={ccKeys.resource('crm-activities')} />
              </>
            ),
          },
          { key: 'quotes', label: t('clients.tab_quotes'), children: <ClientQuotes clientId={organisationId} /> },
          { key: 'contacts', label: cc(nativeContacts.titleKey), children: list(nativeContacts) },
          { key: 'addresses', label: cc(nativeAddresses.titleKey), children: list(nativeAddresses) },
          ...(can('bank_details', 'view') ? [{ key: 'bank', label: cc(nativeBankDetails.titleKey), children: list(nativeBankDetails) }] : []),
          { key: 'certifications', label: cc(nativeStandardsCertifications.titleKey), children: list(nativeStandardsCertifications) },
          { key: 'networks', label: cc(nativeSupplyChainNetworks.titleKey), children: list(nativeSupplyChainNetworks) },
        ]}
      />

      <Modal open={merging} title={t('clients.merge_title', { name: String(r.name) })} okText={t('clients.merge')} okButtonProps={{ danger: true, disabled: !into || into === organisationId }} onOk={() => void merge()} onCancel={() => setMerging(false)} destroyOnHidden>
        <Typography.Paragraph>{t('clients.merge_hint')}</Typography.Paragraph>
        <ReferenceSelect reference="native-organisations" value={into} onChange={(v) => setInto(typeof v === 'string' ? v : undefined)} placeholder={t('clients.merge_into')} id="merge-into" />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          <Link to={NATIVE_ORGANISATIONS_PATH}>{t('clients.all_native')}</Link>
        </Typography.Paragraph>
      </Modal>
    </section>
  );
}
