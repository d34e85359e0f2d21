import { Alert, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, Modal, Result, Row, Segmented, Select, Space, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Applicant, Opening } from '#shared/api/recruitment.ts';
import { EMPLOYMENT_TYPES } from '#shared/hr/model.ts';
import { mayOpening, OPENING_STATUSES } from '#shared/recruitment/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { minorOf } from '#shared/money/amounts.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { memberOptions } from '../../lib/member-options.ts';
import { careersUrl, recruitmentApi, recruitmentKeys } from '../../lib/recruitment-api.ts';
import { ApplicantDrawer } from './applicant-drawer.tsx';
import { useRecruitmentTranslation } from './recruitment-texts.ts';
import { LocationPicker } from '../../components/location-picker.tsx';

export const OPENING_COLOURS = { draft: 'default', open: 'success', closed: 'default' } as const;

/**
 * /recruitment-hub: the openings (status, applicants, public link), an opening's pipeline by stage,
 * an applicant's drawer (interviews, offers, hire), and the stages themselves. Without the
 * `recruitment` permission: an honest "no access". `stages` is the stages' list (composed in src/web/app).
 */
export function RecruitmentHub({ stages }: { stages?: ReactNode }) {
  const { t } = useRecruitmentTranslation();
  const [params, setParams] = useSearchParams();
  const openingId = params.get('opening');
  const applicantId = params.get('applicant');
  const openings = useQuery({ queryKey: recruitmentKeys.openings, queryFn: recruitmentApi.openings, retry: false });
  const forbidden = openings.isError && isApiFailure(openings.error) && openings.error.status === 403;
  const set = (key: string, value: string | null) => setParams((p) => {
    const next = new URLSearchParams(p);
    if (value) next.set(key, value);
    else next.delete(key);
    return next;
  });
  if (forbidden) {
    return (
      <section className="fyn-page">
        <RouteTitle />
        <Result status="403" title={t('no_access.title')} subTitle={t('no_access.text')} />
      </section>
    );
  }
  const opening = openingId ? openings.data?.find((o) => o.id === openingId) : undefined;
  return (
    <section className="fyn-page">
      <RouteTitle />
      {openingId ? (
        <PipelineView openingId={openingId} opening={opening} onBack={() => set('opening', null)} onOpenApplicant={(id) => set('applicant', id)} />
      ) : (
        <Tabs
          items={[
            { key: 'openings', label: t('openings.tab'), children: <OpeningsList openings={openings.data ?? []} loading={openings.isFetching} onOpen={(id) => set('opening', id)} /> },
            { key: 'stages', label: t('stages.tab'), children: <><Typography.Paragraph type="secondary">{t('stages.hint')}</Typography.Paragraph>{stages}</> },
          ]}
        />
      )}
      <ApplicantDrawer applicantId={applicantId} onClose={() => set('applicant', null)} />
    </section>
  );
}

function OpeningsList({ openings, loading, onOpen }: { openings: Opening[]; loading: boolean; onOpen: (id: string) => void }) {
  const { t } = useRecruitmentTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Opening | 'new' | null>(null);
  const [status, setStatus] = useState<string>('all');
  const refresh = () => void client.invalidateQueries({ queryKey: recruitmentKeys.all });
  async function act(o: Opening, action: 'open' | 'close') {
    try {
      await recruitmentApi.openingAction(o.id, action);
      feedback().message.success(t(action === 'open' ? 'openings.opened' : 'openings.closed', { title: o.title }));
      refresh();
    } catch (e) {
      showFailure(e);
    }
  }
  async function copy(o: Opening) {
    try {
      await navigator.clipboard.writeText(careersUrl(o.public_slug));
      feedback().message.success(t('openings.link_copied'));
    } catch {
      feedback().message.info(careersUrl(o.public_slug));
    }
  }
  const rows = status === 'all' ? openings : openings.filter((o) => o.status === status);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Segmented aria-label={t('openings.status')} value={status} onChange={setStatus}
          options={[{ value: 'all', label: t('openings.all') }, ...OPENING_STATUSES.map((s) => ({ value: s, label: t(`openings.statuses.${s}`) }))]} />
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>{t('openings.new')}</Button>
      </Space>
      <DataTable<Opening>
        aria-label={t('openings.list')}
        rows={rows}
        rowKey={(o) => o.id}
        loading={loading}
        empty={<Empty description={t('openings.none')} />}
        columns={[
          { key: 'title', title: t('openings.title'), render: (o) => <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(o.id)}>{o.title}</Button> },
          { key: 'location', title: t('openings.location'), render: (o) => o.location_name ? `${o.location_name} (${o.location})` : o.location },
          { key: 'department', title: t('openings.department'), render: (o) => o.department_name ?? '—' },
          { key: 'type', title: t('openings.employment_type'), render: (o) => t(`employment_types.${o.employment_type}`) },
          { key: 'applicants', title: t('openings.applicants'), align: 'end', render: (o) => t('openings.applicant_counts', { active: o.active_applicants, all: o.applicants }) },
          { key: 'status', title: t('openings.status'), render: (o) => <Tag color={OPENING_COLOURS[o.status]}>{t(`openings.statuses.${o.status}`)}</Tag> },
          {
            key: 'actions', title: '', render: (o) => (
              <Space wrap>
                <Button size="small" onClick={() => onOpen(o.id)}>{t('openings.pipeline')}</Button>
                <Button size="small" onClick={() => setEditing(o)}>{t('openings.edit')}</Button>
                {mayOpening('open', o.status) && <Button size="small" type="primary" onClick={() => act(o, 'open')}>{t('openings.open')}</Button>}
                {mayOpening('close', o.status) && <Button size="small" onClick={() => act(o, 'close')}>{t('openings.close')}</Button>}
                {o.status === 'open' && <Button size="small" icon={<CopyOutlined aria-hidden="true" />} onClick={() => copy(o)}>{t('openings.copy_link')}</Button>}
              </Space>
            ),
          },
        ]}
      />
      <OpeningForm editing={editing} onClose={() => setEditing(null)} onDone={refresh} />
    </Space>
  );
}

type OpeningValues = {
  title: string; location: string; employment_type: (typeof EMPLOYMENT_TYPES)[number]; department_id?: string | null; hiring_manager_id?: string | null;
  description?: string; salary_min?: number | null; salary_max?: number | null; salary_currency?: string | null; closes_on?: Dayjs | null;
};

function OpeningForm({ editing, onClose, onDone }: { editing: Opening | 'new' | null; onClose: () => void; onDone: () => void }) {
  const { t } = useRecruitmentTranslation();
  const [form] = Form.useForm<OpeningValues>();
  const open = editing !== null;
  const staff = useQuery({ queryKey: recruitmentKeys.staff, queryFn: recruitmentApi.staff, enabled: open });
  const departments = useQuery({ queryKey: recruitmentKeys.departments, queryFn: recruitmentApi.departments, enabled: open });
  const o = editing && editing !== 'new' ? editing : null;
  const { submit, busy } = useSubmit(
    (v: OpeningValues) => {
      const currency = v.salary_currency ? v.salary_currency.toUpperCase() : null;
      // Typed in major units, sent in minor units of the currency: the decimal as typed, never a float product.
      const minor = (n: number | null | undefined) => (n == null ? null : minorOf(String(n), currency ?? 'GBP'));
      const body = {
        title: v.title, location: v.location.toUpperCase(), employment_type: v.employment_type, department_id: v.department_id ?? null, hiring_manager_id: v.hiring_manager_id ?? null,
        description: v.description ?? '', salary_min_minor: minor(v.salary_min), salary_max_minor: minor(v.salary_max),
        salary_currency: currency, closes_on: v.closes_on ? v.closes_on.format('YYYY-MM-DD') : null,
      };
      return o ? recruitmentApi.updateOpening(o.id, body) : recruitmentApi.createOpening(body);
    },
    {
      success: t('openings.saved'),
      onSuccess: () => {
        onDone();
        onClose();
      },
    },
  );
  return (
    <Modal open={open} title={o ? t('openings.edit_title', { title: o.title }) : t('openings.new')} okText={t('save')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} width={760} destroyOnHidden>
      {!o && <Typography.Paragraph type="secondary">{t('openings.draft_hint')}</Typography.Paragraph>}
      <Form<OpeningValues> form={form} layout="vertical" onFinish={submit} preserve={false}
        initialValues={o ? {
          title: o.title, location: o.location, employment_type: o.employment_type, department_id: o.department_id, hiring_manager_id: o.hiring_manager_id, description: o.description,
          salary_min: o.salary_min_minor == null ? null : o.salary_min_minor / 100, salary_max: o.salary_max_minor == null ? null : o.salary_max_minor / 100, salary_currency: o.salary_currency,
        } : { employment_type: 'full_time', salary_currency: 'GBP' }}>
        <Row gutter={12}>
          <Col xs={24} md={16}><Form.Item name="title" label={t('openings.title')} rules={[{ required: true, message: t('required') }]}><Input maxLength={120} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="location" label={t('openings.location_code')} rules={[{ required: true, message: t('openings.location_hint') }]}><LocationPicker initial={o ? { code: o.location, name: o.location_name ?? o.location } : null} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="employment_type" label={t('openings.employment_type')}><Select options={EMPLOYMENT_TYPES.map((e) => ({ value: e, label: t(`employment_types.${e}`) }))} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="department_id" label={t('openings.department')}><Select allowClear options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="hiring_manager_id" label={t('openings.hiring_manager')}><Select allowClear showSearch optionFilterProp="label" options={memberOptions(staff.data, o?.hiring_manager_id)} /></Form.Item></Col>
          <Col span={24}><Form.Item name="description" label={t('openings.description')}><Input.TextArea rows={6} maxLength={10000} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="salary_min" label={t('openings.salary_min')}><InputNumber min={0} step={1000} precision={2} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={6}><Form.Item name="salary_max" label={t('openings.salary_max')}><InputNumber min={0} step={1000} precision={2} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="salary_currency" label={t('openings.currency')}><Input maxLength={3} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="closes_on" label={t('openings.closes_on')}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      </Form>
    </Modal>
  );
}

function PipelineView({ openingId, opening, onBack, onOpenApplicant }: { openingId: string; opening?: Opening; onBack: () => void; onOpenApplicant: (id: string) => void }) {
  const { t } = useRecruitmentTranslation();
  const [adding, setAdding] = useState(false);
  const pipeline = useQuery({ queryKey: recruitmentKeys.pipeline(openingId), queryFn: () => recruitmentApi.pipeline(openingId) });
  const o = pipeline.data?.opening ?? opening;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button onClick={onBack}>{t('pipeline.back')}</Button>
          {o && <Typography.Title level={4} style={{ margin: 0 }}>{o.title}</Typography.Title>}
          {o && <Tag color={OPENING_COLOURS[o.status]}>{t(`openings.statuses.${o.status}`)}</Tag>}
          {o?.salary_currency && o.salary_min_minor != null && <Typography.Text type="secondary"><Money minor={o.salary_min_minor} currency={o.salary_currency} />{o.salary_max_minor != null && <> – <Money minor={o.salary_max_minor} currency={o.salary_currency} /></>}</Typography.Text>}
        </Space>
        <Space wrap>
          {o?.status === 'open' && <Typography.Link href={careersUrl(o.public_slug)} target="_blank" rel="noopener">{t('pipeline.public_page')}</Typography.Link>}
          {o && o.status !== 'closed' && <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAdding(true)}>{t('pipeline.add')}</Button>}
        </Space>
      </Space>
      {o?.status === 'draft' && <Alert type="info" showIcon message={t('pipeline.draft_note')} />}
      {pipeline.isError && <Alert type="error" message={t('pipeline.failed')} />}
      <div className="fyn-recruitment-board" role="list" aria-label={t('pipeline.board')} style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}>
        {(pipeline.data?.stages ?? []).map((s) => (
          <Card key={s.id} role="listitem" size="small" style={{ minWidth: 220, flex: '1 0 220px' }} loading={pipeline.isPending}
            title={<Space><span>{s.name}</span><Tag>{s.applicants.length}</Tag></Space>}>
            {s.applicants.length ? (
              <Space direction="vertical" style={{ width: '100%' }}>
                {s.applicants.map((a) => <ApplicantCard key={a.id} applicant={a} onOpen={() => onOpenApplicant(a.id)} />)}
              </Space>
            ) : <Typography.Text type="secondary">{t('pipeline.empty_stage')}</Typography.Text>}
          </Card>
        ))}
      </div>
      <AddApplicant openingId={openingId} open={adding} onClose={() => setAdding(false)} />
    </Space>
  );
}

function ApplicantCard({ applicant: a, onOpen }: { applicant: Applicant; onOpen: () => void }) {
  const { t } = useRecruitmentTranslation();
  return (
    <Card size="small" hoverable onClick={onOpen} role="button" tabIndex={0} aria-label={a.name} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') onOpen(); }}>
      <strong>{a.name}</strong>
      <div><Typography.Text type="secondary">{a.email}</Typography.Text></div>
      <Space size={4} wrap style={{ marginTop: 4 }}>
        <Tag>{t(`sources.${a.source}`)}</Tag>
        {a.cv && <Tag color="blue">{t('applicant.cv')}</Tag>}
        {a.rating != null && <Tag color="gold">{t('applicant.rating_short', { rating: a.rating })}</Tag>}
        {a.status !== 'active' && <Tag color={a.status === 'hired' ? 'success' : 'default'}>{t(`applicant.statuses.${a.status}`)}</Tag>}
        {a.status === 'active' && a.invitation && new Date(a.invitation.expires_at).getTime() > Date.now() && <Tag color="processing">{t('hire.pending_tag')}</Tag>}
      </Space>
    </Card>
  );
}

function AddApplicant({ openingId, open, onClose }: { openingId: string; open: boolean; onClose: () => void }) {
  const { t } = useRecruitmentTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string; email: string; phone?: string; cover_letter?: string }>();
  const [busy, setBusy] = useState(false);
  async function submit(v: { name: string; email: string; phone?: string; cover_letter?: string }) {
    setBusy(true);
    try {
      await recruitmentApi.addApplicant({ opening_id: openingId, ...v });
      feedback().message.success(t('pipeline.added', { name: v.name }));
      void client.invalidateQueries({ queryKey: recruitmentKeys.all });
      onClose();
    } catch (e) {
      showFailure(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={open} title={t('pipeline.add')} okText={t('save')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('pipeline.add_hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="name" label={t('applicant.name')} rules={[{ required: true, message: t('required') }]}><Input maxLength={120} /></Form.Item>
        <Form.Item name="email" label={t('applicant.email')} rules={[{ required: true, type: 'email', message: t('email_invalid') }]}><Input maxLength={254} /></Form.Item>
        <Form.Item name="phone" label={t('applicant.phone')}><Input maxLength={40} /></Form.Item>
        <Form.Item name="cover_letter" label={t('applicant.notes')}><Input.TextArea rows={3} maxLength={5000} /></Form.Item>
      </Form>
    </Modal>
  );
}
