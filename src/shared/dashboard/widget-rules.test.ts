import { describe, expect, it } from 'vitest';
import { isWidgetSequence } from './widget-rules.ts';
import { widgetSequenceSchema } from './widgets.ts';

const SAMPLES: unknown[] = [
  {},
  { crm: 1 },
  { organisationAnalytics: 1, crm: 2, clock: 3, organisationDepartment: 4, weather: 5, calendar: 6, connections: 0 },
  { crm: 1, clock: 1 },
  { crm: 0, clock: 0 },
  { crm: 7 },
  { crm: 8 },
  { crm: -1 },
  { crm: 1.5 },
  { crm: '1' },
  { crm: null },
  { crm: Number.NaN },
  { crm: Number.POSITIVE_INFINITY },
  { nope: 1 },
  { crm: 1, nope: 0 },
  [],
  [1, 2],
  null,
  undefined,
  'crm',
  3,
];

describe('isWidgetSequence', () => {
  it.each(SAMPLES.map((s) => [JSON.stringify(s) ?? String(s), s]))('agrees with the zod schema on %s', (_, sample) => {
    expect(isWidgetSequence(sample)).toBe(widgetSequenceSchema.safeParse(sample).success);
  });
});
