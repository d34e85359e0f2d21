import { textNamespace } from '../../lib/text-namespace.ts';

/** HR's texts (front page, contracts, leave): src/web/locales/<lang>/hr.json. */
const texts = textNamespace('hr', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/hr.json'));
await texts.ready;

export const useHrTranslation = texts.useT;
export const hrT = texts.t;
