import { describe, expect, it } from 'vitest';
import { defaultWidgets, moveWidget, sequenceFromWidgets, setWidgetVisible, widgetsFromSequence } from './widgets.ts';

const keys = (ws: { key: string; visible: boolean }[]) => ws.filter((w) => w.visible).map((w) => w.key);

describe('widget sequence rules', () => {
  it('defaults to the six titled widgets in spec order, analytics spanning one column', () => {
    const ws = defaultWidgets();
    expect(keys(ws)).toEqual(['organisationAnalytics', 'crm', 'clock', 'organisationDepartment', 'weather', 'calendar']);
    expect(ws.find((w) => w.key === 'organisationAnalytics')!.colSpan).toBe(1);
    expect(ws.filter((w) => w.colSpan !== undefined)).toHaveLength(1);
    expect(sequenceFromWidgets(ws)).toEqual({ organisationAnalytics: 1, crm: 2, clock: 3, organisationDepartment: 4, weather: 5, calendar: 6, connections: 0 });
  });

  it('falls back to the defaults for a malformed sequence', () => {
    for (const bad of [null, 'x', [], {}, { crm: 'a' }, { stocks: 1 }, { crm: 1, clock: 1 }, { crm: -1 }, { crm: 1.5 }]) {
      expect(widgetsFromSequence(bad)).toEqual(defaultWidgets());
    }
  });

  it('restores a saved order, hides zeros and widgets the sequence does not know', () => {
    const ws = widgetsFromSequence({ calendar: 1, crm: 3, clock: 0, weather: 2 });
    expect(keys(ws)).toEqual(['calendar', 'weather', 'crm']);
    expect(ws.filter((w) => !w.visible).every((w) => w.position === 0)).toBe(true);
    expect(sequenceFromWidgets(ws)).toMatchObject({ calendar: 1, weather: 2, crm: 3, clock: 0, organisationAnalytics: 0 });
  });

  it('moves and shows/hides widgets, keeping positions 1…n', () => {
    let ws = moveWidget(defaultWidgets(), 'calendar', 'organisationAnalytics');
    expect(keys(ws).slice(0, 2)).toEqual(['calendar', 'organisationAnalytics']);
    ws = setWidgetVisible(ws, 'crm', false);
    expect(keys(ws)).not.toContain('crm');
    ws = setWidgetVisible(ws, 'connections', true);
    expect(keys(ws).at(-1)).toBe('connections');
    expect(ws.filter((w) => w.visible).map((w) => w.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(widgetsFromSequence(sequenceFromWidgets(ws))).toEqual(ws);
  });
});
