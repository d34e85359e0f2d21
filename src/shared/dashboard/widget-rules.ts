/**
 * Dashboard widget rules without zod (the browser's first page loads them: zod stays off it).
 * The zod schemas of the same rules, for the API, are in widgets.ts.
 */

/** Dashboard widget keys of docs/product.md#widgets, in their default order. */
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
  /** i18n key of the title (docs/product.md#widgets: Analytics, CRM, Clock, Department, Weather, Calendar). */
  titleKey: string;
  visible: boolean;
  /** Columns the widget spans; only analytics declares one (docs/product.md#widgets: 1). */
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
export type WidgetSequence = Partial<Record<WidgetKey, number>>;

/**
 * The same rule as `widgetSequenceSchema` (widgets.ts), written out: an object whose keys are
 * widget keys and whose values are whole numbers from 0 to the number of widgets, with no two
 * visible widgets at one position. A test holds the two together.
 */
export function isWidgetSequence(value: unknown): value is WidgetSequence {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys: readonly string[] = WIDGET_KEYS;
  const shown: number[] = [];
  for (const [key, position] of Object.entries(value)) {
    if (!keys.includes(key)) return false;
    if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position > WIDGET_KEYS.length) {
      return false;
    }
    if (position > 0) shown.push(position);
  }
  return new Set(shown).size === shown.length;
}

/**
 * The widgets a saved sequence describes, visible ones in position order, then hidden ones.
 * A missing or malformed sequence gives the defaults (docs/product.md#saving-the-layout); a key the sequence does not
 * mention (a widget added since) is hidden.
 */
export function widgetsFromSequence(sequence: unknown): Widget[] {
  if (!isWidgetSequence(sequence) || Object.keys(sequence).length === 0) return defaultWidgets();
  const seq = sequence;
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
