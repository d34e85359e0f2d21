import { textNamespace } from '../../lib/text-namespace.ts';

/** Performance reviews' texts (cycles, reviews, goals): src/web/locales/<lang>/performance.json. */
const texts = textNamespace('performance', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/performance.json'));
await texts.ready;

export const usePerformanceTranslation = texts.useT;
export const performanceT = texts.t;
