import { message as staticMessage, notification as staticNotification } from 'antd';
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

/** Message and notification APIs usable outside React (the API client). */
export function feedback(): Feedback {
  return bound ?? { message: staticMessage, notification: staticNotification };
}
