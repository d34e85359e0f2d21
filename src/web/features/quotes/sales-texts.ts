import { textNamespace } from '../../lib/text-namespace.ts';

/** The CRM's texts (quotes, bookings, the client's quote page): src/web/locales/<lang>/sales.json. */
const texts = textNamespace('sales', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/sales.json'));
await texts.ready;

export const useSalesTranslation = texts.useT;
export const salesT = texts.t;
