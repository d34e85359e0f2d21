/**
 * The resource layer at size: list with search and sort on 100 000 charge codes of one
 * organisation among 1 000 000, then a CSV export of 1 000 000 rows with the peak memory.
 */
import { get as httpGet, type IncomingMessage } from 'node:http';
import { buildApp } from '../src/server/app.ts';
import { createListCache } from '../src/server/modules/resources/list-cache.ts';
import type { Config } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { importReferenceData } from '../src/server/modules/reference-data.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/server/modules/demo/seed.ts';
import { benchOrganisation, loginCookie, onCleanup, pct } from './support.ts';

const ORGS = Number(process.env.BENCH_ORGS ?? 10);
const PER_ORG = Number(process.env.BENCH_PER_ORG ?? 100_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);

export async function fill(database: Database, orgId: string, from: number, count: number) {
  // Generated in the database: the point is the read path, not the insert path.
  const step = 50_000;
  for (let start = from; start < from + count; start += step) {
    const n = Math.min(step, from + count - start);
    await database.query(
      `insert into charge_codes (organisation_id, id, code, name, category, basis, default_currency, taxable, description)
       select $1::uuid, md5($1::text || i::text)::uuid, 'C' || lpad(i::text, 7, '0'),
              (array['Ocean freight','Air freight','Bunker adjustment','Terminal handling','Customs clearance','Haulage','Documentation','Warehouse handling'])[1 + i % 8] || ' ' || i,
              (array['freight','surcharge','origin','destination','customs','haulage','documentation','warehouse'])[1 + i % 8],
              'per_container', (array['USD','GBP','EUR'])[1 + i % 3], i % 2 = 0, null
         from generate_series($2::int, $3::int) as i`,
      [orgId, start, start + n - 1],
    );
  }
}


export async function resourceBench(config: Config, dataDir: string) {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await importReferenceData(database);
  const app = await buildApp(config, { database });
  // The database's work is what is measured here: the same page asked 30 times would otherwise be
  // answered from the embedded database's list cache after the first time (list-cache.ts).
  app.ctx.lists = createListCache(false);
  const close = onCleanup(async () => {
    await app.close();
    await database.close();
  });
  await seedDemo(app.ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const [owner] = await database.query<{ id: string; organisation_id: string }>('select id, organisation_id from users where email = $1', [DEMO_USERS[0].email]);
  const t0 = performance.now();
  await fill(database, owner.organisation_id, 1, PER_ORG);
  for (let k = 1; k < ORGS; k++) {
    const other = await database.query<{ id: string }>(
      `insert into users (id, name, email, email_verified) values (md5($1)::uuid, $1, $1 || '@bench.local', true) returning id`,
      [`bench-${k}`],
    );
    const org = await benchOrganisation(app.ctx, other[0].id, `Bench ${k}`);
    await fill(database, org.id, 1, PER_ORG);
  }
  await database.query('analyze charge_codes');
  const [{ total }] = await database.query<{ total: number }>('select count(*)::int as total from charge_codes');
  console.log(`\nResource layer: ${total.toLocaleString('en')} charge codes in ${ORGS} organisations (filled in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);

  // Log in as the owner through the API.
  const cookie = await loginCookie(address, DEMO_USERS[0].email, DEMO_PASSWORD);

  const cases: [string, string][] = [
    ['page 1, sort by code', '/api/charge-codes?per_page=25&sort=code'],
    ['page 1, sort by -created_at', '/api/charge-codes?per_page=25&sort=-created_at'],
    ['search "haulage", sort by name', '/api/charge-codes?per_page=25&q=haulage&sort=name'],
    ['search "C00123", sort by code', '/api/charge-codes?per_page=25&q=C00123&sort=code'],
    ['filter category=customs, sort by -code', '/api/charge-codes?per_page=25&filter[category]=customs&sort=-code'],
    ['page 2000 by offset', '/api/charge-codes?per_page=25&page=2000&sort=code'],
  ];
  console.log(`List of one organisation's ${PER_ORG.toLocaleString('en')} records (30 sequential requests each, list cache off: every page from the database)`);
  for (const [name, path] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      const res = await fetch(address + path, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - s);
    }
    console.log(`  ${name.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p99 ${pct(times, 99).toFixed(1).padStart(7)} ms`);
  }

  // Export the owner's 100 000 rows, then grow the organisation to EXPORT_ROWS and export again:
  // a streamed export's memory should not grow with the number of rows.
  const exportOnce = async () => {
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    // Live memory: collect garbage before each sample (node --expose-gc), so that what is
    // measured is what the export holds, not garbage V8 has not got round to.
    const sampler = setInterval(() => {
      global.gc?.();
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 250);
    const s = performance.now();
    // A connection of its own: fetch's pooled keep-alive connection may have been idle for as long
    // as the server keeps one (72 s) while the table filled, and be reset as it is reused.
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${address}/api/charge-codes/export?format=csv&sort=code`, { headers: { cookie }, agent: false }, resolve).on('error', reject),
    );
    if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    clearInterval(sampler);
    const secs = (performance.now() - s) / 1000;
    console.log(
      `CSV export of ${(lines - 1).toLocaleString('en')} rows: ${(bytes / 1e6).toFixed(0)} MB in ${secs.toFixed(1)} s (${Math.round((lines - 1) / secs).toLocaleString('en')} rows/s); ` +
        `live JS heap peak +${((peakHeap - before.heapUsed) / 1e6).toFixed(0)} MB, RSS peak +${((peakRss - before.rss) / 1e6).toFixed(0)} MB (RSS includes PGlite's buffers)`,
    );
  };
  await exportOnce();
  await fill(database, owner.organisation_id, PER_ORG + 1, EXPORT_ROWS - PER_ORG);
  await exportOnce();
  await close();
}
