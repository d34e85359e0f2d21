import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { evaluate, readEnquiries } from './evaluate.ts';
import { readNumber } from './enquiry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the built-in engine', () => {
  it('reads numbers as people write them', () => {
    expect(['12,500', '12.500', '12,5', '12.5', '1.250,5', '1,250.5', '19 500', '0.450'].map(readNumber)).toEqual(['12500', '12500', '12.5', '12.5', '1250.5', '1250.5', '19500', '0.45']);
  });

  it('has at least 30 enquiries in at least four languages to be measured on', () => {
    const all = readEnquiries();
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((e) => e.lang)).size).toBeGreaterThanOrEqual(4);
  });

  it('keeps its precision and recall on the test e-mails above the floor', async () => {
    const r = await evaluate(t.database);
    if (process.env.AI_EVAL_VERBOSE) {
      console.table(r.fields.map((f) => ({ ...f, precision: f.precision.toFixed(2), recall: f.recall.toFixed(2) })));
      console.table(r.misses);
    }
    // The floor: the figures of the rules as committed, a little under (they may only go up).
    expect(r.overall.precision).toBeGreaterThanOrEqual(FLOOR.precision);
    expect(r.overall.recall).toBeGreaterThanOrEqual(FLOOR.recall);
    for (const f of r.fields) expect({ field: f.field, ok: f.precision >= FLOOR.field || f.tp + f.fp === 0 }).toEqual({ field: f.field, ok: true });
  });
});

// Measured when committed: precision 0.97, recall 0.95 overall; the weakest field's precision 0.88 (destination).
const FLOOR = { precision: 0.95, recall: 0.92, field: 0.85 };
