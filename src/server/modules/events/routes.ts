import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { identify, requireUser } from '../auth/session.ts';
import type { LiveHub, LiveRow, Stream } from './hub.ts';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it reconnects (EventSource's `retry`). */
const RETRY_MS = 3_000;
/** How soon a browser whose stream a stopping node ended comes back (through the balancer, to another node). */
const RECONNECT_MS = 500;

const eventsQuery = z.object({
  /** Where to resume when the client cannot send the Last-Event-ID header itself. */
  last_event_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

const frame = (e: LiveRow) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ id: e.id, type: e.type, data: e.data })}\n\n`;

/**
 * GET /api/events: the caller's live stream (Server-Sent Events). Notifications, messages and
 * connection changes arrive as they commit; a reconnect with `Last-Event-ID` replays what was missed.
 */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext, hub: LiveHub) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<(reconnect?: boolean) => void>();
  // Streams never end by themselves: closing the server ends them first, each told to come back
  // soon (the browser reconnects through the balancer to another node and catches up by id).
  app.addHook('preClose', async () => {
    for (const end of [...open]) end(true);
  });

  api.get('/api/events', {
    config: { access: 'user' },
    schema: {
      tags: ['events'],
      summary: 'The caller’s live events (text/event-stream); resumes after Last-Event-ID',
      querystring: eventsQuery,
      headers: z.object({ 'last-event-id': z.string().regex(/^\d{1,15}$/).optional() }).passthrough(),
      produces: ['text/event-stream'],
    },
  }, async (req, reply) => {
    const me = await requireUser(ctx, req);
    const { session } = (await identify(ctx, req))!;
    const header = req.headers['last-event-id'];
    const from = header !== undefined ? Number(header) : (req.query.last_event_id ?? null);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies pass the stream on as it comes.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    let ended = false;
    let stream: Stream | null = null;
    let beat: NodeJS.Timeout | null = null;
    const end = (reconnect = false) => {
      if (ended) return;
      ended = true;
      if (beat) clearInterval(beat);
      if (stream) hub.close(stream);
      open.delete(end);
      if (reconnect && res.writable) res.write(`retry: ${RECONNECT_MS}\nevent: reconnect\ndata: {}\n\n`);
      res.end();
    };
    open.add(end);
    req.raw.on('close', () => end());
    res.on('error', () => end());
    // The stream ends with its session (logout, password change, revocation, expiry) on whichever node holds it.
    stream = await hub.open({ userId: me.id, sessionId: session.id }, from, (e) => {
      if (!ended) res.write(frame(e));
    }, () => end());
    if (ended) return hub.close(stream);
    // A fresh stream says where it starts, so that a reconnect before any event still catches up.
    if (from === null) res.write(`id: ${stream.last}\nevent: ready\ndata: {}\n\n`);
    else res.write(`event: ready\ndata: {}\n\n`);
    beat = setInterval(() => res.write(': \n\n'), HEARTBEAT_MS);
    beat.unref();
  });
}
