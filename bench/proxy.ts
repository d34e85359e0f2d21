/**
 * A round-robin HTTP proxy in its own process, for the load run: each request goes to the next
 * app node in turn, over keep-alive connections. Usage: proxy.ts <upstream base> <upstream base> …
 * Prints `listening <port>` once it accepts connections; on SIGTERM prints `stats <json>` and exits.
 */
import http from 'node:http';

const upstreams = process.argv.slice(2).map((u) => new URL(u));
if (upstreams.length === 0) throw new Error('usage: proxy.ts <upstream> [<upstream> …]');
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;
const stats = { requests: 0, upstreamErrors: 0, perUpstream: upstreams.map(() => 0), errors: {} as Record<string, number> };

const server = http.createServer((req, res) => {
  const i = next++ % upstreams.length;
  const target = upstreams[i];
  stats.requests++;
  stats.perUpstream[i]++;
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    stats.upstreamErrors++;
    const key = `${target.host} ${(err as NodeJS.ErrnoException).code ?? err.message}`;
    stats.errors[key] = (stats.errors[key] ?? 0) + 1;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('bad gateway');
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => {
  console.log(`stats ${JSON.stringify(stats)}`);
  process.exit(0);
});
