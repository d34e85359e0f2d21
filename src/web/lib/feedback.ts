import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { isApiFailure } from './api-failure.ts';

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

let bound: Feedback | null = null;
type Call = { api: keyof Feedback; method: string; args: unknown[] };
let queued: Call[] = [];

/** The app's holders hand their themed message and notification APIs over (app/feedback-holders.tsx). */
export function bindFeedback(feedback: Feedback | null): void {
  bound = feedback;
  if (!feedback) return;
  const calls = queued;
  queued = [];
  for (const c of calls) (feedback[c.api] as unknown as Record<string, (...a: unknown[]) => unknown>)[c.method](...c.args);
}

let wanted = false;
const wantListeners = new Set<() => void>();
/** Called when the first notice is asked for; the app then loads the holders (app/providers.tsx). */
export function onFeedbackWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/**
 * The holders' code is loaded with the first notice, not with the first page: until they are
 * mounted, calls wait (the first few) and run as soon as they are.
 */
const waiting = (api: keyof Feedback) =>
  new Proxy({} as Record<string, unknown>, {
    get: (_t, method: string) => (...args: unknown[]) => {
      if (method === 'destroy') return;
      if (queued.length < 20) queued.push({ api, method, args });
      if (!wanted) {
        wanted = true;
        wantListeners.forEach((l) => l());
      }
    },
  });
const unbound = { message: waiting('message'), notification: waiting('notification') } as unknown as Feedback;

/**
 * Drops the notices still waiting for the holders and closes those on screen: a test's end, so
 * that what one test asked for is not replayed into the next one's page.
 */
export function resetFeedback(): void {
  queued = [];
  bound?.message.destroy();
  bound?.notification.destroy();
}

/** Message and notification APIs usable outside React (the API client). */
export function feedback(): Feedback {
  return bound ?? unbound;
}

/** Tells the user why a call failed, unless the API client already has (network or server error). */
export function showFailure(error: unknown): void {
  if (isApiFailure(error) && !error.notified) feedback().message.error(error.message);
}
