import { Button, Empty, Select, Skeleton, Space, Tabs, Tag, Typography, type TabsProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Review } from '#shared/api/performance.ts';
import type { ReviewStatus } from '#shared/hr/performance.ts';
import { DataTable } from '../../components/data-table.tsx';
import { RouteTitle } from '../../components/route-title.tsx';
import { performanceApi, performanceKeys, type ReviewScope } from '../../lib/performance-api.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { usePerformanceTranslation } from './performance-texts.ts';

// The goals panel (its forms) loads when the goals tab is first shown, not with the reviews (issue 22's budget).
const GoalsPanel = lazy(async () => ({ default: (await import('./goals-panel.tsx')).GoalsPanel }));

export const PERFORMANCE_PATH = '/organisation/hr/performance';
export const REVIEW_STATUS_COLOURS: Record<ReviewStatus, string> = { self_review: 'processing', manager_review: 'warning', completed: 'success' };

/**
 * hr/performance: one's reviews and goals, the reviews one does as a manager, and — with `hr.view` —
 * everyone's reviews; `hrTabs` are HR's own (cycles and criteria, composed in web/app).
 */
export function PerformanceScreen({ hrTabs = [] }: { hrTabs?: TabsProps['items'] }) {
  const { t } = usePerformanceTranslation();
  const canHr = useSessionStore((s) => (s.user?.permissions ?? []).includes('hr.view'));
  return (
    <section className="fyn-page">
      <RouteTitle />
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        items={[
          { key: 'mine', label: t('tabs.mine'), children: <Reviews scope="mine" /> },
          { key: 'goals', label: t('tabs.goals'), children: <MyGoals /> },
          { key: 'to_review', label: t('tabs.to_review'), children: <Reviews scope="to_review" /> },
          ...(canHr ? [{ key: 'all', label: t('tabs.all'), children: <Reviews scope="all" /> }] : []),
          ...(hrTabs ?? []),
        ]}
      />
    </section>
  );
}

function Reviews({ scope }: { scope: ReviewScope }) {
  const { t } = usePerformanceTranslation();
  const [cycleId, setCycleId] = useState<string | null>(null);
  const list = useQuery({ queryKey: performanceKeys.reviews(scope, cycleId), queryFn: () => performanceApi.reviews(scope, cycleId) });
  const cycles = useQuery({ queryKey: performanceKeys.cycles, queryFn: performanceApi.cycles, enabled: scope === 'all' });
  const empty = scope === 'mine' ? t('reviews.none_mine') : scope === 'to_review' ? t('reviews.none_to_review') : t('reviews.none');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {scope === 'all' && (
        <Select aria-label={t('reviews.cycle')} style={{ width: 280 }} value={cycleId ?? 'all'} onChange={(v) => setCycleId(v === 'all' ? null : v)}
          options={[{ value: 'all', label: t('reviews.all_cycles') }, ...(cycles.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))]} />
      )}
      <DataTable<Review>
        aria-label={t(`tabs.${scope}`)}
        rows={list.data ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={<Empty description={empty} />}
        columns={[
          ...(scope === 'mine' ? [] : [{ key: 'who', title: t('reviews.employee'), render: (r: Review) => <><div>{r.employee_name}</div><Typography.Text type="secondary">{r.job_title}</Typography.Text></> }]),
          { key: 'cycle', title: t('reviews.cycle'), render: (r) => <>{r.cycle_name}{r.cycle_status === 'closed' && <Tag style={{ marginInlineStart: 8 }}>{t('cycles.status.closed')}</Tag>}</> },
          ...(scope === 'to_review' ? [] : [{ key: 'reviewer', title: t('reviews.reviewer'), render: (r: Review) => r.reviewer_name ?? t('reviews.hr_reviews') }]),
          { key: 'status', title: t('reviews.status_label'), render: (r) => <Tag color={REVIEW_STATUS_COLOURS[r.status]}>{t(`reviews.status.${r.status}`)}</Tag> },
          { key: 'due', title: t('reviews.due'), render: (r) => (r.status === 'self_review' ? r.self_review_due : r.status === 'manager_review' ? r.manager_review_due : null) ?? '' },
          { key: 'score', title: t('reviews.final_score'), align: 'end', render: (r) => r.final_score ?? '' },
          { key: 'open', title: '', align: 'end', render: (r) => <Link to={`${PERFORMANCE_PATH}/${r.id}`}><Button size="small" type={actionable(r, scope) ? 'primary' : 'default'}>{actionable(r, scope) ? t('reviews.write') : t('reviews.open')}</Button></Link> },
        ]}
      />
    </Space>
  );
}

/** Whether the row waits for the one looking at it. */
const actionable = (r: Review, scope: ReviewScope) => r.cycle_status === 'open' && ((scope === 'mine' && r.status === 'self_review') || (scope === 'to_review' && r.status === 'manager_review'));

function MyGoals(): ReactNode {
  const { t } = usePerformanceTranslation();
  const goals = useQuery({ queryKey: performanceKeys.myGoals, queryFn: performanceApi.myGoals });
  // The cycles a goal may go in: those of one's own reviews that are open (the cycle list itself is HR's).
  const reviews = useQuery({ queryKey: performanceKeys.reviews('mine', null), queryFn: () => performanceApi.reviews('mine', null) });
  const open = (reviews.data ?? []).filter((r) => r.cycle_status === 'open').map((r) => ({ id: r.cycle_id, name: r.cycle_name }));
  return (
    <Suspense fallback={<Skeleton active />}>
      <GoalsPanel label={t('tabs.goals')} goals={goals.data ?? []} loading={goals.isFetching} editable cycles={open} cycleId={open[0]?.id ?? null} />
    </Suspense>
  );
}
