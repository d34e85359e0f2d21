import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bindFeedback } from '../lib/feedback.ts';
import { queryClient } from '../lib/query-client.ts';
import { useThemeStore } from '../lib/theme-store.ts';
import { antdLocaleFor } from './i18n.ts';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG, themeConfig } from './theme.ts';

/** Hands the themed message / notification APIs of `<App>` to code outside React. */
function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    bindFeedback({ message, notification });
    return () => bindFeedback(null);
  }, [message, notification]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const mode = useThemeStore((s) => s.mode);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider componentSize="large" locale={antdLocaleFor(i18n.language)} theme={themeConfig(mode)}>
        <App message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
