import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from './api-failure.ts';
import { bindFeedback, resetFeedback, showFailure } from './feedback.ts';

describe('showFailure', () => {
  afterEach(() => {
    bindFeedback(null);
    resetFeedback();
  });

  it('shows an API failure the user has not been told of yet, and nothing else', () => {
    const error = vi.fn();
    bindFeedback({ message: { error, destroy: vi.fn() }, notification: { destroy: vi.fn() } } as never);
    showFailure(new ApiFailure({ status: 409, code: 'conflict', message: 'This shipment is already signed off.' }));
    showFailure(new ApiFailure({ status: 0, code: 'network', message: 'No connection.', notified: true }));
    showFailure(new Error('not an API failure'));
    expect(error.mock.calls).toEqual([['This shipment is already signed off.']]);
  });
});
