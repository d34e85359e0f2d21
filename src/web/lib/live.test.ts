import { afterEach, describe, expect, it, vi } from 'vitest';

const { startLive, stopLive } = await import('./live.ts');
const { transport, authEvents } = await import('./api-client.ts');

/** A stand-in for the browser's EventSource: the test says when it gives up (a refused reconnect). */
class FakeSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = FakeSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
  /** The server ended the stream and refused the reconnect: EventSource closes and reports an error. */
  refuse() {
    this.readyState = FakeSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const realFetch = transport.fetch;

describe('the live stream', () => {
  afterEach(() => {
    transport.fetch = realFetch;
    stopLive();
    FakeSource.made = [];
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the session again when the server refuses the stream, so that an ended session leads to the login', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    const seen: string[] = [];
    transport.fetch = async (input) => {
      seen.push(input);
      return new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'You are not logged in.' } }), { status: 401, headers: { 'content-type': 'application/json' } });
    };
    const unauthenticated = vi.spyOn(authEvents, 'onUnauthenticated').mockImplementation(() => {});
    startLive();
    expect(FakeSource.made).toHaveLength(1);
    // A network hiccup (still connecting) is the browser's to retry: nothing is asked.
    FakeSource.made[0].readyState = FakeSource.CONNECTING;
    FakeSource.made[0].dispatchEvent(new Event('error'));
    expect(seen).toEqual([]);
    FakeSource.made[0].refuse();
    await vi.waitFor(() => expect(unauthenticated).toHaveBeenCalled());
    expect(seen).toEqual(['/api/user']);
    // Given up: no new stream for a session that ended.
    expect(FakeSource.made).toHaveLength(1);
  });
});
