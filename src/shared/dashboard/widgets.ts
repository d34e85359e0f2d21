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

export type Widget = {
  key: WidgetKey;
  /** i18n key of the title (spec §3: Analytics, CRM, Clock, Department, Weather, Calendar). */
  titleKey: string;
  visible: boolean;
  /** Columns the widget spans; only analytics declares one (spec §3: 1). */
  colSpan?: number;
  position: number;
};

/** The default dashboard: the six titled widgets in spec order; connections hidden. */
export function defaultWidgets(): Widget[] {
  return [
    { key: 'organisationAnalytics', titleKey: 'dashboard.widgets.organisationAnalytics', visible: true, colSpan: 1, position: 1 },
    { key: 'crm', titleKey: 'dashboard.widgets.crm', visible: true, position: 2 },
    { key: 'clock', titleKey: 'dashboard.widgets.clock', visible: true, position: 3 },
    { key: 'organisationDepartment', titleKey: 'dashboard.widgets.organisationDepartment', visible: true, position: 4 },
    { key: 'weather', titleKey: 'dashboard.widgets.weather', visible: true, position: 5 },
    { key: 'calendar', titleKey: 'dashboard.widgets.calendar', visible: true, position: 6 },
    { key: 'connections', titleKey: 'dashboard.widgets.connections', visible: false, position: 0 },
  ];
}

/** `{ key: position }` with 0 for a hidden widget; positions of visible widgets are distinct, from 1. */
export const widgetSequenceSchema = z
  .partialRecord(z.enum(WIDGET_KEYS), z.number().int().min(0).max(WIDGET_KEYS.length))
  .refine((seq) => {
    const shown = Object.values(seq).filter((p) => p > 0);
    return new Set(shown).size === shown.length;
  }, 'widget_positions_unique');
export type WidgetSequence = z.infer<typeof widgetSequenceSchema>;

export const widgetPositionsBody = z.object({ widget_sequence: widgetSequenceSchema });

/**
 * The widgets a saved sequence describes, visible ones in position order, then hidden ones.
 * A missing or malformed sequence gives the defaults (spec §5); a key the sequence does not
 * mention (a widget added since) is hidden.
 */
export function widgetsFromSequence(sequence: unknown): Widget[] {
  const parsed = widgetSequenceSchema.safeParse(sequence);
  if (!parsed.success || Object.keys(parsed.data).length === 0) return defaultWidgets();
  const seq = parsed.data;
  const widgets = defaultWidgets().map((w) => ({ ...w, position: seq[w.key] ?? 0, visible: (seq[w.key] ?? 0) > 0 }));
  return normaliseWidgets(widgets);
}

/** Visible widgets first, in position order, renumbered 1…n; hidden ones after, position 0. */
export function normaliseWidgets(widgets: Widget[]): Widget[] {
  const shown = widgets.filter((w) => w.visible).sort((a, b) => a.position - b.position);
  const hidden = widgets.filter((w) => !w.visible);
  return [...shown.map((w, i) => ({ ...w, position: i + 1 })), ...hidden.map((w) => ({ ...w, position: 0 }))];
}

/** The sequence saved for a list of widgets: every key, 0 when hidden. */
export function sequenceFromWidgets(widgets: Widget[]): WidgetSequence {
  return Object.fromEntries(normaliseWidgets(widgets).map((w) => [w.key, w.position])) as WidgetSequence;
}

/** Moves a visible widget to the place of another (drag and drop, or keyboard). */
export function moveWidget(widgets: Widget[], from: WidgetKey, to: WidgetKey): Widget[] {
  const shown = normaliseWidgets(widgets).filter((w) => w.visible);
  const i = shown.findIndex((w) => w.key === from);
  const j = shown.findIndex((w) => w.key === to);
  if (i < 0 || j < 0 || i === j) return normaliseWidgets(widgets);
  const [moved] = shown.splice(i, 1);
  shown.splice(j, 0, moved);
  const order = new Map(shown.map((w, k) => [w.key, k + 1]));
  return normaliseWidgets(widgets.map((w) => (order.has(w.key) ? { ...w, position: order.get(w.key)! } : w)));
}

/** Shows or hides a widget; a widget shown again goes to the end. */
export function setWidgetVisible(widgets: Widget[], key: WidgetKey, visible: boolean): Widget[] {
  const end = Math.max(0, ...widgets.map((w) => w.position)) + 1;
  return normaliseWidgets(widgets.map((w) => (w.key === key ? { ...w, visible, position: visible ? end : 0 } : w)));
}
