import type { ActorType, ConnectionStatus } from '#shared/api/connections.ts';

export type ActorKey = { type: ActorType; id: string };
export type Side = 'requester' | 'target';

/** The pair's two keys in order: one row per pair, whichever side asks. */
export function pairOf(a: ActorKey, b: ActorKey): { pair_low: string; pair_high: string } {
  const x = `${a.type}:${a.id}`;
  const y = `${b.type}:${b.id}`;
  return x < y ? { pair_low: x, pair_high: y } : { pair_low: y, pair_high: x };
}

/**
 * What a side may turn a connection into: the receiver accepts or declines a request, the sender
 * withdraws it, either side ends a connection. Null: not a move this side may make now.
 */
export function transition(current: ConnectionStatus, side: Side, wanted: ConnectionStatus): ConnectionStatus | null {
  if (current === 'pending') {
    if (side === 'target' && (wanted === 'connected' || wanted === 'declined')) return wanted;
    if (side === 'requester' && wanted === 'withdrawn') return wanted;
    return null;
  }
  if (current === 'connected' && wanted === 'disconnected') return wanted;
  return null;
}

/**
 * A new request between a pair that already has a row: what happens to it. `reopen`: an ended
 * connection (declined, withdrawn, disconnected) starts again as a request from this side;
 * `accept`: the other side had asked already, so the two are connected.
 */
export function onRequest(current: ConnectionStatus, side: Side): 'reopen' | 'accept' | 'already_requested' | 'already_connected' {
  if (current === 'connected') return 'already_connected';
  if (current === 'pending') return side === 'requester' ? 'already_requested' : 'accept';
  return 'reopen';
}
