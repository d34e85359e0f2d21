import { textNamespace } from '../../lib/text-namespace.ts';

/**
 * The control centre's texts (record types, fields, staff, roles, permissions): their own namespace,
 * src/web/locales/<lang>/control-centre.json (lib/text-namespace.ts).
 */
const texts = textNamespace('control-centre', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/control-centre.json'));
await texts.ready;

export const CC_NS = texts.ns;
export const useCcTranslation = texts.useT;
export const ccT = texts.t;
