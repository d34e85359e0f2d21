import { Alert, Button, Card, Popconfirm, Space, Statistic, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mayCycle, type CycleStatus } from '#shared/hr/performance.ts';
import { feedback, showFailure } from '../../lib/feedback.ts';
import { performanceApi, performanceKeys } from '../../lib/performance-api.ts';
import { usePerformanceTranslation } from './performance-texts.ts';

export const CYCLE_STATUS_COLOURS: Record<CycleStatus, string> = { draft: 'default', open: 'processing', closed: 'success' };

/**
 * One review cycle for HR: its status, the criteria's weights total (it opens at exactly 100), how
 * far its reviews are, opening and closing it; `criteria` is the list of its criteria (composed in web/app).
 */
export function CyclePanel({ cycleId, criteria }: { cycleId: string; criteria: ReactNode }) {
  const { t } = usePerformanceTranslation();
  const client = useQueryClient();
  const cycle = useQuery({ queryKey: performanceKeys.cycle(cycleId), queryFn: () => performanceApi.cycle(cycleId) });
  const c = cycle.data;
  async function act(action: 'open' | 'close') {
    try {
      client.setQueryData(performanceKeys.cycle(cycleId), await performanceApi.cycleAction(cycleId, action));
      void client.invalidateQueries({ queryKey: performanceKeys.all });
      feedback().message.success(t(`cycles.done.${action}`));
    } catch (e) {
      showFailure(e);
    }
  }
  if (!c) return null;
  const weightsOk = c.weight_total === '100' && c.criteria > 0;
  return (
    <Card size="small" title={<Space>{c.name}<Tag color={CYCLE_STATUS_COLOURS[c.status]}>{t(`cycles.status.${c.status}`)}</Tag></Space>}
      extra={
        <Space>
          {mayCycle('open', c.status) && (
            <Popconfirm title={t('cycles.open_confirm')} onConfirm={() => act('open')} disabled={!weightsOk}>
              <Button type="primary" disabled={!weightsOk}>{t('cycles.open')}</Button>
            </Popconfirm>
          )}
          {mayCycle('close', c.status) && <Popconfirm title={t('cycles.close_confirm')} onConfirm={() => act('close')}><Button>{t('cycles.close')}</Button></Popconfirm>}
        </Space>
      }>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space size={32} wrap>
          <Statistic title={t('cycles.weights_total')} value={c.weight_total} suffix="/ 100" valueStyle={{ color: weightsOk ? undefined : 'var(--ant-color-error)' }} />
          <Statistic title={t('reviews.status.self_review')} value={c.reviews.self_review} />
          <Statistic title={t('reviews.status.manager_review')} value={c.reviews.manager_review} />
          <Statistic title={t('reviews.status.completed')} value={c.reviews.completed} />
        </Space>
        {c.status === 'draft' && !weightsOk && (
          <Alert type="warning" showIcon title={c.criteria > 0 ? t('cycles.weights_must_add_up', { total: c.weight_total }) : t('cycles.no_criteria')} />
        )}
        {c.status !== 'draft' && <Typography.Text type="secondary">{t('cycles.criteria_fixed')}</Typography.Text>}
        {criteria}
      </Space>
    </Card>
  );
}
