import { textNamespace } from '../../lib/text-namespace.ts';

/** The recruitment hub's texts (openings, pipeline, applicants, hire, the public careers page): src/web/locales/<lang>/recruitment.json. */
const texts = textNamespace('recruitment', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/recruitment.json'));
await texts.ready;

export const useRecruitmentTranslation = texts.useT;
export const recruitmentT = texts.t;
