/**
 * The load generator of the load run, in its own process: creates the bench's staff accounts
 * through the API (the owner invites each into a role, the invitation is accepted with the link
 * from the mail outbox), then runs that many simulated users at once for a while. Each user keeps
 * its own cookies and keep-alive connection, fetches the CSRF cookie, logs in, and loops over a
 * mix of reads, searches, creates and updates of its own records, sending X-XSRF-TOKEN on every
 * write. Prints the figures; configuration as JSON in BENCH_LOAD_CONFIG (see LoadConfig).
 */
import http from 'node:http';

export type LoadConfig = {
  /** Where the users' requests go (the proxy, or the single node). */
  target: string;
  /** A node with developer mode, for the invitation mails (GET /api/dev/mail). */
  mailBase: string;
  users: number;
  seconds: number;
  thinkMs: number;
  ownerEmail: string;
  ownerPassword: string;
  /** Written as JSON when the run ends, for the caller's summary. */
  summaryFile?: string;
};

const config = JSON.parse(process.env.BENCH_LOAD_CONFIG ?? '{}') as LoadConfig;
const USER_PASSWORD = 'LoadBench!2026-user';
const REQUEST_TIMEOUT_MS = 60_000;

type Answer = { status: number; body: string; ms: number; error?: string };

/** One browser: its cookies and its keep-alive connection. */
class Client {
  private jar = new Map<string, string>();
  private agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(private base: string) {}

  get hasCsrf() {
    return this.jar.has('XSRF-TOKEN');
  }

  request(method: string, path: string, body?: unknown): Promise<Answer> {
    const url = new URL(path, this.base);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(this.jar.get('XSRF-TOKEN')!);
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const t0 = performance.now();
    return new Promise((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers, agent: this.agent }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair, ...attrs] = c.split(';');
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq).trim();
          const value = pair.slice(eq + 1).trim();
          const gone = value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]) < Date.now()));
          if (gone) this.jar.delete(name);
          else this.jar.set(name, value);
        }
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - t0 }));
        res.on('error', (err) => resolve({ status: 0, body: '', ms: performance.now() - t0, error: (err as NodeJS.ErrnoException).code ?? err.message }));
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', (err) => resolve({ status: 0, body: '', ms: performance.now() - t0, error: (err as NodeJS.ErrnoException).code ?? err.message }));
      req.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

const ok = (a: Answer) => a.status >= 200 && a.status < 400;
async function must(a: Promise<Answer>, what: string): Promise<Answer> {
  const r = await a;
  if (!ok(r)) throw new Error(`${what}: ${r.status || r.error} ${r.body.slice(0, 300)}`);
  return r;
}
const dataOf = <T>(a: Answer) => (JSON.parse(a.body) as { data: T }).data;

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let i = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (i < items.length) await fn(items[i++]);
  }));
}

const email = (i: number) => `load-user-${String(i).padStart(4, '0')}@bench.fyn.local`;

/** The role of the bench's users: reads everywhere, creates and updates in the control centre. */
const ROLE_PERMISSIONS = ['control_centre.view', 'control_centre.create', 'control_centre.update', 'crm.view', 'network.view', 'quotations.view', 'shipments.view', 'documents.view', 'staff.view'];

async function createAccounts() {
  const t0 = performance.now();
  const owner = new Client(config.target);
  await must(owner.request('GET', '/api/csrf-cookie'), 'owner csrf');
  await must(owner.request('POST', '/api/auth/login', { email: config.ownerEmail, password: config.ownerPassword, remember: false }), 'owner login');
  const role = dataOf<{ id: string }>(await must(owner.request('POST', '/api/roles', { name: 'Load bench desk', description: 'Bench users: control-centre records', permissions: ROLE_PERMISSIONS }), 'create role'));
  const mail = new Client(config.mailBase);
  await pool(Array.from({ length: config.users }, (_, i) => i), 8, async (i) => {
    await must(owner.request('POST', '/api/staff/invitations', { email: email(i), role_id: role.id }), `invite ${email(i)}`);
    const [letter] = dataOf<{ text: string }[]>(await must(mail.request('GET', `/api/dev/mail?to=${encodeURIComponent(email(i))}&limit=1`), 'read mail'));
    const token = decodeURIComponent(/invitation=([^&\s]+)/.exec(letter?.text ?? '')?.[1] ?? '');
    if (!token) throw new Error(`no invitation link in the mail to ${email(i)}`);
    const visitor = new Client(config.target);
    await must(visitor.request('GET', '/api/csrf-cookie'), 'visitor csrf');
    await must(visitor.request('POST', `/api/staff/invitations/${encodeURIComponent(token)}/accept`, { name: `Load User ${i}`, password: USER_PASSWORD }), `accept ${email(i)}`);
    visitor.close();
  });
  owner.close();
  mail.close();
  console.log(`  ${config.users} staff accounts created through the API (role with ${ROLE_PERMISSIONS.length} permissions; invite, mail, accept) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

// ——— the simulated users ———

const LISTED = ['charge-codes', 'partners', 'tasks'] as const;
const KINDS = ['csrf-cookie', 'login', 'user', ...LISTED.map((r) => `list ${r}` as const), ...LISTED.map((r) => `list ${r} q=` as const), 'location search', 'get one', 'create', 'update'] as const;
type Kind = (typeof KINDS)[number];
const W = 22;

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (x: number) => (Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Latencies per kind of request and the unexpected answers (anything not 2xx or 3xx, and failed connections) of one phase. */
class Stats {
  latencies = new Map<Kind, number[]>();
  errors = new Map<string, { count: number; example: string }>();
  requests = 0;

  record(kind: Kind, method: string, path: string, a: Answer) {
    this.requests++;
    const list = this.latencies.get(kind) ?? [];
    list.push(a.ms);
    this.latencies.set(kind, list);
    if (ok(a)) return;
    const code = (() => {
      try {
        return (JSON.parse(a.body) as { error?: { code?: string } }).error?.code ?? '';
      } catch {
        return '';
      }
    })();
    const key = `${kind.padEnd(W)} ${method} ${path.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')} → ${a.status || 'connection ' + a.error} ${code}`;
    const e = this.errors.get(key) ?? { count: 0, example: a.body.slice(0, 300) };
    e.count++;
    this.errors.set(key, e);
  }

  get errorCount() {
    return [...this.errors.values()].reduce((a, e) => a + e.count, 0);
  }

  all() {
    return [...this.latencies.values()].flat().sort((a, b) => a - b);
  }

  print() {
    console.log(`  ${'kind'.padEnd(W)} ${'requests'.padStart(9)} ${'share'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  errors`);
    const kindErrors = (k: string) => [...this.errors].filter(([key]) => key.startsWith(k.padEnd(W))).reduce((a, [, e]) => a + e.count, 0);
    for (const kind of KINDS) {
      const s = (this.latencies.get(kind) ?? []).sort((a, b) => a - b);
      if (!s.length) continue;
      console.log(`  ${kind.padEnd(W)} ${String(s.length).padStart(9)} ${((100 * s.length) / this.requests).toFixed(1).padStart(5)}% ${ms(pct(s, 50)).padStart(7)} ${ms(pct(s, 95)).padStart(7)} ${ms(pct(s, 99)).padStart(7)} ${ms(s.at(-1)!).padStart(7)}  ${kindErrors(kind)}`);
    }
    for (const [key, e] of this.errors) console.log(`  error ×${e.count}: ${key}\n      e.g. ${e.example.replace(/\s+/g, ' ')}`);
  }
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];
const PLACES = ['rotterdam', 'hamburg', 'felixstowe', 'shanghai', 'singapore', 'antwerp', 'los angeles', 'new york', 'dubai', 'busan', 'london', 'le havre', 'valencia', 'genoa', 'mumbai', 'santos', 'durban', 'sydney', 'san', 'port', 'GBFXT', 'NLRTM', 'frankfurt', 'chicago', 'tokyo'];
const LISTS = {
  'charge-codes': ['OFR', 'freight', 'THC', 'customs', 'doc'],
  partners: ['acme', 'rotterdam', 'bench', 'ltd', 'haulage'],
  tasks: ['bench', 'renew', 'quarterly', 'chase', 'urgent'],
} as const;
const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
const PARTNER_KINDS = ['agent', 'carrier', 'haulier', 'client', 'supplier'] as const;

/** The mix, in shares of 100. */
const MIX: [number, string][] = [
  [15, 'user'], [24, 'list'], [15, 'list q='], [16, 'location search'], [5, 'get one'], [12, 'create'], [13, 'update'],
];
const mixTotal = MIX.reduce((a, [w]) => a + w, 0);
function action(): string {
  let r = Math.random() * mixTotal;
  for (const [w, name] of MIX) if ((r -= w) < 0) return name;
  return MIX[0][1];
}

type User = { i: number; c: Client; own: { resource: 'tasks' | 'partners'; id: string }[]; n: number };

/** Phase 1: the CSRF cookie, the login form, the first GET /api/user, as the browser does. */
async function logIn(i: number, stats: Stats): Promise<User | null> {
  const c = new Client(config.target);
  const call = async (kind: Kind, method: string, path: string, body?: unknown) => {
    const a = await c.request(method, path, body);
    stats.record(kind, method, path, a);
    return a;
  };
  await call('csrf-cookie', 'GET', '/api/csrf-cookie');
  const login = await call('login', 'POST', '/api/auth/login', { email: email(i), password: USER_PASSWORD, remember: false });
  if (!ok(login)) {
    c.close();
    return null;
  }
  await call('user', 'GET', '/api/user');
  return { i, c, own: [], n: 0 };
}

/** Phase 2: the mix, one request after the other, until the time is up. */
async function work(u: User, until: number, stats: Stats) {
  const { i, own } = u;
  const call = async (kind: Kind, method: string, path: string, body?: unknown) => {
    const a = await u.c.request(method, path, body);
    stats.record(kind, method, path, a);
    return a;
  };
  while (performance.now() < until) {
    const what = action();
    const resource = pick(Object.keys(LISTS) as (keyof typeof LISTS)[]);
    if (what === 'user') await call('user', 'GET', '/api/user');
    else if (what === 'list') await call(`list ${resource}`, 'GET', `/api/${resource}?per_page=25`);
    else if (what === 'list q=') await call(`list ${resource} q=`, 'GET', `/api/${resource}?per_page=25&q=${encodeURIComponent(pick(LISTS[resource]))}`);
    else if (what === 'location search') await call('location search', 'GET', `/api/locations/search?q=${encodeURIComponent(pick(PLACES))}&limit=10`);
    else if (what === 'get one' && own.length) {
      const r = pick(own);
      await call('get one', 'GET', `/api/${r.resource}/${r.id}`);
    } else if (what === 'update' && own.length) {
      const r = pick(own);
      const body = r.resource === 'tasks'
        ? { status: pick(TASK_STATUSES), priority: pick(PRIORITIES), title: `Bench task ${i}-${u.n++} (edited)` }
        : { city: pick(['Leeds', 'Hull', 'Rotterdam', 'Hamburg']), status: pick(['active', 'on_hold', 'prospect']) };
      await call('update', 'PATCH', `/api/${r.resource}/${r.id}`, body);
    } else {
      // create (also the first "get one" or "update" of a user with nothing of its own yet)
      const task = Math.random() < 2 / 3;
      const n = u.n++;
      const a = task
        ? await call('create', 'POST', '/api/tasks', { title: `Bench task ${i}-${n}`, description: 'Created by the load run', priority: pick(PRIORITIES), due_on: '2026-12-31' })
        : await call('create', 'POST', '/api/partners', { name: `Bench Partner ${i}-${n} Ltd`, kind: pick(PARTNER_KINDS), country: pick(['GB', 'NL', 'DE', 'CN']), city: 'Leeds', contact_email: `ops${i}-${n}@partner.example` });
      if (a.status === 201) own.push({ resource: task ? 'tasks' : 'partners', id: dataOf<{ id: string }>(a).id });
    }
    if (config.thinkMs > 0) await new Promise((r) => setTimeout(r, config.thinkMs * (0.5 + Math.random())));
  }
}

async function main() {
  await createAccounts();

  const logins = new Stats();
  const tLogin = performance.now();
  const users = (await Promise.all(Array.from({ length: config.users }, (_, i) => logIn(i, logins)))).filter((u): u is User => u !== null);
  const loginSeconds = (performance.now() - tLogin) / 1000;
  console.log(`  Phase 1, all ${config.users} users log in at the same moment: done in ${loginSeconds.toFixed(1)} s, ${users.length} logged in, errors ${logins.errorCount}`);
  logins.print();

  const stats = new Stats();
  const t0 = performance.now();
  await Promise.all(users.map((u) => work(u, t0 + config.seconds * 1000, stats)));
  const elapsed = (performance.now() - t0) / 1000;
  for (const u of users) u.c.close();
  const all = stats.all();
  const errors = logins.errorCount + stats.errorCount;
  console.log(`  Phase 2, ${users.length} logged-in users at work for ${config.seconds} s:`);
  console.log(`  ${stats.requests.toLocaleString('en')} requests in ${elapsed.toFixed(1)} s: ${(stats.requests / elapsed).toFixed(0)} requests/s   errors ${stats.errorCount}`);
  console.log(`  latency ms: p50 ${ms(pct(all, 50))}   p95 ${ms(pct(all, 95))}   p99 ${ms(pct(all, 99))}   max ${ms(all.at(-1) ?? NaN)}`);
  stats.print();
  console.log(`  Errors in both phases: ${errors} (target 0: ${errors === 0 ? 'met' : 'NOT MET'})`);
  if (config.summaryFile) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(config.summaryFile, JSON.stringify({ requests: stats.requests, elapsed, errors, p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), loginSeconds, loginP99: pct(logins.latencies.get('login')?.sort((a, b) => a - b) ?? [], 99) }));
  }
}

main().catch((err) => {
  console.error(`load generator failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
