/**
 * Operations at size on PostgreSQL (the built server in its own process): the shipment list of one
 * organisation with 1 000 000 shipments and 10 000 000 tracking events (first page, by ETD in a
 * month, under way, by text, pages by cursor), one shipment's timeline, and the exception scan over
 * 100 000 shipments under way (the first scan raises, the second finds nothing new).
 */
import pg from 'pg';
import { latencyLine, loginCookie, mark, pct, withDemoOnPostgres } from './support.ts';

const SHIPMENTS = Number(process.env.BENCH_OPS_SHIPMENTS ?? 1_000_000);
const EVENTS_PER = Number(process.env.BENCH_OPS_EVENTS_PER_SHIPMENT ?? 10);
const ACTIVE = Number(process.env.BENCH_OPS_ACTIVE ?? 100_000);
const TARGET_MS = { list: 100, timeline: 50, scan: 10_000 };
const PORTS = ['CNSHA', 'CNNGB', 'CNSZX', 'HKHKG', 'SGSIN', 'KRPUS', 'NLRTM', 'BEANR', 'DEHAM', 'GBFXT', 'GBSOU', 'GBLHR', 'USNYC'];

/** A deterministic UUID the API accepts (version 4, RFC variant) from a seed expression. */
const uuidOf = (seed: string) => `overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;

const line = (label: string, xs: number[], target?: number) => latencyLine(label, xs, target, 44);

async function timed(base: string, cookie: string, path: string, method = 'GET', headers: Record<string, string> = {}) {
  const s = performance.now();
  const res = await fetch(base + path, { method, headers: { cookie, ...headers }, ...(method === 'POST' && { body: '{}' }) });
  const body = (await res.json()) as { data?: unknown; meta?: { next_cursor?: string | null } };
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - s, body };
}

/**
 * Shipment i: created i minutes ago, ETD a day later, ETA 25 days after; the first ACTIVE are
 * under way (a tenth of them past their ETA, a tenth slipping), the rest delivered or closed.
 */
async function fill(db: pg.Client, orgId: string) {
  const ports = `array[${PORTS.map((p) => `'${p}'`).join(',')}]`;
  const modes = `array['sea_fcl','sea_lcl','air','road_ftl','road_ltl','rail']`;
  const charges = JSON.stringify([{ charge_code_id: null, description: 'Freight', quoted_sell_minor: 250000, quoted_buy_minor: 200000, actual_sell_minor: null, actual_buy_minor: null, payment: 'prepaid' }]);
  for (let s = 1; s <= SHIPMENTS; s += 100_000) {
    await db.query(
      `insert into shipments (organisation_id, id, number, house_ref, mode, status, client_name, origin, destination, currency, charges, etd, eta_planned, eta, created_at, updated_at, last_event)
       select $1, ${uuidOf(`'s' || i`)}, 'S-B-' || i, 'HBL-B-' || i, (${modes})[1 + i % 6],
              case when i <= ${ACTIVE} then (array['booked','in_transit','arrived'])[1 + i % 3] else (array['delivered','closed'])[1 + i % 2] end,
              'Client ' || (i % 5000), (${ports})[1 + i % ${PORTS.length}], (${ports})[1 + (i / 7) % ${PORTS.length}], 'GBP', $4::jsonb,
              now() - (i || ' minutes')::interval + interval '1 day',
              now() - (i || ' minutes')::interval + interval '25 days',
              now() - (i || ' minutes')::interval + interval '25 days' + case when i % 10 = 1 then interval '3 days' else interval '0' end
                - case when i <= ${ACTIVE} and i % 10 = 2 then interval '60 days' else interval '0' end,
              now() - (i || ' minutes')::interval, now(),
              jsonb_build_object('code', 'DEPA', 'classifier', 'ACT', 'location', 'CNSHA', 'occurred_at', now() - (i || ' minutes')::interval)
         from generate_series($2::int, $3::int) i`,
      [orgId, s, Math.min(SHIPMENTS, s + 99_999), charges],
    );
  }
  const codes = `array['RECE','CONF','GTIN','LOAD','DEPA','ARRI','DISC','GTOT','ARRI','DEPA']`;
  const kinds = `array['SHIPMENT','SHIPMENT','EQUIPMENT','EQUIPMENT','TRANSPORT','TRANSPORT','EQUIPMENT','EQUIPMENT','TRANSPORT','TRANSPORT']`;
  for (let s = 1; s <= SHIPMENTS; s += 50_000) {
    await db.query(
      `insert into shipment_events (organisation_id, id, shipment_id, event_type, code, classifier, location, occurred_at, recorded_at, container_number, source)
       select $1, ${uuidOf(`'e' || i || '-' || k`)}, ${uuidOf(`'s' || i`)}, (${kinds})[k], (${codes})[k], (array['ACT','ACT','ACT','ACT','ACT','EST','PLN','PLN','PLN','EST'])[k],
              (${ports})[1 + (i + k) % ${PORTS.length}], now() - (i || ' minutes')::interval + (k || ' hours')::interval, now() - (i || ' minutes')::interval,
              case when (${kinds})[k] = 'EQUIPMENT' then 'MSCU1234566' end, 'webhook'
         from generate_series($2::int, $3::int) i, generate_series(1, ${EVENTS_PER}) k`,
      [orgId, s, Math.min(SHIPMENTS, s + 49_999)],
    );
  }
  await db.query('analyze shipments; analyze shipment_events');
}

export async function operationsBench() {
  await withDemoOnPostgres('Operations at size', async ({ server, db, orgId }) => {
    const t0 = performance.now();
    await fill(db, orgId);
    console.log(`\nOperations at size (PostgreSQL, one node): ${SHIPMENTS.toLocaleString('en')} shipments and ${(SHIPMENTS * EVENTS_PER).toLocaleString('en')} events of one organisation, ${ACTIVE.toLocaleString('en')} under way (filled in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    const cookie = await loginCookie(server.base, 'owner@demo.fyn.local', 'FynDemo!2026');

    const first: number[] = [];
    for (let i = 0; i < 40; i++) first.push((await timed(server.base, cookie, '/api/shipments?limit=50')).ms);
    line('GET /api/shipments, first page (40×)', first);
    const deeper: number[] = [];
    for (let walk = 0; walk < 3; walk++) {
      let cursor: string | null | undefined = null;
      for (let page = 0; page < 20; page++) {
        const r = await timed(server.base, cookie, `/api/shipments?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        deeper.push(r.ms);
        cursor = r.body.meta?.next_cursor;
        if (!cursor) break;
      }
    }
    line('GET /api/shipments, pages 1–20 by cursor (3×)', deeper);
    const month = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 7);
    const byEtd: number[] = [];
    for (let i = 0; i < 20; i++) byEtd.push((await timed(server.base, cookie, `/api/shipments?limit=50&date_ref=etd&from=${month}-01&to=${month}-28`)).ms);
    line(`GET /api/shipments?date_ref=etd, ${month} (20×)`, byEtd);
    const active: number[] = [];
    for (let i = 0; i < 20; i++) active.push((await timed(server.base, cookie, '/api/shipments?limit=50&status=active&date_ref=eda')).ms);
    line('GET /api/shipments?status=active&date_ref=eda (20×)', active);
    const text: number[] = [];
    for (let i = 0; i < 20; i++) text.push((await timed(server.base, cookie, `/api/shipments?limit=50&q=HBL-B-${4242 + i * 1000}`)).ms);
    line('GET /api/shipments?q=<house ref> (20×)', text);
    const all = [...first, ...deeper, ...byEtd, ...active, ...text];
    console.log(`  shipment lists together                      p99 ${pct(all, 99).toFixed(1).padStart(7)} ms   target p99 ≤ ${TARGET_MS.list} ms: ${mark(pct(all, 99) <= TARGET_MS.list)}`);

    const timeline: number[] = [];
    for (let i = 0; i < 40; i++) {
      const id = (await db.query<{ id: string }>(`select ${uuidOf(`'s' || $1::int`)} as id`, [1 + ((i * 24_989) % SHIPMENTS)])).rows[0].id;
      timeline.push((await timed(server.base, cookie, `/api/shipments/${id}/events`)).ms);
    }
    line(`GET /api/shipments/:id/events (${EVENTS_PER} events, 40×)`, timeline, TARGET_MS.timeline);

    const headers = { 'content-type': 'application/json', 'x-xsrf-token': /XSRF-TOKEN=([^;]+)/.exec(cookie)![1] };
    const scans: { ms: number; raised: number; cleared: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await timed(server.base, cookie, '/api/exceptions/scan', 'POST', headers);
      const d = r.body.data as { raised: number; cleared: number };
      scans.push({ ms: r.ms, ...d });
    }
    for (const [i, s] of scans.entries()) {
      console.log(`  POST /api/exceptions/scan #${i + 1} over ${ACTIVE.toLocaleString('en')} under way   ${s.ms.toFixed(0).padStart(7)} ms   raised ${s.raised}, cleared ${s.cleared}   target ≤ ${TARGET_MS.scan} ms: ${mark(s.ms <= TARGET_MS.scan)}`);
    }
  });
}
