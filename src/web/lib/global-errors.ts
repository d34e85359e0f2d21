import i18next from 'i18next';
import { isApiFailure } from './api-failure.ts';
import { feedback } from './feedback.ts';

/** Browser noise that is not an error of the app. */
const IGNORED = [/ResizeObserver loop/];

/**
 * docs/product.md#error-notices: any unhandled error shows "Internal Server Error. Please try again later." API
 * failures the user has already been told about (network, server error, session expired) and
 * cancelled calls are not shown twice.
 */
export function reportUnhandledError(error: unknown): void {
  if (isApiFailure(error) && (error.notified || error.status === 401 || error.code === 'canceled')) return;
  const text = error instanceof Error ? error.message : String(error ?? '');
  if (IGNORED.some((pattern) => pattern.test(text))) return;
  console.error('Unhandled error', error);
  // One notice at a time, however many errors arrive together.
  feedback().notification.error({ key: 'unhandled-error', title: i18next.t('errors.server') });
}

/** Listens for errors nothing else caught; answers the function that stops listening. */
export function installGlobalErrorHandlers(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => reportUnhandledError(event.reason);
  const onError = (event: ErrorEvent) => reportUnhandledError(event.error ?? event.message);
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
