import { recruitmentStages } from '#shared/resources/recruitment.ts';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';
import { RecruitmentHub } from '../features/recruitment/recruitment-hub-screen.tsx';

/** /recruitment-hub (composed here): the hub, with the organisation's stages as a plain list of records. */
export function RecruitmentHubScreen() {
  return <RecruitmentHub stages={<ResourcePage descriptor={recruitmentStages} />} />;
}
