/**
 * The load generator of the load run, in its own process: creates the bench's staff accounts
 * through the API (the owner invites each into a role, the invitation is accepted with the link
 * from the mail outbox), then runs that many simulated users at once for a while. Each user keeps
 * its own cookies and keep-alive connection, fetches the CSRF cookie, logs in, and loops over a
 * mix of reads, searches, creates and updates of its own records, sending X-XSRF-TOKEN on every
 * write. Prints the figures; configuration as JSON in BENCH_LOAD_CONFIG (see LoadConfig).
 */
import http from 'node:http';
import { mayMoveTask } from '../src/shared/operations/model.ts';

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
  /**
   * Run by bench/load.ts over IPC: say `working` when the timed phase starts, queue report jobs on
   * `jobs`, and stop on `stop` (instead of after `seconds`).
   */
  controlled?: boolean;
  /** Users that keep a live-event stream open (their chat partner sends them messages). */
  listeners?: number;
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

  private cookieHeader(): Record<string, string> {
    return this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  /**
   * A live-event stream (GET /api/events) on a connection of its own, as EventSource does: each
   * event to `onEvent`, and on its end (the node stopped, or died) back after the `retry` the
   * server asked for, with Last-Event-ID, until `close()`.
   */
  listen(onEvent: (type: string, data: string) => void): { close: () => void; reconnects: () => number } {
    let lastId: string | null = null;
    let retryMs = 3000;
    let closed = false;
    let reconnects = -1;
    let current: http.ClientRequest | null = null;
    const url = new URL('/api/events', this.base);
    const connect = () => {
      if (closed) return;
      reconnects++;
      const headers: Record<string, string> = { accept: 'text/event-stream', ...this.cookieHeader(), ...(lastId ? { 'last-event-id': lastId } : {}) };
      let gone = false;
      const again = () => {
        if (gone) return;
        gone = true;
        current = null;
        if (!closed) setTimeout(connect, retryMs);
      };
      current = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers, agent: false }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', again);
          return;
        }
        let buf = '';
        let type = 'message';
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          let nl: number;
          while ((nl = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, nl);
            buf = buf.slice(nl + 1);
            if (line === '') {
              if (data) onEvent(type, data);
              type = 'message';
              data = '';
            } else if (line.startsWith('id: ')) lastId = line.slice(4);
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
            else if (line.startsWith('retry: ')) retryMs = Number(line.slice(7));
          }
        });
        res.on('end', again);
        res.on('error', again);
        res.on('close', again);
      });
      current.on('error', again);
    };
    connect();
    return {
      close: () => {
        closed = true;
        current?.destroy();
      },
      reconnects: () => reconnects,
    };
  }

  /** A multipart/form-data POST of one file (field "file"). */
  upload(path: string, filename: string, data: Buffer): Promise<Answer> {
    const boundary = `----fynbench${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: text/plain\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request('POST', path, body, `multipart/form-data; boundary=${boundary}`);
  }

  request(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> {
    const url = new URL(path, this.base);
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: 'application/json', ...this.cookieHeader() };
    if (method !== 'GET' && this.jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(this.jar.get('XSRF-TOKEN')!);
    if (payload) {
      headers['content-type'] = contentType;
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
const ROLE_PERMISSIONS = ['control_centre.view', 'control_centre.create', 'control_centre.update', 'crm.view', 'network.view', 'quotes.view', 'operations.view', 'operations.create', 'operations.update', 'documents.view', 'staff.view', 'analytics.view'];

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
  mail.close();
  console.log(`  ${config.users} staff accounts created through the API (role with ${ROLE_PERMISSIONS.length} permissions; invite, mail, accept) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return owner;
}

/**
 * Report jobs on demand (bench/load.ts asks before it kills a node): the owner's saved view mailed
 * to `count` of the users, each subscription queuing an `analytics.first-report` job at once.
 */
async function queueReports(owner: Client, users: User[], count: number, round: number): Promise<number> {
  const view = await owner.request('POST', '/api/analytics/views', { name: `Load bench view ${round}`, filters: { scope: 'organisation', group: 'week' } });
  if (view.status !== 201) throw new Error(`save view: ${view.status} ${view.body.slice(0, 200)}`);
  const id = dataOf<{ id: string }>(view).id;
  let queued = 0;
  await pool(users.slice(0, count), 4, async (u) => {
    const a = await owner.request('POST', `/api/analytics/views/${id}/subscriptions`, { user_id: u.id, frequency: 'weekly' });
    if (a.status === 201) queued++;
  });
  return queued;
}

// ——— the simulated users ———

const LISTED = ['charge-codes', 'partners', 'tasks'] as const;
const KINDS = ['csrf-cookie', 'login', 'user', ...LISTED.map((r) => `list ${r}` as const), ...LISTED.map((r) => `list ${r} q=` as const), 'location search', 'get one', 'create', 'update', 'chat message', 'chat file upload', 'chat file download'] as const;
type Kind = (typeof KINDS)[number];
const W = 22;

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (x: number) => (Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Latencies per kind of request and the unexpected answers (anything not 2xx or 3xx, and failed connections) of one phase. */
class Stats {
  latencies = new Map<Kind, number[]>();
  errors = new Map<string, { count: number; example: string }>();
  requests = 0;
  /** Every request: [started (epoch ms), took (ms), 1 if answered 2xx/3xx else 0], for the caller's phases. */
  timeline: [number, number, number][] = [];

  record(kind: Kind, method: string, path: string, a: Answer) {
    this.requests++;
    this.timeline.push([Math.round(Date.now() - a.ms), Math.round(a.ms * 10) / 10, ok(a) ? 1 : 0]);
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
  [15, 'user'], [24, 'list'], [15, 'list q='], [16, 'location search'], [5, 'get one'], [12, 'create'], [13, 'update'], [4, 'chat message'], [1, 'chat file'],
];
const mixTotal = MIX.reduce((a, [w]) => a + w, 0);
function action(): string {
  let r = Math.random() * mixTotal;
  for (const [w, name] of MIX) if ((r -= w) < 0) return name;
  return MIX[0][1];
}

/** `status`: a task's status as last acknowledged (undefined once an update's outcome is unknown). */
type User = { i: number; id: string; c: Client; own: { resource: 'tasks' | 'partners'; id: string; status?: string }[]; n: number; chat?: string; partner?: User };

/** What the run wrote and was told was stored (checked against the database afterwards), and the live events. */
type Write = { at: number; resource: 'tasks' | 'partners' | 'chat_messages'; id: string };
type Update = { at: number; resource: 'tasks' | 'partners'; id: string; body: Record<string, string>; acked: boolean };
const writes: Write[] = [];
const updates: Update[] = [];
/** Messages stored (201) for a user with a live-event stream: [sent at, listener, message id]. */
const toListeners: [number, number, string][] = [];
const heard = new Map<number, Set<string>>();
const files: { chat: string; key: string; body: string; reader: User }[] = [];

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
  const me = await call('user', 'GET', '/api/user');
  if (!ok(me)) {
    c.close();
    return null;
  }
  return { i, id: dataOf<{ id: string }>(me).id, c, own: [], n: 0 };
}

/** Phase 2: the mix, one request after the other, until the time is up. */
async function work(u: User, running: () => boolean, stats: Stats) {
  const { i, own } = u;
  const call = async (kind: Kind, method: string, path: string, body?: unknown) => {
    const a = await u.c.request(method, path, body);
    stats.record(kind, method, path, a);
    return a;
  };
  while (running()) {
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
      // A task moves only where the product lets it (a done task is reopened first): the run
      // measures the product, not refusals of moves a person would never be offered.
      const current = r.status;
      const body: Record<string, string> = r.resource === 'tasks'
        ? { ...(current && { status: pick(TASK_STATUSES.filter((s) => mayMoveTask(current, s))) }), priority: pick(PRIORITIES), title: `Bench task ${i}-${u.n++} (edited)` }
        : { city: pick(['Leeds', 'Hull', 'Rotterdam', 'Hamburg']), status: pick(['active', 'on_hold', 'prospect']) };
      const a = await call('update', 'PATCH', `/api/${r.resource}/${r.id}`, body);
      if (r.resource === 'tasks') r.status = a.status === 200 ? (body.status ?? current) : undefined;
      updates.push({ at: Date.now() - a.ms, resource: r.resource, id: r.id, body, acked: a.status === 200 });
    } else if (what === 'chat message' && u.chat) {
      const a = await call('chat message', 'POST', `/api/chats/${u.chat}/messages`, { body: `Bench message ${i}-${u.n}`, client_id: `bench-${i}-${u.n++}` });
      if (a.status === 201) {
        const id = dataOf<{ id: string }>(a).id;
        writes.push({ at: Date.now() - a.ms, resource: 'chat_messages', id });
        if (heard.has(u.partner!.i)) toListeners.push([Date.now() - a.ms, u.partner!.i, id]);
      }
    } else if (what === 'chat file' && u.chat) {
      // A file up through one node, down through whichever the proxy picks (the bucket is shared).
      const body = `Bench file ${i}-${u.n++} ${'x'.repeat(Math.floor(Math.random() * 20_000))}`;
      const a = await u.c.upload(`/api/chats/${u.chat}/attachments`, `bench-${i}.txt`, Buffer.from(body));
      stats.record('chat file upload', 'POST', `/api/chats/${u.chat}/attachments`, a);
      if (ok(a)) {
        const key = dataOf<{ key: string }>(a).key;
        const back = await call('chat file download', 'GET', `/api/chats/${u.chat}/attachments/${key.split('/')[1]}`);
        if (ok(back) && back.body !== body) stats.record('chat file download', 'GET', '(content differs)', { ...back, status: 0, error: 'CONTENT_DIFFERS' });
        files.push({ chat: u.chat, key, body, reader: u.partner! });
      }
    } else {
      // create (also the first "get one" or "update" of a user with nothing of its own yet)
      const task = Math.random() < 2 / 3;
      const n = u.n++;
      const a = task
        ? await call('create', 'POST', '/api/tasks', { title: `Bench task ${i}-${n}`, description: 'Created by the load run', priority: pick(PRIORITIES), due_on: '2026-12-31' })
        : await call('create', 'POST', '/api/partners', { name: `Bench Partner ${i}-${n} Ltd`, kind: pick(PARTNER_KINDS), country: pick(['GB', 'NL', 'DE', 'CN']), city: 'Leeds', contact_email: `ops${i}-${n}@partner.example` });
      if (a.status === 201) {
        own.push({ resource: task ? 'tasks' : 'partners', id: dataOf<{ id: string }>(a).id, ...(task && { status: 'todo' }) });
        writes.push({ at: Date.now() - a.ms, resource: task ? 'tasks' : 'partners', id: own.at(-1)!.id });
      }
    }
    if (config.thinkMs > 0) await new Promise((r) => setTimeout(r, config.thinkMs * (0.5 + Math.random())));
  }
}

async function main() {
  const owner = await createAccounts();

  const logins = new Stats();
  const tLogin = performance.now();
  const users = (await Promise.all(Array.from({ length: config.users }, (_, i) => logIn(i, logins)))).filter((u): u is User => u !== null);
  const loginSeconds = (performance.now() - tLogin) / 1000;
  console.log(`  Phase 1, all ${config.users} users log in at the same moment: done in ${loginSeconds.toFixed(1)} s, ${users.length} logged in, errors ${logins.errorCount}`);
  logins.print();

  // Colleagues in pairs, each pair with its direct chat; the first `listeners` partners keep a live-event stream open.
  const byIndex = new Map(users.map((u) => [u.i, u]));
  const streams: { close: () => void; reconnects: () => number }[] = [];
  let listening = 0;
  for (const u of users) {
    const partner = byIndex.get(u.i + 1);
    if (u.i % 2 !== 0 || !partner) continue;
    const chat = await must(u.c.request('POST', '/api/chats', { member_ids: [partner.id] }), 'start a chat');
    u.chat = partner.chat = dataOf<{ id: string }>(chat).id;
    u.partner = partner;
    partner.partner = u;
    if (listening++ < (config.listeners ?? 20)) {
      const got = new Set<string>();
      heard.set(partner.i, got);
      streams.push(partner.c.listen((type, data) => {
        if (type === 'message') got.add((JSON.parse(data) as { data: { id: string } }).data.id);
      }));
    }
  }

  const stats = new Stats();
  const t0 = performance.now();
  let stopped = false;
  const running = () => !stopped && (config.controlled || performance.now() < t0 + config.seconds * 1000);
  if (config.controlled) {
    let round = 0;
    process.on('message', (m: { type: string; count?: number }) => {
      if (m.type === 'stop') stopped = true;
      if (m.type === 'jobs') void queueReports(owner, users, m.count ?? 20, ++round).then((queued) => process.send!({ type: 'jobs-sent', queued }), (err: Error) => process.send!({ type: 'jobs-sent', queued: 0, error: err.message }));
    });
    process.send!({ type: 'working' });
  }
  await Promise.all(users.map((u) => work(u, running, stats)));
  const elapsed = (performance.now() - t0) / 1000;
  // Events still on their way get a moment; then every file is read back by the chat partner (through any node).
  await new Promise((r) => setTimeout(r, 3000));
  for (const s of streams) s.close();
  let filesBad = 0;
  await pool(files, 8, async (f) => {
    const back = await f.reader.c.request('GET', `/api/chats/${f.chat}/attachments/${f.key.split('/')[1]}`);
    if (back.status !== 200 || back.body !== f.body) filesBad++;
  });
  for (const u of users) u.c.close();
  owner.close();
  const events = toListeners.map(([at, listener, id]) => [at, heard.get(listener)!.has(id) ? 0 : 1] as const);
  console.log(`  Live events: ${streams.length} streams, ${streams.reduce((a, s) => a + s.reconnects(), 0)} reconnects, ${toListeners.length} messages to them, ${events.filter(([, m]) => m).length} missed; files read back by the partner: ${files.length}, wrong or missing ${filesBad}`);
  const all = stats.all();
  const errors = logins.errorCount + stats.errorCount;
  console.log(`  Phase 2, ${users.length} logged-in users at work for ${config.seconds} s:`);
  console.log(`  ${stats.requests.toLocaleString('en')} requests in ${elapsed.toFixed(1)} s: ${(stats.requests / elapsed).toFixed(0)} requests/s   errors ${stats.errorCount}`);
  console.log(`  latency ms: p50 ${ms(pct(all, 50))}   p95 ${ms(pct(all, 95))}   p99 ${ms(pct(all, 99))}   max ${ms(all.at(-1) ?? NaN)}`);
  stats.print();
  console.log(`  Errors in both phases: ${errors} (target 0: ${errors === 0 ? 'met' : 'NOT MET'})`);
  if (config.summaryFile) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(config.summaryFile, JSON.stringify({
      requests: stats.requests, elapsed, errors, p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), loginSeconds, loginP99: pct(logins.latencies.get('login')?.sort((a, b) => a - b) ?? [], 99),
      timeline: stats.timeline, writes, updates, events, files: files.length, filesBad,
    }));
  }
  // The IPC channel of a controlled run would keep this process alive.
  if (config.controlled) process.disconnect();
}

main().catch((err) => {
  console.error(`load generator failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
