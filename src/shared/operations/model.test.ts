import { describe, expect, it } from 'vitest';
import { BOOKING_ACTIONS, BOOKING_STATUSES, delayHours, dueDay, mayBooking, mayShipment, nextSignoff, SHIPMENT_STATUSES } from './model.ts';

describe('booking state machine', () => {
  it.each(BOOKING_STATUSES.flatMap((s) => (Object.keys(BOOKING_ACTIONS) as (keyof typeof BOOKING_ACTIONS)[]).map((a) => [a, s] as const)))('%s from %s', (action, status) => {
    const allowed: Record<string, string[]> = {
      confirm: ['received'], reject: ['received'], cancel: ['received', 'confirmed'], complete: ['confirmed'], edit: ['received', 'confirmed'],
    };
    expect(mayBooking(action, status)).toBe(allowed[action].includes(status));
  });
});

describe('shipment state machine', () => {
  it('moves forward only, and a closed or cancelled shipment stays so', () => {
    expect(mayShipment('booked', 'in_transit')).toBe(true);
    expect(mayShipment('in_transit', 'arrived')).toBe(true);
    expect(mayShipment('arrived', 'delivered')).toBe(true);
    expect(mayShipment('delivered', 'closed')).toBe(true);
    expect(mayShipment('arrived', 'in_transit')).toBe(false);
    expect(mayShipment('booked', 'delivered')).toBe(false);
    expect(mayShipment('delivered', 'cancelled')).toBe(false);
    for (const to of SHIPMENT_STATUSES) {
      expect(mayShipment('closed', to)).toBe(false);
      expect(mayShipment('cancelled', to)).toBe(false);
    }
  });

  it('signs off operations, then accounts', () => {
    expect(nextSignoff('open')).toBe('operations_signed');
    expect(nextSignoff('operations_signed')).toBe('accounts_signed');
    expect(nextSignoff('accounts_signed')).toBeNull();
  });
});

describe('due days and delays', () => {
  it('counts a task’s due day from its anchor, across a month end', () => {
    expect(dueDay({ etd: '2026-11-28' }, 'etd', -3)).toBe('2026-11-25');
    expect(dueDay({ eta: '2026-11-29T22:00:00Z' }, 'eta', 2)).toBe('2026-12-01');
    expect(dueDay({ etd: null }, 'etd', 1)).toBeNull();
  });

  it('says by how many hours an estimate is late', () => {
    expect(delayHours('2026-12-01T08:00:00Z', '2026-12-02T14:30:00Z')).toBe(30.5);
    expect(delayHours('2026-12-01T08:00:00Z', '2026-12-01T06:00:00Z')).toBe(-2);
    expect(delayHours(null, '2026-12-01T06:00:00Z')).toBeNull();
  });
});
