import { z } from 'zod';
import { WIDGET_KEYS } from './widget-rules.ts';

// The rules themselves live in widget-rules.ts (no zod, for the browser's first page); they are
// exported here too, next to the API schemas of the same rules.
export * from './widget-rules.ts';

/** `{ key: position }` with 0 for a hidden widget; positions of visible widgets are distinct, from 1. */
export const widgetSequenceSchema = z
  .partialRecord(z.enum(WIDGET_KEYS), z.number().int().min(0).max(WIDGET_KEYS.length))
  .refine((seq) => {
    const shown = Object.values(seq).filter((p) => p > 0);
    return new Set(shown).size === shown.length;
  }, 'widget_positions_unique');

export const widgetPositionsBody = z.object({ widget_sequence: widgetSequenceSchema });

