import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { RecruitmentHub } from '../features/recruitment/recruitment-hub-screen.tsx';

// The stages' list (the record list screen and the stages' descriptor) loads when its tab is first
// shown, not with the hub's openings (issue 22's budget).
const RecruitmentStages = lazy(async () => ({ default: (await import('./recruitment-stages.tsx')).RecruitmentStages }));

/** /recruitment-hub (composed here): the hub, with the organisation's stages as a plain list of records. */
export function RecruitmentHubScreen() {
  return <RecruitmentHub stages={<Suspense fallback={<Skeleton active />}><RecruitmentStages /></Suspense>} />;
}
