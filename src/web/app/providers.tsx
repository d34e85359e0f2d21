import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The hooks themselves: antd's `message` / `notification` objects also carry the static API
// and its global holder, which this app does not use (~2 kB gzipped on the first page).
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { useTranslation } from 'react-i18next';
import { bindFeedback } from '../lib/feedback.ts';
import { useThemeStore } from '../lib/theme-store.ts';
import { antdLocaleFor } from './i18n.ts';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG, themeConfig } from './theme.ts';

/**
 * The themed message and notification APIs (spec §9: 3 s; 4.5 s, bottom right, 24px), handed
 * to code outside React (lib/feedback.ts). antd's <App> would do the same but brings the whole
 * Modal along (~9 kB gzipped on the login page); screens that need a confirm dialog use
 * `Modal.useModal()` themselves.
 */
function Feedback() {
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

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  // The app's own CSS (app.css) follows the scheme through <html data-theme>.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ConfigProvider componentSize="large" locale={antdLocaleFor(i18n.language)} theme={themeConfig(mode)}>
      <Feedback />
      {children}
    </ConfigProvider>
  );
}
