/**
 * The CRM at size on PostgreSQL (the built server in its own process): the rate search among
 * 1 000 000 buy rates, the quote list of one organisation with 100 000 quotes (first page and pages
 * by cursor), and a pipeline board of 5 000 deals.
 */
import pg from 'pg';
import { loginCookie, mark, pct, withDemoOnPostgres } from './support.ts';

const RATES = Number(process.env.BENCH_CRM_RATES ?? 1_000_000);
const QUOTES = Number(process.env.BENCH_CRM_QUOTES ?? 100_000);
const DEALS = Number(process.env.BENCH_CRM_DEALS ?? 5_000);
const TARGET_MS = { search: 100, quotes: 100, board: 300 };
const PORTS = ['CNSHA', 'CNNGB', 'CNSZX', 'HKHKG', 'SGSIN', 'KRPUS', 'JPTYO', 'INNSA', 'AEJEA', 'NLRTM', 'BEANR', 'DEHAM', 'GBFXT', 'GBSOU', 'GBLHR', 'ESVLC', 'ITGOA', 'PLGDN', 'USNYC', 'BRSSZ'];


async function timed(base: string, cookie: string, path: string) {
  const s = performance.now();
  const res = await fetch(base + path, { headers: { cookie } });
  const body = (await res.json()) as { data?: unknown; meta?: { next_cursor?: string | null } };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - s, body };
}

async function fill(db: pg.Client, orgId: string, ownerId: string) {
  const ports = `array[${PORTS.map((p) => `'${p}'`).join(',')}]`;
  const modes = `array['sea_fcl','sea_lcl','air','road_ftl','road_ltl','rail']`;
  const charges = JSON.stringify([{ charge_code_id: null, description: 'Freight', basis: 'per_shipment', currency: 'USD', amount_minor: 100000, minimum_minor: null, breaks: [] }]);
  for (let s = 1; s <= RATES; s += 100_000) {
    await db.query(
      `insert into buy_rates (organisation_id, id, carrier, mode, origin, destination, equipment, valid_from, valid_until, transit_days, charges)
       select $1, md5('r' || i)::uuid, 'Carrier ' || (i % 97), (${modes})[1 + i % 6], (${ports})[1 + (i / 6) % ${PORTS.length}], (${ports})[1 + (i / 120) % ${PORTS.length}],
              case when i % 6 = 0 then '45G1' end, current_date - (i % 400), current_date - (i % 400) + 30 + (i % 60), 20, $4::jsonb
         from generate_series($2::int, $3::int) i`,
      [orgId, s, Math.min(RATES, s + 99_999), charges],
    );
  }
  const [{ id: client }] = (await db.query<{ id: string }>(`select id from native_organisations where organisation_id = $1 limit 1`, [orgId])).rows;
  for (let s = 1; s <= QUOTES; s += 50_000) {
    await db.query(
      `insert into quotes (organisation_id, id, number, status, client_type, client_id, client_name, mode, origin, destination, currency, quote_date, valid_until,
                           weight_kg, volume_cbm, chargeable_weight_kg, revenue_tonnes, sell_minor, buy_minor, margin_minor, margin_pct, created_at, updated_at, owner_user_id)
       select $1, md5('q' || i)::uuid, 'B-' || i, (array['draft','sent','accepted','declined','expired','cancelled'])[1 + i % 6], 'native_organisation', $4, 'Client ' || (i % 500),
              (${modes})[1 + i % 6], (${ports})[1 + i % ${PORTS.length}], (${ports})[1 + (i / 7) % ${PORTS.length}], 'GBP', current_date, current_date + 30,
              '1000', '2', '1000', '2', 100000 + i, 80000 + i, 20000, '20', now() - (i || ' minutes')::interval, now(), $5
         from generate_series($2::int, $3::int) i`,
      [orgId, s, Math.min(QUOTES, s + 49_999), client, ownerId],
    );
  }
  const [{ id: pipeline }] = (await db.query<{ id: string }>(`select id from pipelines where organisation_id = $1 and kind = 'connection' limit 1`, [orgId])).rows;
  const stages = (await db.query<{ id: string }>(`select id from pipeline_stages where organisation_id = $1 and pipeline_id = $2 order by position`, [orgId, pipeline])).rows.map((r) => r.id);
  await db.query(
    `insert into deals (organisation_id, id, pipeline_id, stage_id, title, value_minor, currency, position)
     select $1, md5('d' || i)::uuid, $2, ($3::uuid[])[1 + i % ${stages.length}], 'Deal ' || i, 100000 + i * 7, (array['GBP','EUR','USD'])[1 + i % 3], i / ${stages.length}
       from generate_series(1, ${DEALS}) i`,
    [orgId, pipeline, stages],
  );
  await db.query('analyze buy_rates; analyze quotes; analyze deals');
  return pipeline;
}

export async function crmBench() {
  await withDemoOnPostgres('CRM at size', async ({ server, db, ownerId, orgId }) => {
    const t0 = performance.now();
    const pipeline = await fill(db, orgId, ownerId);
    console.log(`\nCRM at size (PostgreSQL, one node): ${RATES.toLocaleString('en')} buy rates, ${QUOTES.toLocaleString('en')} quotes and ${DEALS.toLocaleString('en')} deals of one organisation (filled in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    const cookie = await loginCookie(server.base, 'owner@demo.fyn.local', 'FynDemo!2026');

    const search: number[] = [];
    for (let i = 0; i < 60; i++) {
      const o = PORTS[i % PORTS.length];
      const d = PORTS[(i * 7 + 3) % PORTS.length];
      const mode = ['sea_fcl', 'sea_lcl', 'air', 'road_ftl', 'road_ltl', 'rail'][i % 6];
      search.push((await timed(server.base, cookie, `/api/rates/search?origin=${o}&destination=${d}&mode=${mode}&weight_kg=1200&volume_cbm=6&equipment=45G1&containers=2`)).ms);
    }
    console.log(`  GET /api/rates/search (60 lanes)            p50 ${pct(search, 50).toFixed(1).padStart(7)} ms   p99 ${pct(search, 99).toFixed(1).padStart(7)} ms   target p99 ≤ ${TARGET_MS.search} ms: ${mark(pct(search, 99) <= TARGET_MS.search)}`);

    const first: number[] = [];
    for (let i = 0; i < 40; i++) first.push((await timed(server.base, cookie, '/api/quotes?limit=25')).ms);
    const deeper: number[] = [];
    for (let walk = 0; walk < 3; walk++) {
      let cursor: string | null | undefined = null;
      for (let page = 0; page < 20; page++) {
        const r = await timed(server.base, cookie, `/api/quotes?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        deeper.push(r.ms);
        cursor = r.body.meta?.next_cursor;
        if (!cursor) break;
      }
    }
    const byStatus: number[] = [];
    for (let i = 0; i < 20; i++) byStatus.push((await timed(server.base, cookie, '/api/quotes?limit=25&status=accepted')).ms);
    const listP99 = Math.max(pct(first, 99), pct(deeper, 99), pct(byStatus, 99));
    console.log(`  GET /api/quotes, first page (40×)           p50 ${pct(first, 50).toFixed(1).padStart(7)} ms   p99 ${pct(first, 99).toFixed(1).padStart(7)} ms`);
    console.log(`  GET /api/quotes, pages 1–20 by cursor (3×)  p50 ${pct(deeper, 50).toFixed(1).padStart(7)} ms   p99 ${pct(deeper, 99).toFixed(1).padStart(7)} ms`);
    console.log(`  GET /api/quotes?status=accepted (20×)       p50 ${pct(byStatus, 50).toFixed(1).padStart(7)} ms   p99 ${pct(byStatus, 99).toFixed(1).padStart(7)} ms   target p99 ≤ ${TARGET_MS.quotes} ms: ${mark(listP99 <= TARGET_MS.quotes)}`);

    const board: number[] = [];
    for (let i = 0; i < 20; i++) board.push((await timed(server.base, cookie, `/api/pipelines/${pipeline}/board`)).ms);
    console.log(`  GET /api/pipelines/:id/board, ${DEALS} deals   p50 ${pct(board, 50).toFixed(1).padStart(7)} ms   p99 ${pct(board, 99).toFixed(1).padStart(7)} ms   target p99 ≤ ${TARGET_MS.board} ms: ${mark(pct(board, 99) <= TARGET_MS.board)}`);
  });
}
