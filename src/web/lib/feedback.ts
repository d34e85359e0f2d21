import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

let bound: Feedback | null = null;

/** The app's `<App>` hands its themed message and notification APIs over (see FeedbackBridge). */
export function bindFeedback(feedback: Feedback | null): void {
  bound = feedback;
}

/**
 * Before the app has mounted (nothing calls the API then) notices go to the console: antd's
 * static message/notification API would add its own holder to every first page.
 */
const toConsole = (level: 'info' | 'warn' | 'error') => (content: unknown) => console[level](content);
const unbound: Feedback = {
  message: {
    info: toConsole('info'),
    success: toConsole('info'),
    warning: toConsole('warn'),
    error: toConsole('error'),
    loading: toConsole('info'),
    open: toConsole('info'),
    destroy: () => {},
  } as unknown as MessageInstance,
  notification: {
    info: toConsole('info'),
    success: toConsole('info'),
    warning: toConsole('warn'),
    error: toConsole('error'),
    open: toConsole('info'),
    destroy: () => {},
  } as unknown as NotificationInstance,
};

/** Message and notification APIs usable outside React (the API client). */
export function feedback(): Feedback {
  return bound ?? unbound;
}
