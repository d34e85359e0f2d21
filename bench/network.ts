/**
 * The network at size on PostgreSQL (the built server in its own process): the feed's first and
 * deeper pages among 1 000 000 posts by 100 000 people, the header search over 100 000 people and
 * 50 000 organisations, and the memory of 1 000 open live-event streams on one node with the time
 * one event takes to reach all of them.
 */
import { request, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loginCookie, mark, pct, withDemoOnPostgres } from './support.ts';

const USERS = Number(process.env.BENCH_NET_USERS ?? 100_000);
const ORGS = Number(process.env.BENCH_NET_ORGS ?? 50_000);
const POSTS = Number(process.env.BENCH_NET_POSTS ?? 1_000_000);
const STREAMS = Number(process.env.BENCH_NET_STREAMS ?? 1_000);
const TARGET_MS = { feed: 100, search: 100 };

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function fill(db: pg.Client, ownerId: string) {
  const first = `array['Ana','Ben','Cem','Dana','Erik','Fatima','Gao','Hannah','Ivan','Julia','Kenji','Lars','Maria','Nils','Olga','Pedro','Qing','Rosa','Sven','Tariq','Ursula','Víctor','Wen','Yusuf','Zoë']`;
  const last = `array['Müller','Smith','García','Rossi','Nowak','Jensen','Chen','Kowalski','Silva','Novák','Yılmaz','Larsen','Ivanova','Tanaka','Dubois','Popescu','Khan','Okafor','Haddad','Schmidt']`;
  const cities = `array['Rotterdam','Hamburg','Shanghai','Valencia','Felixstowe','Dubai','Antwerp','Singapore','Genoa','Gdańsk']`;
  const step = 50_000;
  for (let s = 1; s <= USERS; s += step) {
    await db.query(
      `insert into users (id, name, email, email_verified)
       select md5('u' || i)::uuid, (${first})[1 + i % 25] || ' ' || (${last})[1 + (i / 25) % 20] || ' ' || i, 'u' || i || '@bench.local', true
         from generate_series($1::int, $2::int) i`,
      [s, Math.min(USERS, s + step - 1)],
    );
  }
  for (let s = 1; s <= ORGS; s += step) {
    await db.query(
      `insert into organisations (id, name, types, country, address_line1, city)
       select md5('o' || i)::uuid, (array['Global','Pacific','Baltic','Atlas','Nordic','Orient','Harbour','Delta'])[1 + i % 8] || ' ' ||
              (array['Logistics','Freight','Shipping','Forwarding','Cargo'])[1 + (i / 8) % 5] || ' ' || i,
              array['forwarder'], (array['GB','NL','DE','CN','ES','AE','BE','SG','IT','PL'])[1 + i % 10], '1 Quay', (${cities})[1 + i % 10]
         from generate_series($1::int, $2::int) i`,
      [s, Math.min(ORGS, s + step - 1)],
    );
  }
  // The measured person is connected with 300 of them.
  await db.query(
    `insert into connections (id, requester_type, requester_id, target_type, target_id, pair_low, pair_high, status, requested_by, connected_at)
     select md5('c' || i)::uuid, 'user', $1::uuid, 'user', md5('u' || (i * 331 % ${USERS} + 1))::uuid,
            least('user:' || $1, 'user:' || md5('u' || (i * 331 % ${USERS} + 1))::uuid::text), greatest('user:' || $1, 'user:' || md5('u' || (i * 331 % ${USERS} + 1))::uuid::text),
            'connected', $1::uuid, now()
       from generate_series(1, 300) i on conflict do nothing`,
    [ownerId],
  );
  for (let s = 1; s <= POSTS; s += 100_000) {
    await db.query(
      `insert into posts (id, author_id, kind, visibility, body, created_at, updated_at)
       select md5('p' || i)::uuid, md5('u' || (1 + (i::bigint * 7919) % ${USERS}))::uuid,
              case when i % 50 = 0 then 'trade_ad' else 'post' end,
              case when i % 10 < 7 then 'public' when i % 10 < 9 then 'connections' else 'organisation' end,
              'Weekly consolidation update number ' || i || ': space available on the next sailing.',
              now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
         from generate_series($1::int, $2::int) i`,
      [s, Math.min(POSTS, s + 99_999)],
    );
  }
  await db.query('analyze users; analyze organisations; analyze connections; analyze posts');
}

async function timed(base: string, cookie: string, path: string): Promise<{ ms: number; body: { data?: unknown; meta?: { next_cursor?: string | null } } }> {
  const s = performance.now();
  const res = await fetch(base + path, { headers: { cookie } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - s, body };
}

export async function networkBench() {
  await withDemoOnPostgres('Network at size', async ({ server, db, ownerId }) => {
    const t0 = performance.now();
    await fill(db, ownerId);
    console.log(
      `\nNetwork at size (PostgreSQL, one node): ${USERS.toLocaleString('en')} people, ${ORGS.toLocaleString('en')} organisations, ${POSTS.toLocaleString('en')} posts ` +
        `(filled in ${((performance.now() - t0) / 1000).toFixed(0)} s); the reader has 300 connections`,
    );
    const cookie = await loginCookie(server.base, 'owner@demo.fyn.local', 'FynDemo!2026');

    // Feed: the first page again and again, then walks 20 pages deep by cursor.
    const firstPage: number[] = [];
    for (let i = 0; i < 60; i++) firstPage.push((await timed(server.base, cookie, '/api/feed')).ms);
    const deeper: number[] = [];
    for (let walk = 0; walk < 5; walk++) {
      let cursor: string | null | undefined = null;
      for (let page = 0; page < 20; page++) {
        const r = await timed(server.base, cookie, `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
        deeper.push(r.ms);
        cursor = r.body.meta?.next_cursor;
        if (!cursor) break;
      }
    }
    const feedP99 = Math.max(pct(firstPage, 99), pct(deeper, 99));
    console.log(`  GET /api/feed, first page (60×)             p50 ${pct(firstPage, 50).toFixed(1).padStart(7)} ms   p99 ${pct(firstPage, 99).toFixed(1).padStart(7)} ms`);
    console.log(`  GET /api/feed, pages 1–20 by cursor (5×)    p50 ${pct(deeper, 50).toFixed(1).padStart(7)} ms   p99 ${pct(deeper, 99).toFixed(1).padStart(7)} ms   target p99 ≤ ${TARGET_MS.feed} ms: ${mark(feedP99 <= TARGET_MS.feed)}`);

    // Search: names, a typo, an accent left out, organisations and a city.
    const terms = ['lars', 'muller', 'shangai', 'global logistics', 'rotterdam', 'fatima okafor', 'víctor', 'nordic cargo 12', 'ana', 'zz'];
    const search: number[] = [];
    for (let round = 0; round < 10; round++) for (const q of terms) search.push((await timed(server.base, cookie, `/api/search?q=${encodeURIComponent(q)}`)).ms);
    console.log(`  GET /api/search (${terms.length} terms × 10)              p50 ${pct(search, 50).toFixed(1).padStart(7)} ms   p99 ${pct(search, 99).toFixed(1).padStart(7)} ms   target p99 ≤ ${TARGET_MS.search} ms: ${mark(pct(search, 99) <= TARGET_MS.search)}`);

    // Live streams: the node's memory with STREAMS open, and one event reaching all of them.
    const pid = server.child.pid!;
    // The node's resident memory once it has settled after the fill and the queries above.
    await new Promise((r) => setTimeout(r, 5_000));
    const before = rssOf(pid);
    const streams: ClientRequest[] = [];
    const heard = new Set<number>();
    let waitingFor = -1;
    let allHeard: () => void = () => {};
    await Promise.all(
      Array.from({ length: STREAMS }, (_, i) =>
        new Promise<void>((resolve, reject) => {
          const req = request(`${server.base}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (chunk.includes('event: ready')) resolve();
              if (waitingFor >= 0 && chunk.includes(`id: ${waitingFor}`)) {
                heard.add(i);
                if (heard.size === STREAMS) allHeard();
              }
            });
          });
          req.on('error', reject);
          req.end();
          streams.push(req);
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 5_000));
    const after = rssOf(pid);
    const everyone = new Promise<void>((r) => (allHeard = r));
    const s = performance.now();
    const [{ id }] = (await db.query<{ id: string }>(`insert into live_events (user_id, type, data) values ($1, 'notification', '{"bench":true}') returning id`, [ownerId])).rows;
    waitingFor = Number(id);
    await Promise.race([everyone, new Promise((r) => setTimeout(r, 30_000))]);
    const fanOut = performance.now() - s;
    console.log(
      `  ${STREAMS.toLocaleString('en')} open event streams: node RSS ${(before / 1e6).toFixed(0)} → ${(after / 1e6).toFixed(0)} MB ` +
        `(+${((after - before) / STREAMS / 1024).toFixed(1)} KB a stream); one event reached ${heard.size.toLocaleString('en')} of them in ${fanOut.toFixed(0)} ms`,
    );
    for (const r of streams) r.destroy();
  });
}
