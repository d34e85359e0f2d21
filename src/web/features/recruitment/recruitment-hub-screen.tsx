import { Alert, Button, Card, Empty, Result, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Applicant, Opening } from '#shared/api/recruitment.ts';
import { mayOpening, OPENING_STATUSES } from '#shared/recruitment/model.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Money } from '../../components/money.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { SoftBreaks } from '../../components/soft-breaks.tsx';
import { isApiFailure } from '../../lib/api-failure.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { careersUrl, recruitmentApi, recruitmentKeys } from '../../lib/recruitment-api.ts';
import { useRecruitmentTranslation } from './recruitment-texts.ts';

// The opening and applicant forms and the applicant's drawer load when first opened, not with the hub (issue 22's budget).
const OpeningForm = lazy(async () => ({ default: (await import('./recruitment-dialogs.tsx')).OpeningForm }));
const AddApplicant = lazy(async () => ({ default: (await import('./recruitment-dialogs.tsx')).AddApplicant }));
const ApplicantDrawer = lazy(async () => ({ default: (await import('./applicant-drawer.tsx')).ApplicantDrawer }));

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
  // Once opened, the drawer stays mounted (it animates closed rather than vanishing).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (applicantId && !drawerUsed) setDrawerUsed(true);
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
      {(applicantId || drawerUsed) && (
        <Suspense fallback={null}>
          <ApplicantDrawer applicantId={applicantId} onClose={() => set('applicant', null)} />
        </Suspense>
      )}
    </section>
  );
}

function OpeningsList({ openings, loading, onOpen }: { openings: Opening[]; loading: boolean; onOpen: (id: string) => void }) {
  const { t } = useRecruitmentTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Opening | 'new' | null>(null);
  const [formUsed, setFormUsed] = useState(false);
  if (editing !== null && !formUsed) setFormUsed(true);
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
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
      {formUsed && (
        <Suspense fallback={null}>
          <OpeningForm editing={editing} onClose={() => setEditing(null)} onDone={refresh} />
        </Suspense>
      )}
    </Space>
  );
}

function PipelineView({ openingId, opening, onBack, onOpenApplicant }: { openingId: string; opening?: Opening; onBack: () => void; onOpenApplicant: (id: string) => void }) {
  const { t } = useRecruitmentTranslation();
  const [adding, setAdding] = useState(false);
  const [addUsed, setAddUsed] = useState(false);
  if (adding && !addUsed) setAddUsed(true);
  const pipeline = useQuery({ queryKey: recruitmentKeys.pipeline(openingId), queryFn: () => recruitmentApi.pipeline(openingId) });
  const o = pipeline.data?.opening ?? opening;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
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
      {o?.status === 'draft' && <Alert type="info" showIcon title={t('pipeline.draft_note')} />}
      {pipeline.isError && <Alert type="error" title={t('pipeline.failed')} />}
      <div className="fyn-recruitment-board" role="list" aria-label={t('pipeline.board')} style={{ display: 'flex', gap: 12, overflowX: 'auto', paddingBottom: 8 }}>
        {(pipeline.data?.stages ?? []).map((s) => (
          <Card key={s.id} role="listitem" size="small" style={{ minWidth: 220, flex: '1 0 220px' }} loading={pipeline.isPending}
            title={<Space><span>{s.name}</span><Tag>{s.applicants.length}</Tag></Space>}>
            {s.applicants.length ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {s.applicants.map((a) => <ApplicantCard key={a.id} applicant={a} onOpen={() => onOpenApplicant(a.id)} />)}
              </Space>
            ) : <Typography.Text type="secondary">{t('pipeline.empty_stage')}</Typography.Text>}
          </Card>
        ))}
      </div>
      {addUsed && (
        <Suspense fallback={null}>
          <AddApplicant openingId={openingId} open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </Space>
  );
}

function ApplicantCard({ applicant: a, onOpen }: { applicant: Applicant; onOpen: () => void }) {
  const { t } = useRecruitmentTranslation();
  return (
    <Card size="small" hoverable onClick={onOpen} role="button" tabIndex={0} aria-label={a.name} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') onOpen(); }}>
      <strong>{a.name}</strong>
      <div><Typography.Text type="secondary"><SoftBreaks text={a.email} /></Typography.Text></div>
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
