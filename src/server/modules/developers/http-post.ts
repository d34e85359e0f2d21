import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

export type PostResult =
  | { ok: true; status: number; headers: IncomingHttpHeaders; body: string; ms: number }
  | { ok: false; error: string; ms: number };

/** The first bytes of an answer kept in the delivery log. */
export const ANSWER_KEPT_BYTES = 2048;

/**
 * POSTs `body` to `url`, connecting to `address` (already checked, lib/safe-target.ts) whatever the
 * name resolves to now; TLS still checks the certificate against the URL's host. Redirects are not
 * followed (a 3xx is an answer like any other); the whole exchange has `timeoutMs`.
 */
export function postTo(url: string, address: string, family: 4 | 6, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResult> {
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
      agent: false,
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
