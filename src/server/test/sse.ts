import { request } from 'node:http';

export type Frame = { id: string | null; event: string; data: unknown; retry: number | null };

/**
 * A Server-Sent Events reader for tests: opens GET `url` with the given headers and collects frames;
 * `next` waits for the first frame (from the start) that matches.
 */
export async function openStream(url: string, headers: Record<string, string>) {
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let status = 0;
  let markEnded: () => void = () => {};
  /** Resolves when the server ends the response. */
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const req = request(url, { headers: { accept: 'text/event-stream', ...headers } });
  const opened = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const f: Frame = { id: null, event: 'message', data: null, retry: null };
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) f.id = line.slice(4);
            else if (line.startsWith('event: ')) f.event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
            else if (line.startsWith('retry: ')) f.retry = Number(line.slice(7));
          }
          if (!data && f.event === 'message') continue; // comments and `retry:`
          f.data = data ? JSON.parse(data) : null;
          frames.push(f);
          for (const w of [...waiters]) w();
        }
      });
      res.on('end', markEnded);
      res.on('close', markEnded);
      resolve();
    });
    req.on('error', reject);
  });
  req.end();
  await opened;
  return {
    status: () => status,
    frames,
    async next(match: (f: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
      const found = () => frames.find(match);
      if (found()) return found()!;
      return new Promise<Frame>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.event))}`));
        }, timeoutMs);
        const check = () => {
          const f = found();
          if (!f) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(f);
        };
        waiters.add(check);
      });
    },
    /** Waits for the server to end the stream. */
    async ended(timeoutMs = 5_000): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the stream did not end within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.event))}`)), timeoutMs)));
      try {
        await Promise.race([ended, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => req.destroy(),
  };
}
