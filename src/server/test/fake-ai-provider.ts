/**
 * A local stand-in for an OpenAI-compatible chat-completions service (test helper), on 127.0.0.1:
 * `POST /v1/chat/completions` answers with the next reply the test queued — a JSON content (valid
 * or breaking the schema), a late answer, or an error status — and keeps every request it got.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeReply =
  | { kind: 'json'; content: unknown; tokensIn?: number; tokensOut?: number; model?: string }
  | { kind: 'text'; content: string; tokensIn?: number; tokensOut?: number }
  | { kind: 'slow'; afterMs: number; content: unknown }
  | { kind: 'status'; status: number };

export type FakeRequest = { path: string; authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[]; response_format?: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } } } };

export type FakeAiProvider = { baseUrl: string; requests: FakeRequest[]; queue(...replies: FakeReply[]): void; close(): Promise<void> };

export async function startFakeAiProvider(): Promise<FakeAiProvider> {
  const replies: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeRequest['body'];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const reply = replies.shift() ?? { kind: 'status', status: 503 };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      if (reply.kind === 'status') return send(reply.status, { error: { message: 'the model is overloaded', type: 'server_error' } });
      const completion = (content: string, tokensIn = 0, tokensOut = 0, model = body.model) => ({
        id: `chatcmpl-${requests.length}`, object: 'chat.completion', created: Math.floor(Date.now() / 1000), model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
        usage: { prompt_tokens: tokensIn, completion_tokens: tokensOut, total_tokens: tokensIn + tokensOut },
      });
      if (reply.kind === 'slow') {
        const timer = setTimeout(() => send(200, completion(JSON.stringify(reply.content))), reply.afterMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      const content = reply.kind === 'json' ? JSON.stringify(reply.content) : reply.content;
      send(200, completion(content, reply.tokensIn, reply.tokensOut, reply.kind === 'json' ? reply.model : undefined));
    });
    function send(status: number, json: unknown) {
      if (res.writableEnded || res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...r) => replies.push(...r),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
