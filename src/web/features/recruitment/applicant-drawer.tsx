import { Alert, Button, Col, DatePicker, Descriptions, Drawer, Empty, Form, Input, InputNumber, List, Modal, Rate, Result, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ApplicantDetail, HireResult, Interview, Offer } from '#shared/api/recruitment.ts';
import { CONTRACT_TYPES } from '#shared/hr/model.ts';
import { INTERVIEW_KINDS, mayApplicant, mayOffer, OFFER_ACTIONS, RECOMMENDATIONS, type OfferAction } from '#shared/recruitment/model.ts';
import { Money } from '../../components/money.tsx';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { memberOptions } from '../../lib/member-options.ts';
import { cvUrl, recruitmentApi, recruitmentKeys } from '../../lib/recruitment-api.ts';
import { useRecruitmentTranslation } from './recruitment-texts.ts';

const OFFER_COLOURS = { draft: 'default', sent: 'processing', accepted: 'success', declined: 'error', withdrawn: 'default' } as const;

/** One applicant: details and CV, stage, interviews with feedback, offers, and hire. */
export function ApplicantDrawer({ applicantId, onClose }: { applicantId: string | null; onClose: () => void }) {
  const { t, i18n } = useRecruitmentTranslation();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: recruitmentKeys.applicant(applicantId ?? ''), queryFn: () => recruitmentApi.applicant(applicantId!), enabled: Boolean(applicantId) });
  const stages = useQuery({ queryKey: recruitmentKeys.stages, queryFn: recruitmentApi.stages, enabled: Boolean(applicantId) });
  const [scheduling, setScheduling] = useState(false);
  const [recording, setRecording] = useState<Interview | null>(null);
  const [offering, setOffering] = useState(false);
  const [hiring, setHiring] = useState(false);
  const [hired, setHired] = useState<HireResult | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: recruitmentKeys.all });
  const a = detail.data;
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  async function run(work: () => Promise<unknown>, done: string) {
    try {
      await work();
      feedback().message.success(done);
      refresh();
    } catch (e) {
      showFailure(e);
    }
  }
  const accepted = a?.offers.find((o) => o.status === 'accepted');
  const live = a?.offers.some((o) => o.status === 'draft' || o.status === 'sent' || o.status === 'accepted');
  const day = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  // The hire's invitation, while the person has not answered it: the hire waits for them.
  const invitation = a?.status === 'active' ? a.invitation : null;
  const waiting = invitation !== null && invitation !== undefined && new Date(invitation.expires_at).getTime() > Date.now();
  return (
    <Drawer open={Boolean(applicantId)} onClose={() => { setHired(null); onClose(); }} size={720} title={a?.name ?? t('applicant.title')} destroyOnHidden>
      {detail.isPending ? <Skeleton active /> : !a ? <Empty description={t('applicant.not_found')} /> : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {hired && <HireResultView result={hired} name={a.name} email={a.email} day={day} />}
          {!hired && invitation && (waiting ? (
            <Alert type="info" showIcon title={t('hire.pending_title', { name: a.name })} description={t('hire.pending_text', { email: invitation.email, sent: day(invitation.sent_at), expires: day(invitation.expires_at) })} />
          ) : (
            <Alert type="warning" showIcon title={t('hire.expired_title', { date: day(invitation.expires_at) })} description={t('hire.expired_text')} />
          ))}
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('applicant.opening')}>{a.opening_title}</Descriptions.Item>
            <Descriptions.Item label={t('applicant.stage')}><Space><span>{a.stage_name}</span>{a.status !== 'active' && <Tag>{t(`applicant.statuses.${a.status}`)}</Tag>}{waiting && <Tag color="processing">{t('hire.pending_tag')}</Tag>}</Space></Descriptions.Item>
            <Descriptions.Item label={t('applicant.email')}><a href={`mailto:${a.email}`}>{a.email}</a></Descriptions.Item>
            <Descriptions.Item label={t('applicant.phone')}>{a.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('applicant.source')}>{t(`sources.${a.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('applicant.applied')}>{when(a.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('applicant.cv')} span={2}>
              {a.cv ? <Button size="small" href={cvUrl(a.id)}>{t('applicant.download_cv', { name: a.cv.name, size: Math.max(1, Math.round(a.cv.bytes / 1024)) })}</Button> : <Typography.Text type="secondary">{t('applicant.no_cv')}</Typography.Text>}
            </Descriptions.Item>
          </Descriptions>
          {a.cover_letter && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}><Typography.Text strong>{t('applicant.cover_letter')}: </Typography.Text>{a.cover_letter}</Typography.Paragraph>}
          {a.employee_id && <Alert type="success" showIcon title={t('hire.already', { name: a.name })} action={<Link to="/organisation/hr/contracts">{t('hire.to_contracts')}</Link>} />}

          {mayApplicant('move', a.status) && (
            <Space wrap>
              <Select aria-label={t('applicant.move_to')} style={{ minWidth: 200 }} placeholder={t('applicant.move_to')} value={null}
                options={(stages.data ?? []).filter((s) => s.kind === 'active' && s.id !== a.stage_id).map((s) => ({ value: s.id, label: s.name }))}
                onChange={(stageId: string) => run(() => recruitmentApi.move(a.id, stageId), t('applicant.moved'))} />
              <Button danger onClick={() => Modal.confirm({
                title: t('applicant.reject_confirm', { name: a.name }), okText: t('applicant.reject'), okButtonProps: { danger: true },
                onOk: () => run(() => recruitmentApi.reject(a.id, null), t('applicant.rejected')),
              })}>{t('applicant.reject')}</Button>
              <Button type="primary" disabled={!accepted || waiting} title={accepted ? undefined : t('hire.needs_offer')} onClick={() => setHiring(true)}>{invitation && !waiting ? t('hire.resend') : t('hire.button')}</Button>
              {!accepted && <Typography.Text type="secondary">{t('hire.needs_offer')}</Typography.Text>}
            </Space>
          )}

          <Typography.Title level={5} style={{ margin: 0 }}>{t('interviews.title')}</Typography.Title>
          <List<Interview> size="small" dataSource={a.interviews} locale={{ emptyText: t('interviews.none') }}
            renderItem={(i) => (
              <List.Item actions={[
                ...(i.status === 'scheduled' ? [<Button key="record" size="small" onClick={() => setRecording(i)}>{t('interviews.record')}</Button>,
                  <Button key="cancel" size="small" onClick={() => run(() => recruitmentApi.updateInterview(i.id, { status: 'cancelled' }), t('interviews.cancelled'))}>{t('interviews.cancel')}</Button>] : []),
              ]}>
                <List.Item.Meta
                  title={<Space wrap><span>{when(i.scheduled_at)}</span><Tag>{t(`interviews.kinds.${i.kind}`)}</Tag><Tag color={i.status === 'held' ? 'success' : 'default'}>{t(`interviews.statuses.${i.status}`)}</Tag></Space>}
                  description={<>
                    {i.interviewer_name && <div>{t('interviews.with', { name: i.interviewer_name })}</div>}
                    {i.rating != null && <Rate disabled value={i.rating} style={{ fontSize: 14 }} />} {i.recommendation && <Tag>{t(`interviews.recommendations.${i.recommendation}`)}</Tag>}
                    {i.feedback && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{i.feedback}</Typography.Paragraph>}
                  </>}
                />
              </List.Item>
            )} />
          {mayApplicant('interview', a.status) && <Button onClick={() => setScheduling(true)}>{t('interviews.schedule')}</Button>}

          <Typography.Title level={5} style={{ margin: 0 }}>{t('offers.title')}</Typography.Title>
          <List<Offer> size="small" dataSource={a.offers} locale={{ emptyText: t('offers.none') }}
            renderItem={(o) => (
              <List.Item actions={(Object.keys(OFFER_ACTIONS) as OfferAction[]).filter((act) => mayOffer(act, o.status)).map((act) => (
                <Button key={act} size="small" danger={act === 'withdraw' || act === 'decline'} type={act === 'accept' ? 'primary' : 'default'}
                  onClick={() => run(() => recruitmentApi.offerAction(o.id, act), t(`offers.done.${act}`))}>{t(`offers.actions.${act}`)}</Button>
              ))}>
                <List.Item.Meta
                  title={<Space wrap><span>{o.job_title}</span><Tag color={OFFER_COLOURS[o.status]}>{t(`offers.statuses.${o.status}`)}</Tag></Space>}
                  description={<>
                    <div><Money minor={o.salary.amount_minor} currency={o.salary.currency} /> {t(`offers.per.${o.salary.period}`)} · {t(`contract_types.${o.contract_type}`)} · {t('offers.hours', { hours: o.hours_per_week })}</div>
                    <div>{t('offers.starts', { date: o.start_date })} · {t('offers.probation', { months: o.probation_months })} · {t('offers.notice', { days: o.notice_days })}</div>
                  </>}
                />
              </List.Item>
            )} />
          {mayApplicant('offer', a.status) && !live && <Button onClick={() => setOffering(true)}>{t('offers.make')}</Button>}

          <ScheduleInterview applicant={a} open={scheduling} onClose={() => setScheduling(false)} onDone={refresh} />
          <RecordInterview interview={recording} onClose={() => setRecording(null)} onDone={refresh} />
          <MakeOffer applicant={a} open={offering} onClose={() => setOffering(false)} onDone={refresh} />
          <HireDialog applicant={a} open={hiring} onClose={() => setHiring(false)} onDone={(r) => { setHired(r); refresh(); }} />
        </Space>
      )}
    </Drawer>
  );
}

function ScheduleInterview({ applicant, open, onClose, onDone }: { applicant: ApplicantDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useRecruitmentTranslation();
  const [form] = Form.useForm<{ when: Dayjs; interviewer_id?: string; kind: string; duration_minutes: number }>();
  const staff = useQuery({ queryKey: recruitmentKeys.staff, queryFn: recruitmentApi.staff, enabled: open });
  async function submit(v: { when: Dayjs; interviewer_id?: string; kind: string; duration_minutes: number }) {
    try {
      await recruitmentApi.scheduleInterview({ applicant_id: applicant.id, scheduled_at: v.when.toISOString(), interviewer_id: v.interviewer_id ?? null, kind: v.kind as never, duration_minutes: v.duration_minutes });
      feedback().message.success(t('interviews.scheduled'));
      onDone();
      onClose();
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Modal open={open} title={t('interviews.schedule_title', { name: applicant.name })} okText={t('interviews.schedule')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false} initialValues={{ kind: 'video', duration_minutes: 60 }}>
        <Form.Item name="when" label={t('interviews.when')} rules={[{ required: true, message: t('required') }]}><DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="interviewer_id" label={t('interviews.interviewer')}><Select allowClear showSearch optionFilterProp="label" options={memberOptions(staff.data)} /></Form.Item>
        <Row gutter={12}>
          <Col span={12}><Form.Item name="kind" label={t('interviews.kind')}><Select options={INTERVIEW_KINDS.map((k) => ({ value: k, label: t(`interviews.kinds.${k}`) }))} /></Form.Item></Col>
          <Col span={12}><Form.Item name="duration_minutes" label={t('interviews.duration')}><InputNumber min={5} max={480} step={15} style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      </Form>
    </Modal>
  );
}

function RecordInterview({ interview, onClose, onDone }: { interview: Interview | null; onClose: () => void; onDone: () => void }) {
  const { t } = useRecruitmentTranslation();
  const [form] = Form.useForm<{ feedback: string; rating: number; recommendation: string }>();
  async function submit(v: { feedback: string; rating: number; recommendation: string }) {
    if (!interview) return;
    try {
      await recruitmentApi.updateInterview(interview.id, { status: 'held', feedback: v.feedback, rating: v.rating, recommendation: v.recommendation });
      feedback().message.success(t('interviews.recorded'));
      onDone();
      onClose();
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Modal open={interview !== null} title={t('interviews.record_title')} okText={t('save')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="feedback" label={t('interviews.feedback')} rules={[{ required: true, message: t('required') }]}><Input.TextArea rows={5} maxLength={5000} /></Form.Item>
        <Form.Item name="rating" label={t('interviews.rating')} rules={[{ required: true, message: t('required') }]}><Rate /></Form.Item>
        <Form.Item name="recommendation" label={t('interviews.recommendation')} rules={[{ required: true, message: t('required') }]}>
          <Select options={RECOMMENDATIONS.map((r) => ({ value: r, label: t(`interviews.recommendations.${r}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type OfferValues = { job_title: string; contract_type: (typeof CONTRACT_TYPES)[number]; start: Dayjs; amount: number; currency: string; period: 'month' | 'year'; hours_per_week: number; probation_months: number; notice_days: number };

function MakeOffer({ applicant, open, onClose, onDone }: { applicant: ApplicantDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useRecruitmentTranslation();
  const [form] = Form.useForm<OfferValues>();
  async function submit(v: OfferValues) {
    try {
      await recruitmentApi.makeOffer({
        applicant_id: applicant.id, job_title: v.job_title, contract_type: v.contract_type, start_date: v.start.format('YYYY-MM-DD'),
        // Typed in major units, sent in minor units.
        salary: { amount_minor: Math.round(v.amount * 100), currency: v.currency.toUpperCase(), period: v.period },
        hours_per_week: String(v.hours_per_week), probation_months: v.probation_months, notice_days: v.notice_days,
      });
      feedback().message.success(t('offers.made'));
      onDone();
      onClose();
    } catch (e) {
      showFailure(e);
    }
  }
  return (
    <Modal open={open} title={t('offers.make_title', { name: applicant.name })} okText={t('offers.make')} onOk={() => form.submit()} onCancel={onClose} width={680} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('offers.hint')}</Typography.Paragraph>
      <Form<OfferValues> form={form} layout="vertical" onFinish={submit} preserve={false}
        initialValues={{ job_title: applicant.opening_title, contract_type: 'permanent', currency: 'GBP', period: 'year', hours_per_week: 37.5, probation_months: 3, notice_days: 30 }}>
        <Row gutter={12}>
          <Col xs={24} md={16}><Form.Item name="job_title" label={t('offers.job_title')} rules={[{ required: true, message: t('required') }]}><Input maxLength={120} /></Form.Item></Col>
          <Col xs={24} md={8}><Form.Item name="contract_type" label={t('offers.contract_type')}><Select options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contract_types.${c}`) }))} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="start" label={t('offers.start')} rules={[{ required: true, message: t('required') }]}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={8}><Form.Item name="amount" label={t('offers.salary')} rules={[{ required: true, message: t('required') }]}><InputNumber min={0} step={500} precision={2} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="currency" label={t('openings.currency')} rules={[{ required: true, pattern: /^[A-Za-z]{3}$/, message: t('required') }]}><Input maxLength={3} /></Form.Item></Col>
          <Col xs={12} md={4}><Form.Item name="period" label={t('offers.period')}><Select options={[{ value: 'year', label: t('offers.per.year') }, { value: 'month', label: t('offers.per.month') }]} /></Form.Item></Col>
          <Col xs={8}><Form.Item name="hours_per_week" label={t('offers.hours_label')}><InputNumber min={1} max={80} step={0.5} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={8}><Form.Item name="probation_months" label={t('offers.probation_label')}><InputNumber min={0} max={24} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={8}><Form.Item name="notice_days" label={t('offers.notice_label')}><InputNumber min={0} max={365} style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
      </Form>
    </Modal>
  );
}

function HireDialog({ applicant, open, onClose, onDone }: { applicant: ApplicantDetail; open: boolean; onClose: () => void; onDone: (r: HireResult) => void }) {
  const { t } = useRecruitmentTranslation();
  const [form] = Form.useForm<{ department_id?: string | null; manager_id?: string | null; role_id?: string | null }>();
  const staff = useQuery({ queryKey: recruitmentKeys.staff, queryFn: recruitmentApi.staff, enabled: open });
  const departments = useQuery({ queryKey: recruitmentKeys.departments, queryFn: recruitmentApi.departments, enabled: open });
  const roles = useQuery({ queryKey: recruitmentKeys.roles, queryFn: recruitmentApi.roles, enabled: open });
  const offer = applicant.offers.find((o) => o.status === 'accepted');
  const { submit, busy } = useSubmit(
    (v: { department_id?: string | null; manager_id?: string | null; role_id?: string | null }) =>
      recruitmentApi.hire(applicant.id, { ...(v.department_id !== undefined && { department_id: v.department_id ?? null }), ...(v.manager_id !== undefined && { manager_id: v.manager_id ?? null }), ...(v.role_id && { role_id: v.role_id }) }),
    {
      onSuccess: (result) => {
        onDone(result);
        onClose();
      },
    },
  );
  return (
    <Modal open={open} title={t('hire.title', { name: applicant.name })} okText={t('hire.button')} onOk={() => form.submit()} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>{t('hire.explain', { email: applicant.email })}</Typography.Paragraph>
      {offer && <Typography.Paragraph type="secondary">{t('hire.from_offer', { title: offer.job_title, date: offer.start_date })}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="department_id" label={t('hire.department')} extra={t('hire.default_hint')}><Select allowClear options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))} /></Form.Item>
        <Form.Item name="manager_id" label={t('hire.manager')} extra={t('hire.default_hint')}><Select allowClear showSearch optionFilterProp="label" options={memberOptions(staff.data)} /></Form.Item>
        <Form.Item name="role_id" label={t('hire.role')} extra={t('hire.role_hint')}><Select allowClear options={(roles.data ?? []).filter((r) => r.builtin !== 'owner').map((r) => ({ value: r.id, label: r.name }))} /></Form.Item>
      </Form>
    </Modal>
  );
}

function HireResultView({ result, name, email, day }: { result: HireResult; name: string; email: string; day: (iso: string) => string }) {
  const { t } = useRecruitmentTranslation();
  const navigate = useNavigate();
  // Buttons that navigate (a link around a button is two controls in one for assistive technology).
  const toStaff = <Button key="staff" onClick={() => navigate('/organisation/control-centre/staff')}>{t('hire.to_staff')}</Button>;
  if (result.status === 'invited') {
    return <Result status="success" title={t('hire.invited_title', { name })} subTitle={t('hire.invited_text', { email, date: result.expires_at ? day(result.expires_at) : '' })} extra={[toStaff]} />;
  }
  return (
    <Result status="success" title={t('hire.done_title', { name })} subTitle={t('hire.done_member')}
      extra={[<Button key="contract" type="primary" onClick={() => navigate('/organisation/hr/contracts')}>{t('hire.to_contracts')}</Button>, toStaff]} />
  );
}
