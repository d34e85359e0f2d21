/**
 * A round-robin HTTP proxy in its own process, for the load run, behaving as a load balancer does:
 * each request goes to the next app node that is in rotation, over keep-alive connections. A node
 * is in rotation while its GET /api/ready answers 200 (checked every HEALTH_MS), so a draining node
 * (503 `shutting_down`) is taken out before it stops taking connections. A request whose connection
 * to a node was refused never reached it: it goes to the next node (as nginx's proxy_next_upstream
 * does for a failed connect), as is a GET or HEAD lost before any answer; a write the node took and
 * then lost (reset, killed) fails: 502. A node leaving rotation has its idle keep-alive connections
 * closed here, and a check's answer older than one already applied is ignored.
 * A stream cut by its node (live events) ends the client's answer, so that the browser reconnects.
 * Usage: proxy.ts <upstream base> <upstream base> … Prints `listening <port>` once it accepts
 * connections, `up <base>` / `down <base>` as nodes enter and leave rotation; on SIGTERM prints
 * `stats <json>` and exits.
 */
import http from 'node:http';

const HEALTH_MS = Number(process.env.PROXY_HEALTH_MS ?? 250);
const upstreams = process.argv.slice(2).map((u) => new URL(u));
if (upstreams.length === 0) throw new Error('usage: proxy.ts <upstream> [<upstream> …]');
/** One pool of keep-alive connections per node, so that a node's can be closed when it leaves rotation. */
const agents = upstreams.map(() => new http.Agent({ keepAlive: true, maxSockets: 512 }));
const healthAgent = new http.Agent({ keepAlive: false });
const ready = upstreams.map(() => true);
/** Each node's checks are numbered: an answer older than one already applied is ignored (a slow 200 from before a drain must not put the node back). */
const checkSent = upstreams.map(() => 0);
const checkApplied = upstreams.map(() => 0);
let next = 0;
const stats = { requests: 0, upstreamErrors: 0, retried: 0, perUpstream: upstreams.map(() => 0), errors: {} as Record<string, number>, retriedWhy: {} as Record<string, number>, failures: [] as string[] };
/** When each node last left rotation (0: never). */
const downAt = upstreams.map(() => 0);

/**
 * A node leaving rotation: its idle keep-alive connections are closed here, so that no request
 * rides one the node is about to close (the race a balancer's keep-alive pool has with a stopping
 * node: a request written just as the node closes an idle connection is lost).
 */
function leave(i: number) {
  downAt[i] = Date.now();
  for (const sockets of Object.values(agents[i].freeSockets)) for (const socket of sockets ?? []) socket.destroy();
}

function check(i: number) {
  const target = upstreams[i];
  const seq = ++checkSent[i];
  const set = (up: boolean) => {
    if (seq < checkApplied[i]) return;
    checkApplied[i] = seq;
    if (ready[i] !== up) console.log(`${up ? 'up' : 'down'} ${target.origin}`);
    if (ready[i] && !up) leave(i);
    ready[i] = up;
  };
  const req = http.get({ host: target.hostname, port: target.port, path: '/api/ready', agent: healthAgent, timeout: 2_000 }, (res) => {
    res.resume();
    set(res.statusCode === 200);
  });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', () => set(false));
}
setInterval(() => upstreams.forEach((_, i) => check(i)), HEALTH_MS).unref();

/** The next node in rotation not tried yet for this request (none in rotation: every untried node in turn). */
function pick(tried: Set<number>): number {
  for (let k = 0; k < upstreams.length; k++) {
    const i = next++ % upstreams.length;
    if (ready[i] && !tried.has(i)) return i;
  }
  for (let k = 0; k < upstreams.length; k++) {
    const i = next++ % upstreams.length;
    if (!tried.has(i)) return i;
  }
  return next++ % upstreams.length;
}

const server = http.createServer((req, res) => {
  stats.requests++;
  // The body is read first (the load's bodies are small), so that a refused connection can be retried elsewhere.
  const chunks: Buffer[] = [];
  req.on('data', (d: Buffer) => chunks.push(d));
  req.on('end', () => send(Buffer.concat(chunks), 0));
  const tried = new Set<number>();

  function send(body: Buffer, attempt: number) {
    const i = pick(tried);
    tried.add(i);
    const target = upstreams[i];
    stats.perUpstream[i]++;
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: agents[i] }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
      // A node that dies mid-answer (kill -9) cuts the answer short: the client sees its connection end.
      up.on('aborted', () => res.destroy());
      up.on('error', () => res.destroy());
    });
    upstream.on('error', (err) => {
      const code = (err as NodeJS.ErrnoException).code ?? err.message;
      // Sent again to the next node: a request that never reached this one (refused), and one that
      // changes nothing lost before any answer (as nginx's proxy_next_upstream does for idempotent
      // requests); a write the node may have taken is never sent twice.
      const idempotent = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
      if (!res.headersSent && attempt < upstreams.length && (code === 'ECONNREFUSED' || idempotent)) {
        if (code === 'ECONNREFUSED') {
          if (ready[i]) leave(i);
          ready[i] = false;
        }
        stats.retried++;
        const why = `${target.host} ${code} ${idempotent ? 'idempotent' : req.method}${upstream.reusedSocket ? ' reused' : ''} ${ready[i] ? 'in rotation' : 'out'}`;
        stats.retriedWhy[why] = (stats.retriedWhy[why] ?? 0) + 1;
        return send(body, attempt + 1);
      }
      stats.upstreamErrors++;
      const key = `${target.host} ${code}`;
      stats.errors[key] = (stats.errors[key] ?? 0) + 1;
      if (stats.failures.length < 50) stats.failures.push(`${target.host} ${code} ${req.method} ${req.url?.split('?')[0]} reused=${upstream.reusedSocket} ready=${ready[i]} sinceDown=${downAt[i] ? Date.now() - downAt[i] : '-'}ms headers=${res.headersSent}`);
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    // The client went away (a live-event stream closed): so does the node's side.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => {
  console.log(`stats ${JSON.stringify(stats)}`);
  process.exit(0);
});
