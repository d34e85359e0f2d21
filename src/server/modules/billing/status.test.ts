import { describe, expect, it } from 'vitest';
import { isPremium, nextStatus } from './status.ts';

describe('organisation status machine', () => {
  it('follows checkout, payment, failed renewal, recovery and cancellation', () => {
    expect(nextStatus('inactive', 'checkout_started')).toBe('awaiting_payment');
    expect(nextStatus('awaiting_payment', 'invoice.paid')).toBe('active');
    expect(nextStatus('awaiting_payment', 'checkout_failed')).toBe('inactive');
    expect(nextStatus('active', 'invoice.payment_failed')).toBe('outstanding_payment');
    expect(nextStatus('outstanding_payment', 'invoice.paid')).toBe('active');
    expect(nextStatus('outstanding_payment', 'customer.subscription.deleted')).toBe('inactive');
    expect(nextStatus('active', 'customer.subscription.deleted')).toBe('inactive');
    expect(nextStatus('inactive', 'invoice.paid')).toBe('active');
  });
  it('ignores triggers that make no sense in a status', () => {
    expect(nextStatus('inactive', 'invoice.payment_failed')).toBeNull();
    expect(nextStatus('active', 'checkout_started')).toBeNull();
    expect(nextStatus('active', 'invoice.paid')).toBeNull();
    expect(nextStatus('inactive', 'customer.subscription.updated')).toBeNull();
  });
  it('counts active, or forced, as premium', () => {
    expect(isPremium('active', false)).toBe(true);
    expect(isPremium('outstanding_payment', false)).toBe(false);
    expect(isPremium(null, true)).toBe(true);
  });
});
