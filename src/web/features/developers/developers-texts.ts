import { textNamespace } from '../../lib/text-namespace.ts';

/** The developer page's texts (API keys, webhooks, quick start): src/web/locales/<lang>/developers.json. */
const texts = textNamespace('developers', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/developers.json'));
await texts.ready;

export const useDevelopersTranslation = texts.useT;
