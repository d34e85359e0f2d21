import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { reviewCycles } from '#shared/resources/performance.ts';
import { useCcTranslation } from '../features/control-centre/cc-texts.ts';
import { PerformanceScreen } from '../features/performance/performance-screen.tsx';
import { useSessionStore } from '../lib/session-store.ts';

// HR's cycles tab (the record list screen, the cycle panel) loads when first shown (issue 22's budget).
const Cycles = lazy(async () => ({ default: (await import('./review-cycles.tsx')).Cycles }));

/** hr/performance (composed here): everyone's reviews and goals; for HR, the cycles with their criteria, opened and closed. */
export function HrPerformanceScreen() {
  const { t: cc } = useCcTranslation();
  const canHr = useSessionStore((s) => (s.user?.permissions ?? []).includes('hr.view'));
  return <PerformanceScreen hrTabs={canHr ? [{ key: 'cycles', label: cc(reviewCycles.titleKey), children: <Suspense fallback={<Skeleton active />}><Cycles /></Suspense> }] : []} />;
}
