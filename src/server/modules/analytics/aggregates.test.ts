import { afterAll, beforeAll, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { people } from '../../test/people.ts';

/**
 * The pre-aggregate (analytics_daily) is moved by triggers in the transaction of each change; here
 * random shipments are written, edited, cancelled, re-rated, given containers and deleted, the
 * organisation's base currency and delay margin change, and after every step the aggregate must
 * equal, exactly, a recomputation from the shipments' rows (fyn_analytics_daily_of), as must each
 * shipment's facts. SEED=<n> replays a run.
 */
let t: TestApp;
const who = people(() => t);
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => t?.close());

const seed = Number(process.env.SEED ?? Date.now() % 1_000_000);
let state = seed;
/** mulberry32: a small seeded generator, so that a failing run can be replayed. */
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const between = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));

it(`keeps the pre-aggregate equal to a recomputation from the rows (seed ${seed})`, async () => {
  const o = await who.owner();
  const org = o.orgId;
  const sql = (text: string, params: unknown[] = []) => t.database.query(text, params);
  const members = [o.userId, (await o.join(o.role('staff'))).userId, null];
  const ids: string[] = [];
  const day = () => `2026-${String(between(1, 11)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`;
  const charges = () => JSON.stringify(Array.from({ length: between(0, 3) }, () => ({
    quoted_sell_minor: between(0, 500_000), quoted_buy_minor: between(0, 400_000),
    actual_sell_minor: random() < 0.3 ? between(0, 500_000) : null, actual_buy_minor: random() < 0.3 ? between(0, 400_000) : null, payment: 'prepaid',
  })));
  const rate = () => (random() < 0.2 ? [null, null, null] : pick([['GBP', '1', '1'], ['GBP', '0.85', '1'], ['GBP', '1.1684', '0.87058'], ['EUR', '1', '0.85']]));
  let n = 0;
  const steps: Record<string, () => Promise<unknown>> = {
    async insert() {
      const id = uuidv7();
      n += 1;
      const [base, times, per] = rate();
      await sql(`insert into shipments (organisation_id, id, number, house_ref, mode, status, client_type, client_id, client_name, origin, destination, carrier, currency, charges, packages,
          etd, eta, eta_planned, ata, owner_user_id, created_at, fx_base, fx_times, fx_per, fx_rate, fx_rate_date, fx_source)
        values ($1, $2, $3, $3, $4, $5, null, null, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13::date, $14::date, $14::date, $15::timestamptz, $16, $17::date, $18, $19::numeric, $20::numeric, $19::text, $17::date, $21)`, [
        org, id, `S-${n}`, pick(['sea_fcl', 'sea_lcl', 'air', 'road_ftl']), pick(['booked', 'in_transit', 'arrived', 'delivered']), pick(['Harrogate Ltd', 'Pennine plc', 'TVE GmbH']),
        pick(['CNSHA', 'CNNGB']), pick(['GBFXT', 'GBSOU']), pick([null, 'MSC', 'Maersk']), pick(['GBP', 'USD', 'EUR', 'JPY', 'BHD']), charges(),
        JSON.stringify(random() < 0.5 ? [{ packages: between(1, 20), length_cm: '120', width_cm: '80', height_cm: String(between(50, 200)), weight_kg: String(between(10, 900)) }] : []),
        random() < 0.8 ? day() : null, day(), random() < 0.5 ? `${day()}T${String(between(0, 23)).padStart(2, '0')}:00:00Z` : null, pick(members), day(), base, times, per, base ? pick(['manual', 'ecb']) : null,
      ]);
      ids.push(id);
    },
    async charges() { if (ids.length) await sql(`update shipments set charges = $2::jsonb where id = $1`, [pick(ids), charges()]); },
    async cancel() { if (ids.length) await sql(`update shipments set status = 'cancelled' where id = $1`, [pick(ids)]); },
    async reopen() { if (ids.length) await sql(`update shipments set status = 'booked' where id = $1`, [pick(ids)]); },
    async rerate() {
      if (!ids.length) return;
      const [base, times, per] = rate();
      await sql(`update shipments set fx_base = $2, fx_times = $3::numeric, fx_per = $4::numeric, fx_rate = $3::text where id = $1`, [pick(ids), base, times, per]);
    },
    async move() { if (ids.length) await sql(`update shipments set eta = $2::date, etd = $3::date, created_at = $4::date, owner_user_id = $5, carrier = $6 where id = $1`, [pick(ids), day(), random() < 0.5 ? null : day(), day(), pick(members), pick([null, 'MSC', 'CMA CGM'])]); },
    async container() {
      if (ids.length) await sql(`insert into shipment_containers (organisation_id, id, shipment_id, number, iso_type) values ($1, $2, $3, $4, $5)`, [org, uuidv7(), pick(ids), `MSCU${between(100000, 999999)}${between(0, 9)}`, pick(['22G1', '42G1', '45G1', 'L5G1'])]);
    },
    async uncontainer() { await sql(`delete from shipment_containers where id = (select id from shipment_containers where organisation_id = $1 order by random() limit 1)`, [org]); },
    async remove() {
      if (!ids.length) return;
      const id = ids.splice(Math.floor(random() * ids.length), 1)[0];
      await sql(`delete from shipment_containers where shipment_id = $1`, [id]);
      await sql(`delete from shipments where id = $1`, [id]);
    },
    async base() {
      const next = pick(['GBP', 'EUR', 'USD']);
      await sql(`update organisation_currencies set is_base = false where organisation_id = $1`, [org]);
      const [row] = await sql(`update organisation_currencies set is_base = true where organisation_id = $1 and currency = $2 returning id`, [org, next]);
      if (!row) await sql(`insert into organisation_currencies (organisation_id, id, currency, is_base) values ($1, $2, $3, true)`, [org, uuidv7(), next]);
    },
    async margin() { await sql(`insert into operation_settings (organisation_id, webhook_secret, eta_margin_hours) values ($1, 'x', $2) on conflict (organisation_id) do update set eta_margin_hours = excluded.eta_margin_hours`, [org, between(0, 72)]); },
  };
  const weights: [string, number][] = [['insert', 30], ['charges', 12], ['cancel', 6], ['reopen', 4], ['rerate', 8], ['move', 10], ['container', 8], ['uncontainer', 3], ['remove', 4], ['base', 2], ['margin', 2]];
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const stored = () => sql(`select * from analytics_daily where organisation_id = $1 order by basis, day, mode, origin, destination, client_key, salesperson_id, carrier`, [org]);
  const recomputed = () => sql(`select * from fyn_analytics_daily_of($1) order by basis, day, mode, origin, destination, client_key, salesperson_id, carrier`, [org]);
  const normal = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)])));
  for (let step = 0; step < 150; step++) {
    let r = random() * total;
    const [name] = weights.find(([, w]) => (r -= w) < 0) ?? weights[0];
    await steps[name]();
    if (step % 10 === 9 || name === 'base' || name === 'margin') {
      expect(normal(await stored()), `after step ${step} (${name}), seed ${seed}`).toEqual(normal(await recomputed()));
      // The roll-up equals the daily rows rolled up, row for row (numbers compared by value).
      const [diff] = await sql(`select (select count(*) from (select * from analytics_rollup where organisation_id = $1 except select * from fyn_analytics_rollup_of($1)) x)::int as extra,
        (select count(*) from (select * from fyn_analytics_rollup_of($1) except select * from analytics_rollup where organisation_id = $1) y)::int as missing`, [org]) as { extra: number; missing: number }[];
      expect(diff, `roll-up after step ${step} (${name}), seed ${seed}`).toEqual({ extra: 0, missing: 0 });
      const facts = await sql(`select count(*)::int as n from analytics_shipment_facts f where organisation_id = $1
        and not exists (select 1 from fyn_analytics_compute($1, f.shipment_id) c where row(c.*)::text = row(f.*)::text)`, [org]) as { n: number }[];
      expect(facts[0].n, `facts after step ${step}, seed ${seed}`).toBe(0);
    }
  }
  const [{ n: count }] = await sql(`select count(*)::int as n from analytics_daily where organisation_id = $1`, [org]) as { n: number }[];
  expect(count).toBeGreaterThan(0);
  const [{ n: rolled }] = await sql(`select count(*)::int as n from analytics_rollup where organisation_id = $1 and dim = 'day'`, [org]) as { n: number }[];
  expect(rolled).toBeGreaterThan(0);
}, 600_000);

it('leaves the pre-aggregate untouched when a change keeps a shipment’s facts, so it never waits on the shared day-totals row for nothing', async () => {
  const o = await who.owner();
  const sql = (text: string, params: unknown[] = []) => t.database.query(text, params);
  const id = uuidv7();
  await sql(`insert into shipments (organisation_id, id, number, house_ref, mode, status, client_name, origin, destination, carrier, currency, charges, etd, eta, eta_planned, owner_user_id, created_at)
    values ($1, $2, 'S-1', 'S-1', 'sea_fcl', 'booked', 'Harrogate Ltd', 'CNSHA', 'GBFXT', 'MSC', 'GBP', $3::jsonb, '2026-10-02', '2026-11-01', '2026-11-01', $4, '2026-10-01')`,
  [o.orgId, id, JSON.stringify([{ quoted_sell_minor: 100_000, quoted_buy_minor: 80_000, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' }]), o.userId]);
  // Row versions (xmin) tell whether a row was written at all, not only whether its sums moved.
  const versions = () => sql(`select xmin::text as v, basis, dim, day::text, key, revenue_minor::text from analytics_rollup where organisation_id = $1
    union all select xmin::text, basis, 'daily', day::text, client_key, revenue_minor::text from analytics_daily where organisation_id = $1
    union all select xmin::text, '', 'facts', '', shipment_id::text, revenue_minor::text from analytics_shipment_facts where organisation_id = $1 order by 2, 3, 4, 5`, [o.orgId]);
  const before = await versions();
  expect(before.length).toBe(3 * 7 + 1);
  await sql(`update shipments set status = 'in_transit' where id = $1`, [id]);
  expect(await versions()).toEqual(before);
  // A change of the figures still moves them, in the same transaction.
  await sql(`update shipments set charges = $2::jsonb where id = $1`, [id, JSON.stringify([{ quoted_sell_minor: 120_000, quoted_buy_minor: 80_000, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' }])]);
  const after = await versions();
  expect(after.filter((r) => (r as { dim: string }).dim === 'day').map((r) => (r as { revenue_minor: string }).revenue_minor)).toEqual(['120000', '120000', '120000']);
  expect(after.every((r, i) => (r as { v: string }).v !== (before[i] as { v: string }).v)).toBe(true);
}, 120_000);
