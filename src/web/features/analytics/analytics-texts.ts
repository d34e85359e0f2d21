import { textNamespace } from '../../lib/text-namespace.ts';

/** The analytics pages' texts: src/web/locales/<lang>/analytics.json. */
const texts = textNamespace('analytics', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/analytics.json'));
await texts.ready;

export const useAnalyticsTranslation = texts.useT;
