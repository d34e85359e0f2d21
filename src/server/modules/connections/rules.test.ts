// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CONNECTION_STATUSES } from '#shared/api/connections.ts';
import { onRequest, pairOf, transition, type Side } from './rules.ts';

describe('connection rules', () => {
  it('allows exactly these moves, and no other pair of status and side', () => {
    const allowed: string[] = [];
    for (const from of CONNECTION_STATUSES) {
      for (const side of ['requester', 'target'] as Side[]) {
        for (const to of CONNECTION_STATUSES) if (transition(from, side, to)) allowed.push(`${from} -${side}-> ${to}`);
      }
    }
    expect(allowed.sort()).toEqual([
      'connected -requester-> disconnected',
      'connected -target-> disconnected',
      'pending -requester-> withdrawn',
      'pending -target-> connected',
      'pending -target-> declined',
    ]);
  });

  it('answers a second request by the state of the pair', () => {
    expect(onRequest('pending', 'requester')).toBe('already_requested');
    expect(onRequest('pending', 'target')).toBe('accept');
    expect(onRequest('connected', 'requester')).toBe('already_connected');
    expect(onRequest('connected', 'target')).toBe('already_connected');
    for (const ended of ['declined', 'withdrawn', 'disconnected'] as const) {
      expect(onRequest(ended, 'requester')).toBe('reopen');
      expect(onRequest(ended, 'target')).toBe('reopen');
    }
  });

  it('keys a pair the same whichever side asks', () => {
    const a = { type: 'user' as const, id: '0190aaaa-0000-7000-8000-000000000001' };
    const b = { type: 'organisation' as const, id: '0190aaaa-0000-7000-8000-000000000002' };
    expect(pairOf(a, b)).toEqual(pairOf(b, a));
    expect(pairOf(a, b)).toEqual({ pair_low: `organisation:${b.id}`, pair_high: `user:${a.id}` });
  });
});
