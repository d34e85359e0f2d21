import type { LiveEvent } from '#shared/api/notifications.ts';
import { queryClient } from './query-client.ts';
import { loadSessionUser } from './session.ts';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

/** What each kind of event makes stale in the cache (everything else listens with `onLive`). */
const STALE: Record<LiveEvent['type'], readonly string[][]> = {
  notification: [['notifications']],
  message: [['chats']],
  chat_read: [['chats']],
  connection: [['connections'], ['search']],
  post: [['feed']],
  task: [['tasks']],
};

/** How long a stream the server refused waits before it tries again (when the session is still good). */
const RESTART_MS = 10_000;

/**
 * The live stream (GET /api/events) while logged in: one EventSource per tab. The browser
 * reconnects by itself and sends the last event id, so the server replays what was missed. The
 * server ends a stream when its session ends (a logout in another tab, a password change
 * elsewhere); the browser's reconnect is then refused and the EventSource gives up: the session is
 * read again, so that a 401 takes the user to the login as any call would.
 */
export function startLive(): () => void {
  if (source || typeof EventSource === 'undefined') return stopLive;
  const own = new EventSource('/api/events');
  source = own;
  own.addEventListener('error', () => {
    if (own.readyState !== EventSource.CLOSED || source !== own) return;
    stopLive();
    loadSessionUser({ silent: true }).then(
      () => setTimeout(() => void startLive(), RESTART_MS),
      () => {},
    );
  });
  const handle = (e: MessageEvent<string>) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(e.data) as LiveEvent;
    } catch {
      return;
    }
    for (const key of STALE[event.type] ?? []) void queryClient.invalidateQueries({ queryKey: key });
    for (const l of listeners) l(event);
  };
  for (const type of Object.keys(STALE)) own.addEventListener(type, handle as EventListener);
  return stopLive;
}

export function stopLive() {
  source?.close();
  source = null;
}

/** Hears every live event until the returned function is called. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
