import { QueryClient } from '@tanstack/react-query';
import { isApiFailure } from './api-failure.ts';
import { onSessionCleared } from './clear-session.ts';

/** Retries once, and only what may succeed on a second try (no answer, or a server error). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiFailure(error) && error.status > 0 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Logout or a 401 forgets every cached answer (docs/product.md#logout).
onSessionCleared(() => queryClient.clear());
