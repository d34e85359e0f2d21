import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export type PostResult =
  | { ok: true; status: number; headers: IncomingHttpHeaders; body: string; ms: number }
  | { ok: false; error: string; ms: number };

/** The first bytes of an answer kept in the delivery log. */
export const ANSWER_KEPT_BYTES = 2048;

/** Kept-alive connections per receiver (its origin at the address checked), the oldest let go past MAX_AGENTS. */
const agents = new Map<string, HttpAgent>();
const MAX_AGENTS = 1000;
/** An idle connection is closed before the usual 5 s a server keeps one: a reused connection is rarely one the receiver is closing. */
const IDLE_MS = 4000;

function agentFor(u: URL, address: string, maxSockets: number): HttpAgent {
  const key = `${u.origin}|${address}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets, timeout: IDLE_MS, scheduling: 'lifo' as const };
    agent = u.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
    if (agents.size > MAX_AGENTS) {
      const [oldest, old] = agents.entries().next().value!;
      agents.delete(oldest);
      old.destroy();
    }
  }
  return agent;
}

/**
 * POSTs `body` to `url`, connecting to `address` (already checked, lib/safe-target.ts) whatever the
 * name resolves to now; TLS still checks the certificate against the URL's host. Redirects are not
 * followed (a 3xx is an answer like any other); the whole exchange has `timeoutMs`. Connections to
 * one receiver at one address are kept alive and reused, at most `maxSockets` at a time.
 */
export function postTo(url: string, address: string, family: 4 | 6, headers: Record<string, string>, body: string, timeoutMs: number, maxSockets = 1): Promise<PostResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const u = new URL(url);
  const fixed: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: PostResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(r);
      }
    };
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: fixed,
      agent: agentFor(u, address, maxSockets),
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < ANSWER_KEPT_BYTES) chunks.push(c);
        size += c.length;
        // Enough is kept; the rest is not waited for.
        if (size >= ANSWER_KEPT_BYTES) res.destroy();
      });
      const finish = () => done({ ok: true, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).subarray(0, ANSWER_KEPT_BYTES).toString('utf8'), ms: ms() });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, error: `no answer within ${timeoutMs / 1000} s`, ms: ms() });
    }, timeoutMs);
    req.on('error', (err) => done({ ok: false, error: err.message.slice(0, 300), ms: ms() }));
    req.end(body);
  });
}
