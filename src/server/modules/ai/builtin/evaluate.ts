import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Decimal } from '#shared/money/decimal.ts';
import type { Database } from '../../../db/client.ts';
import { searchLocations } from '../../locations/routes.ts';
import { extractEnquiry, type Extraction, type PlaceLookup } from './enquiry.ts';

/**
 * The built-in engine measured on the enquiry e-mails written for it (testdata/enquiries.json, each
 * with the fields a person would fill beside it): field by field, precision (what it filled that
 * is right) and recall (what it should fill that it filled right). `npm run bench` prints them;
 * enquiry.test.ts holds them to a floor.
 */
export type Enquiry = {
  id: string; lang: string; received: string; text: string;
  expected: { mode: string | null; origin: string | null; destination: string | null; incoterm: string | null; equipment: { iso_type: string; count: number }[]; packages: number | null; gross_weight_kg: string | null; volume_cbm: string | null; ready_date: string | null; commodity: string | null };
};
export const SCORED = ['mode', 'origin', 'destination', 'incoterm', 'equipment', 'packages', 'gross_weight_kg', 'volume_cbm', 'ready_date', 'commodity'] as const;
export type Scored = (typeof SCORED)[number];

export const readEnquiries = (): Enquiry[] => JSON.parse(readFileSync(fileURLToPath(new URL('../testdata/enquiries.json', import.meta.url)), 'utf8'));

const sum = (values: (string | number | null)[]) => {
  const present = values.filter((v): v is string | number => v !== null && v !== undefined);
  return present.length ? present.reduce<Decimal>((a, v) => a.plus(String(v)), new Decimal('0')).toString() : null;
};

/** The scored fields of an extraction, in the form of the expected ones. */
export function scoredOf(x: Extraction): Record<Scored, string | null> {
  const f = x.fields;
  const eq = f.equipment.map((e) => `${e.iso_type}:${e.count}`).sort().join(',');
  return {
    mode: f.mode, origin: f.origin?.code ?? null, destination: f.destination?.code ?? null, incoterm: f.incoterm,
    equipment: eq || null,
    packages: sum(f.cargo.map((c) => c.packages)),
    gross_weight_kg: sum(f.cargo.map((c) => c.gross_weight_kg)),
    volume_cbm: sum(f.cargo.map((c) => c.volume_cbm)),
    ready_date: f.ready_date,
    commodity: f.commodity?.trim().toLowerCase() ?? null,
  };
}
export function expectedOf(e: Enquiry['expected']): Record<Scored, string | null> {
  const eq = e.equipment.map((x) => `${x.iso_type}:${x.count}`).sort().join(',');
  const num = (v: string | number | null) => (v === null ? null : new Decimal(String(v)).toString());
  return {
    mode: e.mode, origin: e.origin, destination: e.destination, incoterm: e.incoterm, equipment: eq || null,
    packages: num(e.packages), gross_weight_kg: num(e.gross_weight_kg), volume_cbm: num(e.volume_cbm), ready_date: e.ready_date,
    commodity: e.commodity?.trim().toLowerCase() ?? null,
  };
}

export type FieldScore = { field: Scored; tp: number; fp: number; fn: number; precision: number; recall: number };
export type Misses = { id: string; field: Scored; expected: string | null; got: string | null }[];

/** The product's location search as the engine uses it: the best match for the function, else any. */
export const placeLookup = (database: Database): PlaceLookup => async (q, fn, country) => {
  const [hit] = await searchLocations(database, { q, fn: fn ?? undefined, country, limit: 1 });
  if (!hit) return null;
  const [row] = await database.query<{ search_name: string }>('select search_name from locations where code = $1', [hit.code]);
  return { code: hit.code, name: hit.name, country: hit.country, functions: hit.functions, names: row?.search_name ?? '' };
};

export async function evaluate(database: Database, enquiries = readEnquiries()): Promise<{ fields: FieldScore[]; overall: { precision: number; recall: number }; misses: Misses; ms: number }> {
  const tally = new Map(SCORED.map((f) => [f, { tp: 0, fp: 0, fn: 0 }]));
  const misses: Misses = [];
  const place = placeLookup(database);
  const started = performance.now();
  for (const e of enquiries) {
    const got = scoredOf(await extractEnquiry(e.text, { now: new Date(`${e.received}T09:00:00Z`), place }));
    const want = expectedOf(e.expected);
    for (const f of SCORED) {
      const t = tally.get(f)!;
      const right = got[f] !== null && got[f] === want[f];
      if (right) t.tp++;
      if (got[f] !== null && !right) t.fp++;
      if (want[f] !== null && !right) t.fn++;
      if (got[f] !== want[f]) misses.push({ id: e.id, field: f, expected: want[f], got: got[f] });
    }
  }
  const ms = performance.now() - started;
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const fields = SCORED.map((field) => {
    const t = tally.get(field)!;
    return { field, ...t, precision: ratio(t.tp, t.tp + t.fp), recall: ratio(t.tp, t.tp + t.fn) };
  });
  const all = [...tally.values()].reduce((a, t) => ({ tp: a.tp + t.tp, fp: a.fp + t.fp, fn: a.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  return { fields, overall: { precision: ratio(all.tp, all.tp + all.fp), recall: ratio(all.tp, all.tp + all.fn) }, misses, ms };
}
