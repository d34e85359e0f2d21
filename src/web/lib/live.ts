import type { LiveEvent } from '#shared/api/notifications.ts';
import { queryClient } from './query-client.ts';

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
};

/**
 * The live stream (GET /api/events) while logged in: one EventSource per tab. The browser
 * reconnects by itself and sends the last event id, so the server replays what was missed.
 */
export function startLive(): () => void {
  if (source || typeof EventSource === 'undefined') return stopLive;
  source = new EventSource('/api/events');
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
  for (const type of Object.keys(STALE)) source.addEventListener(type, handle as EventListener);
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
