import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notification = { error: vi.fn(), info: vi.fn() };
vi.mock('./feedback.ts', () => ({ feedback: () => ({ notification, message: {} }), bindFeedback: vi.fn() }));

const { installGlobalErrorHandlers, reportUnhandledError } = await import('./global-errors.ts');
const { ApiFailure } = await import('./api-failure.ts');

describe('unhandled errors (docs/product.md#error-notices)', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.clearAllMocks();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stop = installGlobalErrorHandlers();
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('shows "Internal Server Error. Please try again later." for an unhandled rejection', () => {
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('nobody caught me') }));
    expect(notification.error).toHaveBeenCalledWith({ key: 'unhandled-error', title: 'Internal Server Error. Please try again later.' });
  });

  it('shows it for an uncaught error', () => {
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
    expect(notification.error).toHaveBeenCalledWith({ key: 'unhandled-error', title: 'Internal Server Error. Please try again later.' });
  });

  it('does not repeat what the user was already told, nor browser noise', () => {
    reportUnhandledError(new ApiFailure({ status: 0, code: 'network_error', message: 'Network Error', notified: true }));
    reportUnhandledError(new ApiFailure({ status: 401, code: 'unauthenticated', message: 'No' }));
    reportUnhandledError(new Error('ResizeObserver loop completed with undelivered notifications.'));
    expect(notification.error).not.toHaveBeenCalled();
  });
});
