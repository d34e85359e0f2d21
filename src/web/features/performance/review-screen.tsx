import { Alert, Button, Card, Descriptions, Input, Popconfirm, Rate, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Rating, ReviewDetail } from '#shared/api/performance.ts';
import { weightedScore, weightTotal, type Rater } from '#shared/hr/performance.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { performanceApi, performanceKeys } from '../../lib/performance-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { GoalsPanel } from './goals-panel.tsx';
import { REVIEW_STATUS_COLOURS } from './performance-screen.tsx';
import { usePerformanceTranslation } from './performance-texts.ts';

type Draft = { ratings: Record<string, number>; notes: Record<string, string>; comment: string };
const draftOf = (ratings: Rating[], comment: string | null): Draft => ({
  ratings: Object.fromEntries(ratings.map((r) => [r.criterion_id, r.rating])),
  notes: Object.fromEntries(ratings.map((r) => [r.criterion_id, r.comment ?? ''])),
  comment: comment ?? '',
});

/**
 * hr/performance/{id}: one review — the cycle's criteria with their weights, the employee's and the
 * manager's ratings and comments, saving and submitting for whoever may act now, the final score
 * once completed, and the employee's goals of the cycle.
 */
export function ReviewScreen() {
  const { id = '' } = useParams();
  const { t } = usePerformanceTranslation();
  const review = useQuery({ queryKey: performanceKeys.review(id), queryFn: () => performanceApi.review(id) });
  const r = review.data;
  return (
    <section className="fyn-page">
      <RouteTitle />
      {!r ? (review.isError ? <Alert type="error" showIcon title={t('review.not_found')} /> : <Skeleton active />) : <ReviewBody r={r} />}
    </section>
  );
}

function ReviewBody({ r }: { r: ReviewDetail }) {
  const { t } = usePerformanceTranslation();
  const client = useQueryClient();
  const by: Rater | null = r.may.self ? 'self' : r.may.manager ? 'manager' : null;
  const me = useSessionStore((s) => s.user?.id ?? null);
  const hrUpdates = useSessionStore((s) => (s.user?.permissions ?? []).includes('hr.update'));
  // The employee, their reviewer (their manager) and HR set the goals.
  const mayWriteGoals = hrUpdates || (me !== null && (me === r.employee_user_id || me === r.reviewer_id));
  const [draft, setDraft] = useState<Draft>(() => (by === 'manager' ? draftOf(r.manager_ratings, r.manager_comment) : draftOf(r.self_ratings, r.self_comment)));
  useEffect(() => {
    setDraft(by === 'manager' ? draftOf(r.manager_ratings, r.manager_comment) : draftOf(r.self_ratings, r.self_comment));
  }, [r, by]);
  const rated = (list: Rating[]) => new Map(list.map((x) => [x.criterion_id, x]));
  const self = rated(r.self_ratings);
  const manager = rated(r.manager_ratings);
  const preview = by === 'manager' ? weightedScore(r.criteria.map((c) => ({ weight: c.weight, rating: draft.ratings[c.id] }))) : null;
  const complete = r.criteria.every((c) => draft.ratings[c.id]);

  const { submit: rate, busy } = useSubmit(
    ({ rater, submit }: { rater: Rater; submit: boolean }) => {
      const ratings = r.criteria.filter((c) => draft.ratings[c.id]).map((c) => ({ criterion_id: c.id, rating: draft.ratings[c.id], comment: draft.notes[c.id]?.trim() || null }));
      return performanceApi.rate(r.id, rater, { ratings, comment: draft.comment.trim() || null, submit });
    },
    {
      success: (_next, { rater, submit }) => (submit ? t(rater === 'self' ? 'review.submitted_self' : 'review.submitted_manager') : t('review.saved')),
      onSuccess: (next) => {
        client.setQueryData(performanceKeys.review(r.id), next);
        void client.invalidateQueries({ queryKey: performanceKeys.all });
      },
    },
  );
  const save = (submit: boolean) => by && rate({ rater: by, submit });

  const ratingCell = (c: ReviewDetail['criteria'][number], who: Rater, stored: Map<string, Rating>) => {
    if (by === who) {
      return (
        <Space orientation="vertical" size={4}>
          <Rate count={r.rating_scale_max} value={draft.ratings[c.id] ?? 0} aria-label={t('review.rate', { criterion: c.name })}
            onChange={(v) => setDraft((d) => ({ ...d, ratings: { ...d.ratings, [c.id]: v } }))} />
          <Input size="small" placeholder={t('review.note')} aria-label={t('review.note_for', { criterion: c.name })} maxLength={1000} value={draft.notes[c.id] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, notes: { ...d.notes, [c.id]: e.target.value } }))} />
        </Space>
      );
    }
    const x = stored.get(c.id);
    if (!x) return <Typography.Text type="secondary">{who === 'manager' && r.manager_ratings_hidden ? t('review.hidden') : '—'}</Typography.Text>;
    return (
      <Space orientation="vertical" size={0}>
        <span><Rate disabled count={r.rating_scale_max} value={x.rating} /> <Typography.Text>{`${x.rating} / ${r.rating_scale_max}`}</Typography.Text></span>
        {x.comment && <Typography.Text type="secondary">{x.comment}</Typography.Text>}
      </Space>
    );
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap align="center" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap align="center">
          <Typography.Title level={2} style={{ margin: 0 }}>{r.employee_name}</Typography.Title>
          <Tag color={REVIEW_STATUS_COLOURS[r.status]}>{t(`reviews.status.${r.status}`)}</Tag>
          {r.cycle_status === 'closed' && <Tag>{t('cycles.status.closed')}</Tag>}
        </Space>
        {r.status === 'completed' && r.final_score && <Statistic title={t('reviews.final_score')} value={r.final_score} suffix={`/ ${r.rating_scale_max}`} />}
      </Space>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} items={[
        { key: 'cycle', label: t('reviews.cycle'), children: `${r.cycle_name} (${r.period_start} → ${r.period_end})` },
        { key: 'job', label: t('review.job_title'), children: r.job_title },
        { key: 'reviewer', label: t('reviews.reviewer'), children: r.reviewer_name ?? t('reviews.hr_reviews') },
        { key: 'self_due', label: t('review.self_due'), children: r.self_review_due ?? '—' },
        { key: 'manager_due', label: t('review.manager_due'), children: r.manager_review_due ?? '—' },
        { key: 'scale', label: t('review.scale'), children: t('review.scale_value', { max: r.rating_scale_max }) },
      ]} />
      {r.cycle_status === 'closed' && <Alert type="info" showIcon title={t('review.closed')} />}
      {by === 'self' && <Alert type="info" showIcon title={t('review.self_help')} />}
      {by === 'manager' && <Alert type="info" showIcon title={t('review.manager_help')} />}
      {!by && r.status === 'self_review' && !r.may.self && r.cycle_status === 'open' && <Alert type="warning" showIcon title={t('review.waiting_self')} />}
      {r.manager_ratings_hidden && r.status === 'manager_review' && <Alert type="info" showIcon title={t('review.waiting_manager')} />}

      <Card size="small" title={t('review.criteria')} extra={<Typography.Text type="secondary">{t('review.weights_total', { total: weightTotal(r.criteria.map((c) => c.weight)) })}</Typography.Text>}>
        <DataTable<ReviewDetail['criteria'][number]>
          aria-label={t('review.criteria')}
          rows={r.criteria}
          rowKey={(c) => c.id}
          columns={[
            { key: 'name', title: t('review.criterion'), render: (c) => <><Typography.Text strong>{c.name}</Typography.Text>{c.description && <div><Typography.Text type="secondary">{c.description}</Typography.Text></div>}</> },
            { key: 'weight', title: t('review.weight'), align: 'end', render: (c) => `${c.weight} %` },
            { key: 'self', title: t('review.self_rating'), render: (c) => ratingCell(c, 'self', self) },
            { key: 'manager', title: t('review.manager_rating'), render: (c) => ratingCell(c, 'manager', manager) },
          ]}
        />
        {preview && <Typography.Paragraph style={{ marginTop: 12 }}>{t('review.score_preview', { score: preview })}</Typography.Paragraph>}
      </Card>

      <Card size="small" title={t('review.comments')}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <div>
            <Typography.Text strong>{t('review.self_comment')}</Typography.Text>
            {by === 'self'
              ? <Input.TextArea aria-label={t('review.self_comment')} rows={4} maxLength={4000} value={draft.comment} onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))} />
              : <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.self_comment ?? '—'}</Typography.Paragraph>}
          </div>
          <div>
            <Typography.Text strong>{t('review.manager_comment')}</Typography.Text>
            {by === 'manager'
              ? <Input.TextArea aria-label={t('review.manager_comment')} rows={4} maxLength={4000} value={draft.comment} onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))} />
              : <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{r.manager_ratings_hidden ? t('review.hidden') : r.manager_comment ?? '—'}</Typography.Paragraph>}
          </div>
          {by && (
            <Space wrap>
              <Button onClick={() => save(false)} loading={busy}>{t('review.save')}</Button>
              <Popconfirm title={t(by === 'self' ? 'review.submit_self_confirm' : 'review.submit_manager_confirm')} onConfirm={() => save(true)} disabled={!complete}>
                <Button type="primary" disabled={!complete} loading={busy}>{t(by === 'self' ? 'review.submit_self' : 'review.submit_manager')}</Button>
              </Popconfirm>
              {!complete && <Typography.Text type="secondary">{t('review.rate_all')}</Typography.Text>}
            </Space>
          )}
        </Space>
      </Card>

      <Card size="small" title={t('review.goals')}>
        <GoalsPanel label={t('review.goals')} goals={r.goals} editable={r.cycle_status === 'open' && mayWriteGoals} employeeId={r.employee_id} cycleId={r.cycle_id} />
      </Card>
    </Space>
  );
}
