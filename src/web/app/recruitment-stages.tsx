import { recruitmentStages } from '#shared/resources/recruitment.ts';
import { ResourcePage } from '../features/control-centre/resource-page.tsx';

/** The recruitment hub's stages tab: the organisation's stages as a plain list of records. */
export function RecruitmentStages() {
  return <ResourcePage descriptor={recruitmentStages} />;
}
