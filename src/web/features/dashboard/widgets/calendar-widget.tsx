import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';

const CalendarMonth = lazy(async () => ({ default: (await import('./calendar-month.tsx')).CalendarMonth }));

export function CalendarWidget() {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
      <CalendarMonth />
    </Suspense>
  );
}
