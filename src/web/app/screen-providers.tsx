import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
// The screens' texts (lib/app-texts.ts): these layouts render once they are in.
import '../lib/app-texts.ts';

/**
 * What the screens of the lazily loaded layouts (home, pricing, 404) get besides the app's
 * providers: server state (react-query). The auth layout goes without it, so that the query cache
 * stays off the login page (its screens use lib/use-action.ts). Notices go through lib/feedback.ts,
 * whose holders load with the first notice; no screen needs antd's <App> (it brought Modal, message
 * and notification to every first load).
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
    </QueryClientProvider>
  );
}
