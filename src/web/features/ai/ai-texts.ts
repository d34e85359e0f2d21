import { textNamespace } from '../../lib/text-namespace.ts';

/** The AI credits page's texts and the assistant's: src/web/locales/<lang>/ai.json. */
const texts = textNamespace('ai', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/ai.json'));
await texts.ready;

export const useAiTranslation = texts.useT;
export const aiT = texts.t;
