import type { ReactNode } from 'react';
import { App } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from './theme.ts';

/**
 * What the screens of the lazily loaded layouts (home, pricing, 404) get besides the app's
 * providers: server state (react-query) and antd's <App> (App.useApp() for message,
 * notification and modal, configured as docs/product.md#error-notices says). The auth layout goes without both, so
 * that the query cache and antd's Modal stay off the login page (its screens use
 * lib/use-action.ts and lib/feedback.ts).
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <App component={false} message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        {children}
      </App>
    </QueryClientProvider>
  );
}
