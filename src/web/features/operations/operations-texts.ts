import { textNamespace } from '../../lib/text-namespace.ts';

/** The operations texts (bookings, shipments, tracking, exceptions, tasks, documents): src/web/locales/<lang>/operations.json. */
const texts = textNamespace('operations', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/operations.json'));
await texts.ready;

export const useOperationsTranslation = texts.useT;
export const operationsT = texts.t;
