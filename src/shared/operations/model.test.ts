import { describe, expect, it } from 'vitest';
import { BOOKING_ACTIONS, BOOKING_STATUSES, delayHours, dueDay, mayBooking, mayEditShipment, mayMoveTask, mayShipment, mayTask, nextSignoff, SHIPMENT_STATUSES, weekOf } from './model.ts';

describe('booking state machine', () => {
  it.each(BOOKING_STATUSES.flatMap((s) => (Object.keys(BOOKING_ACTIONS) as (keyof typeof BOOKING_ACTIONS)[]).map((a) => [a, s] as const)))('%s from %s', (action, status) => {
    const allowed: Record<string, string[]> = {
      confirm: ['received'], reject: ['received'], cancel: ['received', 'confirmed'], complete: ['confirmed'], edit: ['received'],
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

describe('editing a shipment by status', () => {
  it('keeps the planned departure once it left, the arrival once it arrived, and everything once closed or cancelled', () => {
    const editable = (field?: string) => SHIPMENT_STATUSES.filter((s) => mayEditShipment(s, field));
    expect(editable()).toEqual(['booked', 'in_transit', 'arrived', 'delivered']);
    expect(editable('vessel')).toEqual(['booked', 'in_transit', 'arrived', 'delivered']);
    expect(editable('etd')).toEqual(['booked']);
    expect(editable('eta')).toEqual(['booked', 'in_transit']);
  });
});

describe('tasks', () => {
  it('completes open tasks and reopens done or cancelled ones; a closed task moves on only to be done again', () => {
    expect(['todo', 'in_progress', 'done', 'cancelled'].filter((s) => mayTask('complete', s))).toEqual(['todo', 'in_progress']);
    expect(['todo', 'in_progress', 'done', 'cancelled'].filter((s) => mayTask('reopen', s))).toEqual(['done', 'cancelled']);
    expect(mayMoveTask('todo', 'done')).toBe(true);
    expect(mayMoveTask('in_progress', 'cancelled')).toBe(true);
    expect(mayMoveTask('done', 'todo')).toBe(true);
    expect(mayMoveTask('done', 'in_progress')).toBe(false);
    expect(mayMoveTask('cancelled', 'done')).toBe(false);
    expect(mayMoveTask('done', 'done')).toBe(true);
  });

  it('finds the ISO week of a day, Monday to Sunday, across a month and a year end', () => {
    expect(weekOf('2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });
});
