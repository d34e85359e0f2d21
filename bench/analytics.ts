/**
 * Analytics at size (issue 23): the summary of a year grouped by month and a drill-down page, read
 * from the pre-aggregate and the facts, on PostgreSQL with 1 000 000 shipments over three years
 * (targets p99 < 150 ms and < 100 ms) and on the embedded default with 100 000 (p99 < 400 ms).
 * The shipments are generated in the database with the analytics trigger off, then the organisation's
 * facts and aggregate are built once (`fyn_analytics_rebuild`), as a migration of old data would.
 */
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import type { Config } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { importReferenceData } from '../src/server/modules/reference-data.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/server/modules/demo/seed.ts';
import { loginCookie, mark, onCleanup, pct, withDemoOnPostgres } from './support.ts';

/**
 * The sizes of the targets (1 000 000 on PostgreSQL, 100 000 embedded) take tens of minutes to generate and
 * aggregate on a shared machine: opt in with BENCH_ANALYTICS_AT_SIZE=1; by default `npm run bench` runs the
 * same measurements over 50 000 and 10 000. BENCH_ANALYTICS_SHIPMENTS and BENCH_ANALYTICS_EMBEDDED set either.
 */
const AT_SIZE = process.env.BENCH_ANALYTICS_AT_SIZE === '1';
const PG_SHIPMENTS = Number(process.env.BENCH_ANALYTICS_SHIPMENTS ?? (AT_SIZE ? 1_000_000 : 50_000));
const EMBEDDED_SHIPMENTS = Number(process.env.BENCH_ANALYTICS_EMBEDDED ?? (AT_SIZE ? 100_000 : 10_000));
const PORTS = ['CNSHA', 'CNNGB', 'CNSZX', 'HKHKG', 'SGSIN', 'KRPUS', 'NLRTM', 'DEHAM', 'GBFXT', 'GBSOU', 'USNYC', 'BRSSZ'];

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** `count` shipments of one organisation over the three years to today, in 50 000-row statements. */
export async function fill(query: Query, orgId: string, ownerId: string, count: number) {
  const ports = `array[${PORTS.map((p) => `'${p}'`).join(',')}]`;
  await query('alter table shipments disable trigger shipments_analytics');
  for (let s = 1; s <= count; s += 50_000) {
    await query(
      `insert into shipments (organisation_id, id, number, house_ref, mode, status, client_name, origin, destination, carrier, currency, charges, etd, eta, eta_planned, ata, owner_user_id, created_at, updated_at)
       select $1, md5('a' || i)::uuid, 'BA-' || i, 'BAH-' || i, (array['sea_fcl','sea_lcl','air','road_ftl'])[1 + i % 4], 'delivered', 'Client ' || (i % 400),
              (${ports})[1 + i % ${PORTS.length}], (${ports})[1 + (i / 13) % ${PORTS.length}], 'Carrier ' || (i % 12), (array['GBP','USD','EUR'])[1 + i % 3],
              jsonb_build_array(jsonb_build_object('quoted_sell_minor', 100000 + i % 5000, 'quoted_buy_minor', 80000 + i % 4000, 'actual_sell_minor', null, 'actual_buy_minor', null, 'payment', 'prepaid')),
              now() - make_interval(days => i % 1095) + interval '3 days', now() - make_interval(days => i % 1095) + interval '30 days',
              now() - make_interval(days => i % 1095) + interval '30 days', now() - make_interval(days => i % 1095) + make_interval(days => 30, hours => i % 40),
              $4, now() - make_interval(days => i % 1095), now()
         from generate_series($2::int, $3::int) i`,
      [orgId, s, Math.min(count, s + 49_999), ownerId],
    );
  }
  await query('alter table shipments enable trigger shipments_analytics');
  await query('select fyn_analytics_rebuild($1)', [orgId]);
  for (const table of ['shipments', 'analytics_daily', 'analytics_rollup', 'analytics_shipment_facts']) await query(`analyze ${table}`);
}

export async function measure(base: string, label: string, ownerId: string, target: { summary: number; rows: number }) {
  const cookie = await loginCookie(base, DEMO_USERS[0].email, DEMO_PASSWORD);
  const year = new Date().getUTCFullYear() - 1;
  const get = async (path: string) => {
    const s = performance.now();
    const res = await fetch(base + path, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer();
    return performance.now() - s;
  };
  const summary: number[] = [];
  const filtered: number[] = [];
  const byClient: number[] = [];
  const bySalesperson: number[] = [];
  const rows: number[] = [];
  for (let i = 0; i < 30; i++) summary.push(await get(`/api/analytics/summary?from=${year}-01-01&to=${year}-12-31&group=month`));
  for (let i = 0; i < 20; i++) filtered.push(await get(`/api/analytics/summary?from=${year}-01-01&to=${year}-12-31&group=week&origin=${PORTS[i % PORTS.length]}`));
  // The filters the page offers most (issue 23: filtered summaries were slow at size): one client, one salesperson.
  for (let i = 0; i < 20; i++) byClient.push(await get(`/api/analytics/summary?from=${year}-01-01&to=${year}-12-31&group=month&client=${encodeURIComponent(`name:client ${i * 7}`)}`));
  for (let i = 0; i < 20; i++) bySalesperson.push(await get(`/api/analytics/summary?from=${year}-01-01&to=${year}-12-31&group=month&salesperson=${ownerId}`));
  // Drill-downs of six months, five pages each, walked by keyset (next_cursor) as the page does.
  for (let month = 1; month <= 6; month++) {
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const path: string = `/api/analytics/rows?from=${year}-01-01&to=${year}-12-31&group=month&bucket=${year}-${String(month * 2).padStart(2, '0')}-01&metric=revenue&per_page=50${cursor ? `&cursor=${cursor}` : ''}`;
      const s = performance.now();
      const res: Response = await fetch(base + path, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      cursor = ((await res.json()) as { meta: { next_cursor: string | null } }).meta.next_cursor;
      rows.push(performance.now() - s);
    }
  }
  // The machine may be shared: the figures are printed with its load.
  console.log(`  ${label}: load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${cpus().length} cores while measured`);
  console.log(`  ${label}: summary of a year by month   p50 ${pct(summary, 50).toFixed(1).padStart(7)} ms   p99 ${pct(summary, 99).toFixed(1).padStart(7)} ms   target p99 < ${target.summary} ms: ${mark(pct(summary, 99) < target.summary)}`);
  console.log(`  ${label}: by week, one origin          p50 ${pct(filtered, 50).toFixed(1).padStart(7)} ms   p99 ${pct(filtered, 99).toFixed(1).padStart(7)} ms`);
  console.log(`  ${label}: by month, one client         p50 ${pct(byClient, 50).toFixed(1).padStart(7)} ms   p99 ${pct(byClient, 99).toFixed(1).padStart(7)} ms   target p99 < ${target.summary} ms: ${mark(pct(byClient, 99) < target.summary)}`);
  console.log(`  ${label}: by month, one salesperson    p50 ${pct(bySalesperson, 50).toFixed(1).padStart(7)} ms   p99 ${pct(bySalesperson, 99).toFixed(1).padStart(7)} ms   target p99 < ${target.summary} ms: ${mark(pct(bySalesperson, 99) < target.summary)}`);
  console.log(`  ${label}: drill-down page of a month   p50 ${pct(rows, 50).toFixed(1).padStart(7)} ms   p99 ${pct(rows, 99).toFixed(1).padStart(7)} ms   target p99 < ${target.rows} ms: ${mark(pct(rows, 99) < target.rows)}`);
}

/** PostgreSQL: the built server in its own process over 1 000 000 shipments. */
export async function analyticsBenchPostgres() {
  await withDemoOnPostgres('Analytics at size', async ({ server, db, ownerId, orgId }) => {
    const t0 = performance.now();
    await fill((text, params) => db.query(text, params as unknown[]), orgId, ownerId, PG_SHIPMENTS);
    console.log(`\nAnalytics${AT_SIZE ? ' at size' : ' (BENCH_ANALYTICS_AT_SIZE=1 for the targets’ sizes)'} (PostgreSQL, one node): ${PG_SHIPMENTS.toLocaleString('en')} shipments over three years (filled and aggregated in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    await measure(server.base, 'PostgreSQL', ownerId, { summary: 150, rows: 100 });
  });
}

/** The embedded default (PGlite), in this process, over 100 000 shipments. */
export async function analyticsBenchEmbedded(config: Config, dataDir: string) {
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  await database.migrate();
  await importReferenceData(database);
  const app = await buildApp(config, { database });
  onCleanup(async () => {
    await app.close();
    await database.close();
  });
  await seedDemo(app.ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const [owner] = await database.query<{ id: string; organisation_id: string }>('select id, organisation_id from users where email = $1', [DEMO_USERS[0].email]);
  const t0 = performance.now();
  await fill((text, params) => database.query(text, params), owner.organisation_id, owner.id, EMBEDDED_SHIPMENTS);
  console.log(`\nAnalytics${AT_SIZE ? ' at size' : ' (BENCH_ANALYTICS_AT_SIZE=1 for the targets’ sizes)'} (embedded PGlite): ${EMBEDDED_SHIPMENTS.toLocaleString('en')} shipments over three years (filled and aggregated in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  await measure(base, 'PGlite', owner.id, { summary: 400, rows: 400 });
}
