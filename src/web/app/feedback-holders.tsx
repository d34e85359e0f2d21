import { useEffect } from 'react';
// The hooks themselves: antd's `message` / `notification` objects also carry the static API
// and its global holder, which this app does not use.
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { bindFeedback } from '../lib/feedback.ts';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from './theme.ts';

/**
 * The themed message and notification APIs (docs/product.md#error-notices: 3 s; 4.5 s, bottom right, 24px), handed
 * to code outside React (lib/feedback.ts), which replays what was asked before they were ready.
 */
export function FeedbackHolders() {
  const [message, messageHolder] = useMessage(MESSAGE_CONFIG);
  const [notification, notificationHolder] = useNotification(NOTIFICATION_CONFIG);
  useEffect(() => {
    bindFeedback({ message, notification });
    return () => bindFeedback(null);
  }, [message, notification]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
