import { z } from 'zod';

/** Dashboard widget keys of spec §3, in their default order. */
export const WIDGET_KEYS = [
  'organisationAnalytics',
  'crm',
  'clock',
  'organisationDepartment',
  'weather',
  'calendar',
  'connections',
] as const;
export type WidgetKey = (typeof WIDGET_KEYS)[number];

/** `{ key: position }` with 0 for a hidden widget; positions of visible widgets start at 1. */
export const widgetSequenceSchema = z
  .record(z.enum(WIDGET_KEYS), z.number().int().min(0).max(WIDGET_KEYS.length))
  .refine((seq) => {
    const shown = Object.values(seq).filter((p) => p > 0);
    return new Set(shown).size === shown.length;
  }, 'widget_positions_unique');
export type WidgetSequence = z.infer<typeof widgetSequenceSchema>;

export const widgetPositionsBody = z.object({ widget_sequence: widgetSequenceSchema });
