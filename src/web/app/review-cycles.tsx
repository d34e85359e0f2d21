import { Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { reviewCriteria, reviewCycles } from '#shared/resources/performance.ts';
import type { CycleStatus } from '#shared/hr/performance.ts';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { CYCLE_STATUS_COLOURS, CyclePanel } from '../features/performance/cycle-panel.tsx';
import { usePerformanceTranslation } from '../features/performance/performance-texts.ts';

/** hr/performance's cycles tab (HR): the review cycles as records, and a chosen cycle's criteria. */
export function Cycles() {
  const { t } = usePerformanceTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ResourcePage
        descriptor={reviewCycles}
        intro={<Typography.Text type="secondary">{t('cycles.intro')}</Typography.Text>}
        rowActions={(row) => (
          <Space size={4}>
            <Tag color={CYCLE_STATUS_COLOURS[row.status as CycleStatus]}>{t(`cycles.status.${String(row.status)}`)}</Tag>
            <Typography.Link onClick={() => setChosen(String(row.id))}>{t('cycles.criteria')}</Typography.Link>
          </Space>
        )}
      />
      {chosen && <CyclePanel key={chosen} cycleId={chosen} criteria={<ResourcePage descriptor={reviewCriteria} fixed={{ cycle_id: chosen }} />} />}
    </Space>
  );
}
