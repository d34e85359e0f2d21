import './developers.css';
import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, WebhookAttempt, WebhookEndpoint } from '#shared/api/developers.ts';
import { DataTable } from '../../components/data-table.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { developersApi, developersKeys, type ApiKeyWithSecret, type DeliveryFilters } from '../../lib/developers-api.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { useDevelopersTranslation } from './developers-texts.ts';

const NONE: readonly string[] = [];
const when = (iso: string | null) => (iso ? <time dateTime={iso} title={dayjs(iso).format('YYYY-MM-DD HH:mm')}>{dayjs(iso).fromNow()}</time> : null);

/** Runs an action, reporting its failure; answers whether it succeeded. */
async function attempt(action: () => Promise<unknown>, done?: string): Promise<boolean> {
  try {
    await action();
    if (done) feedback().message.success(done);
    return true;
  } catch (e) {
    showFailure(e);
    return false;
  }
}

/** The key made or rolled, shown once. */
function KeyShownOnce({ made, onClose }: { made: ApiKeyWithSecret | null; onClose: () => void }) {
  const { t } = useDevelopersTranslation();
  return (
    <Modal open={Boolean(made)} title={t('keys.shown_once_title')} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('close')}</Button>}>
      <Alert type="warning" showIcon title={t('keys.shown_once')} style={{ marginBottom: 12 }} />
      {made && <Typography.Paragraph copyable={{ text: made.key }} code data-testid="new-api-key">{made.key}</Typography.Paragraph>}
    </Modal>
  );
}

function NewKeyForm({ open, onClose, onMade }: { open: boolean; onClose: () => void; onMade: (k: ApiKeyWithSecret) => void }) {
  const { t } = useDevelopersTranslation();
  const held = useSessionStore((s) => s.user?.permissions) ?? NONE;
  const [form] = Form.useForm<{ name: string; scopes: string[]; expires_on?: string }>();
  const { submit, busy } = useSubmit(
    (v: { name: string; scopes?: string[]; expires_on?: string }) =>
      developersApi.createKey({ name: v.name, scopes: v.scopes ?? [], expires_at: v.expires_on ? new Date(`${v.expires_on}T23:59:59Z`).toISOString() : null }),
    { onSuccess: (made) => { form.resetFields(); onMade(made); } },
  );
  // Only what the person holds may be given to a key (the server refuses more: 409 permission_escalation).
  const options = [...held].sort().map((p) => ({ value: p, label: p }));
  return (
    <Modal open={open} title={t('keys.new')} onCancel={onClose} okText={t('create')} cancelText={t('cancel')} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item name="name" label={t('keys.name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 100 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="scopes" label={t('keys.scopes')} extra={t('keys.scopes_hint')} rules={[{ required: true, message: t('keys.scopes_required') }]}>
          <Checkbox.Group options={options} className="fyn-dev-scopes" />
        </Form.Item>
        <Form.Item name="expires_on" label={t('keys.expires')} extra={t('keys.expires_hint')}>
          <Input type="date" min={dayjs().add(1, 'day').format('YYYY-MM-DD')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function KeysCard() {
  const { t } = useDevelopersTranslation();
  const client = useQueryClient();
  const keys = useQuery({ queryKey: developersKeys.keys, queryFn: developersApi.keys });
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<ApiKeyWithSecret | null>(null);
  const [grace, setGrace] = useState(24);
  const refresh = () => client.invalidateQueries({ queryKey: developersKeys.keys });
  const columns = [
    { key: 'name', title: t('keys.name'), render: (k: ApiKey) => <Space orientation="vertical" size={0}><strong>{k.name}</strong><Typography.Text code>{`${k.prefix}…`}</Typography.Text></Space> },
    { key: 'scopes', title: t('keys.scopes'), render: (k: ApiKey) => (k.scopes.length ? <Space size={[4, 4]} wrap>{k.scopes.map((s) => <Tag key={s}>{s}</Tag>)}</Space> : <Typography.Text type="secondary">{t('keys.no_scopes')}</Typography.Text>) },
    { key: 'last_used', title: t('keys.last_used'), render: (k: ApiKey) => (k.last_used_at ? <Space orientation="vertical" size={0}>{when(k.last_used_at)}<Typography.Text type="secondary">{k.last_used_ip}</Typography.Text></Space> : t('keys.never_used')) },
    { key: 'expires', title: t('keys.expires'), render: (k: ApiKey) => (k.expires_at ? when(k.expires_at) : t('keys.never')) },
    {
      key: 'actions', title: <span className="fyn-visually-hidden">{t('actions')}</span>, align: 'end' as const, render: (k: ApiKey) => (
        <Space wrap>
          {k.previous_valid_until && <Tag color="gold">{t('keys.grace_until', { when: dayjs(k.previous_valid_until).format('YYYY-MM-DD HH:mm') })}</Tag>}
          <Popconfirm
            title={t('keys.roll_confirm')}
            description={<Space><span>{t('keys.grace_hours')}</span><InputNumber min={0} max={168} value={grace} onChange={(v) => setGrace(v ?? 0)} aria-label={t('keys.grace_hours')} /></Space>}
            okText={t('keys.roll')} cancelText={t('cancel')}
            onConfirm={() => attempt(async () => { setMade(await developersApi.rollKey(k.id, grace)); await refresh(); })}
          >
            <Button size="small">{t('keys.roll')}</Button>
          </Popconfirm>
          <Popconfirm title={t('keys.revoke_confirm', { name: k.name })} okText={t('keys.revoke')} okButtonProps={{ danger: true }} cancelText={t('cancel')} onConfirm={() => attempt(async () => { await developersApi.revokeKey(k.id); await refresh(); }, t('keys.revoked'))}>
            <Button size="small" danger>{t('keys.revoke')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card title={<h2 className="fyn-dev-card-title">{t('keys.title')}</h2>} extra={<Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>{t('keys.new')}</Button>}>
      <Typography.Paragraph type="secondary">{t('keys.intro')}</Typography.Paragraph>
      <DataTable aria-label={t('keys.title')} columns={columns} rows={keys.data ?? []} rowKey={(k) => k.id} loading={keys.isFetching} empty={<Empty description={t('keys.empty')} />} />
      <NewKeyForm open={creating} onClose={() => setCreating(false)} onMade={(k) => { setCreating(false); setMade(k); void refresh(); }} />
      <KeyShownOnce made={made} onClose={() => setMade(null)} />
    </Card>
  );
}

function EndpointForm({ open, onClose, onMade }: { open: boolean; onClose: () => void; onMade: (secret: string) => void }) {
  const { t } = useDevelopersTranslation();
  const types = useQuery({ queryKey: developersKeys.eventTypes, queryFn: developersApi.eventTypes, enabled: open });
  const [form] = Form.useForm<{ url: string; description?: string; event_types: string[] }>();
  const { submit, busy } = useSubmit(
    (v: { url: string; description?: string; event_types: string[] }) => developersApi.createEndpoint({ url: v.url, description: v.description ?? '', event_types: v.event_types }),
    { onSuccess: (made) => { form.resetFields(); onMade(made.secret); } },
  );
  return (
    <Modal open={open} title={t('endpoints.new')} onCancel={onClose} okText={t('create')} cancelText={t('cancel')} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item name="url" label={t('endpoints.url')} extra={t('endpoints.url_hint')} rules={[{ required: true, message: t('required') }, { type: 'url', message: t('endpoints.url_invalid') }]}>
          <Input placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('endpoints.description')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="event_types" label={t('endpoints.event_types')} rules={[{ required: true, message: t('endpoints.event_types_required') }]}>
          <Checkbox.Group options={(types.data ?? []).map((x) => ({ value: x.type, label: <span><code>{x.type}</code> — {t(`event_types.${x.type.replace('.', '_')}`)}</span> }))} className="fyn-dev-scopes" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function EndpointsCard() {
  const { t } = useDevelopersTranslation();
  const client = useQueryClient();
  const endpoints = useQuery({ queryKey: developersKeys.endpoints, queryFn: developersApi.endpoints });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ id: string; secret: string; until: string | null } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: developersKeys.endpoints });
  const statusOf = (e: WebhookEndpoint) =>
    e.enabled ? (e.failing_since ? <Tag color="orange">{t('endpoints.failing_since', { when: dayjs(e.failing_since).fromNow() })}</Tag> : <Tag color="green">{t('endpoints.status_enabled')}</Tag>)
      : <Tag color="red">{e.disabled_reason ? t(`endpoints.disabled_${e.disabled_reason}`) : t('endpoints.status_disabled')}</Tag>;
  const columns = [
    { key: 'url', title: t('endpoints.url'), render: (e: WebhookEndpoint) => <Space orientation="vertical" size={0}><Typography.Text code>{e.url}</Typography.Text>{e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}</Space> },
    { key: 'types', title: t('endpoints.event_types'), render: (e: WebhookEndpoint) => <Space size={[4, 4]} wrap>{e.event_types.map((x) => <Tag key={x}>{x}</Tag>)}</Space> },
    { key: 'status', title: t('endpoints.status'), render: statusOf },
    {
      key: 'enabled', title: t('endpoints.enabled'), render: (e: WebhookEndpoint) => (
        <Switch checked={e.enabled} aria-label={t('endpoints.enabled_for', { url: e.url })} onChange={(on) => void attempt(async () => { await developersApi.updateEndpoint(e.id, { enabled: on }); await refresh(); })} />
      ),
    },
    {
      key: 'actions', title: <span className="fyn-visually-hidden">{t('actions')}</span>, align: 'end' as const, render: (e: WebhookEndpoint) => (
        <Space wrap>
          <Button size="small" disabled={!e.enabled} onClick={() => void attempt(async () => { await developersApi.test(e.id); await client.invalidateQueries({ queryKey: ['developers', 'deliveries'] }); }, t('endpoints.test_sent'))}>{t('endpoints.test')}</Button>
          <Button size="small" onClick={() => void attempt(async () => { const s = await developersApi.secret(e.id); setShown({ id: e.id, secret: s.secret, until: s.previous_secret_until }); })}>{t('endpoints.reveal')}</Button>
          <Popconfirm title={t('endpoints.rotate_confirm')} okText={t('endpoints.rotate')} cancelText={t('cancel')} onConfirm={() => attempt(async () => { const s = await developersApi.rotateSecret(e.id); setShown({ id: e.id, secret: s.secret, until: s.previous_secret_until }); await refresh(); }, t('endpoints.rotated'))}>
            <Button size="small">{t('endpoints.rotate')}</Button>
          </Popconfirm>
          <Popconfirm title={t('endpoints.delete_confirm')} okText={t('endpoints.delete')} okButtonProps={{ danger: true }} cancelText={t('cancel')} onConfirm={() => attempt(async () => { await developersApi.deleteEndpoint(e.id); await refresh(); }, t('endpoints.deleted'))}>
            <Button size="small" danger>{t('endpoints.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card title={<h2 className="fyn-dev-card-title">{t('endpoints.title')}</h2>} extra={<Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>{t('endpoints.new')}</Button>}>
      <Typography.Paragraph type="secondary">{t('endpoints.intro')}</Typography.Paragraph>
      <DataTable aria-label={t('endpoints.title')} columns={columns} rows={endpoints.data ?? []} rowKey={(e) => e.id} loading={endpoints.isFetching} empty={<Empty description={t('endpoints.empty')} />} />
      <EndpointForm open={creating} onClose={() => setCreating(false)} onMade={(secret) => { setCreating(false); setShown({ id: '', secret, until: null }); void refresh(); }} />
      <Modal open={Boolean(shown)} title={t('endpoints.secret')} onCancel={() => setShown(null)} footer={<Button type="primary" onClick={() => setShown(null)}>{t('close')}</Button>}>
        {shown && <Typography.Paragraph copyable={{ text: shown.secret }} code data-testid="endpoint-secret">{shown.secret}</Typography.Paragraph>}
        {shown?.until && <Alert type="info" showIcon title={t('endpoints.both_until', { when: dayjs(shown.until).format('YYYY-MM-DD HH:mm') })} />}
      </Modal>
    </Card>
  );
}

function DeliveriesCard() {
  const { t } = useDevelopersTranslation();
  const client = useQueryClient();
  const [filters, setFilters] = useState<DeliveryFilters>({ endpoint_id: null, status: null });
  const endpoints = useQuery({ queryKey: developersKeys.endpoints, queryFn: developersApi.endpoints });
  const log = useQuery({ queryKey: developersKeys.deliveries(filters), queryFn: () => developersApi.deliveries(filters), refetchInterval: 10_000 });
  const columns = [
    { key: 'time', title: t('deliveries.time'), render: (a: WebhookAttempt) => when(a.attempted_at) },
    { key: 'event', title: t('deliveries.event'), render: (a: WebhookAttempt) => <Space orientation="vertical" size={0}><Typography.Text code>{a.event_type}</Typography.Text><Typography.Text type="secondary" copyable={{ text: a.webhook_id }}>{a.webhook_id}</Typography.Text></Space> },
    {
      key: 'status', title: t('deliveries.status'), render: (a: WebhookAttempt) => (
        <Space orientation="vertical" size={0}>
          <Tag color={a.status === 'succeeded' ? 'green' : 'red'}>{t(`deliveries.${a.status}`)}</Tag>
          {a.delivery_status === 'pending' && a.next_attempt_at && <Typography.Text type="secondary">{t('deliveries.retry_at', { when: dayjs(a.next_attempt_at).fromNow() })}</Typography.Text>}
        </Space>
      ),
    },
    { key: 'response', title: t('deliveries.response'), render: (a: WebhookAttempt) => <Space orientation="vertical" size={0}><span>{a.response_status ?? '—'}</span>{(a.error || a.response_body) && <Typography.Text type="secondary" ellipsis={{ tooltip: a.error ?? a.response_body }} style={{ maxWidth: 260 }}>{a.error ?? a.response_body}</Typography.Text>}</Space> },
    { key: 'duration', title: t('deliveries.duration'), align: 'end' as const, render: (a: WebhookAttempt) => t('deliveries.ms', { count: a.duration_ms }) },
    {
      key: 'actions', title: <span className="fyn-visually-hidden">{t('actions')}</span>, align: 'end' as const, render: (a: WebhookAttempt) => (
        <Button size="small" onClick={() => void attempt(async () => { await developersApi.resend(a.id); await client.invalidateQueries({ queryKey: ['developers', 'deliveries'] }); }, t('deliveries.resent'))}>{t('deliveries.resend')}</Button>
      ),
    },
  ];
  return (
    <Card title={<h2 className="fyn-dev-card-title">{t('deliveries.title')}</h2>} extra={<Button icon={<ReloadOutlined aria-hidden="true" />} onClick={() => void log.refetch()} loading={log.isFetching}>{t('refresh')}</Button>}>
      <Typography.Paragraph type="secondary">{t('deliveries.intro')}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('deliveries.endpoint_filter')} style={{ minWidth: 260 }} value={filters.endpoint_id ?? ''}
          options={[{ value: '', label: t('deliveries.all_endpoints') }, ...(endpoints.data ?? []).map((e) => ({ value: e.id, label: e.url }))]}
          onChange={(v) => setFilters((f) => ({ ...f, endpoint_id: v || null }))}
        />
        <Select
          aria-label={t('deliveries.status_filter')} style={{ minWidth: 180 }} value={filters.status ?? ''}
          options={[{ value: '', label: t('deliveries.all_statuses') }, { value: 'succeeded', label: t('deliveries.succeeded') }, { value: 'failed', label: t('deliveries.failed') }]}
          onChange={(v) => setFilters((f) => ({ ...f, status: (v || null) as DeliveryFilters['status'] }))}
        />
      </Flex>
      <DataTable aria-label={t('deliveries.title')} columns={columns} rows={log.data ?? []} rowKey={(a) => a.id} loading={log.isFetching} empty={<Empty description={t('deliveries.empty')} />} />
    </Card>
  );
}

function TrackingWebhookCard() {
  const { t } = useDevelopersTranslation();
  const client = useQueryClient();
  const isOwner = useSessionStore((s) => s.user?.is_owner ?? false);
  const secret = useQuery({ queryKey: developersKeys.trackingSecret, queryFn: developersApi.trackingSecret, enabled: isOwner });
  const s = secret.data;
  return (
    <Card title={<h2 className="fyn-dev-card-title">{t('tracking.title')}</h2>}>
      <Typography.Paragraph type="secondary">{t('tracking.intro')}</Typography.Paragraph>
      {!isOwner ? <Typography.Text type="secondary">{t('tracking.owner_only')}</Typography.Text> : (
        <>
          {s && (
            <dl className="fyn-dev-facts">
              <dt>{t('tracking.url')}</dt><dd><Typography.Text copyable code>{s.url}</Typography.Text></dd>
              <dt>{t('tracking.standard_secret')}</dt><dd>{s.standard_secret ? <Typography.Text copyable code>{s.standard_secret}</Typography.Text> : t('tracking.none')}</dd>
              <dt>{t('tracking.legacy_secret')}</dt><dd>{s.secret ? <Typography.Text copyable code>{s.secret}</Typography.Text> : t('tracking.none')}<br /><Typography.Text type="secondary">{t('tracking.legacy_deprecated', { header: s.header })}</Typography.Text></dd>
            </dl>
          )}
          <Popconfirm title={t('tracking.rotate_confirm')} okText={t('tracking.rotate')} cancelText={t('cancel')} disabled={!s?.secret} onConfirm={() => attempt(async () => { client.setQueryData(developersKeys.trackingSecret, await developersApi.rotateTrackingSecret()); }, t('tracking.rotated'))}>
            <Button danger={Boolean(s?.secret)} onClick={s?.secret ? undefined : () => void attempt(async () => { client.setQueryData(developersKeys.trackingSecret, await developersApi.rotateTrackingSecret()); }, t('tracking.rotated'))}>
              {s?.secret ? t('tracking.rotate') : t('tracking.make')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Card>
  );
}

function QuickStart() {
  const { t } = useDevelopersTranslation();
  const origin = window.location.origin;
  const curl = `curl ${origin}/api/shipments \\\n  -H "Authorization: Bearer fyn_live_…"`;
  const write = `curl -X POST ${origin}/api/departments \\\n  -H "Authorization: Bearer fyn_live_…" \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -H "Content-Type: application/json" \\\n  -d '{"name":"Integrations"}'`;
  const verify = `import { Webhook } from 'standardwebhooks';\n\nconst wh = new Webhook(process.env.FYN_WEBHOOK_SECRET); // whsec_…\n// body: the raw request body; headers: webhook-id, webhook-timestamp, webhook-signature\nconst event = wh.verify(body, headers); // throws when the signature or the time is wrong`;
  return (
    <Card title={<h2 className="fyn-dev-card-title">{t('quick.title')}</h2>}>
      <Typography.Paragraph>{t('quick.read')}</Typography.Paragraph>
      <pre className="fyn-dev-code"><code>{curl}</code></pre>
      <Typography.Paragraph>{t('quick.write')}</Typography.Paragraph>
      <pre className="fyn-dev-code"><code>{write}</code></pre>
      <Typography.Paragraph>{t('quick.limits')}</Typography.Paragraph>
      <Typography.Paragraph>{t('quick.verify')}</Typography.Paragraph>
      <pre className="fyn-dev-code"><code>{verify}</code></pre>
      <Typography.Paragraph type="secondary">{t('quick.verify_by_hand')}</Typography.Paragraph>
    </Card>
  );
}

/** /organisation/dev: API keys, webhook endpoints, their delivery log, the inbound tracking webhook and a quick start. */
export function DevelopersScreen() {
  const { t } = useDevelopersTranslation();
  // The screen's title is its route's (menu and breadcrumb): one text.
  const { t: common } = useTranslation();
  const permissions = useSessionStore((s) => s.user?.permissions) ?? NONE;
  const may = permissions.includes('developers.view');
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>{common('titles.org_dev')}</Typography.Title>
        <a href="/api/docs" target="_blank" rel="noreferrer">{t('docs_link')}</a>
      </Flex>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {!may ? <Alert type="info" showIcon title={t('no_permission')} /> : (
        <>
          <KeysCard />
          <EndpointsCard />
          <DeliveriesCard />
        </>
      )}
      <TrackingWebhookCard />
      <QuickStart />
    </Flex>
  );
}
