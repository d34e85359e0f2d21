import { executionAsyncResource } from 'node:async_hooks';
import v8 from 'node:v8';

/** The tick object kept for the process's life (see tuneProcess). */
let keptTick: object | undefined;

/**
 * Two settings of V8 for a long-running server, made before the server's modules load
 * (src/server/main.ts). Both were found with `perf` and `--trace-gc` on the shipped process under
 * load (bench "shipped", docs/architecture.md#v8-settings): a bare Fastify route inside FYN's
 * process cost a third more CPU than the same route in a process of its own.
 *
 * - **One `process.nextTick` object kept for the process's life.** Every tick makes an object
 *   `{ [async id], [trigger id], [context], callback, args }` (Node's task_queues.js), and in FYN's
 *   process V8 built each one on its slow path (Runtime_DefineKeyedOwnPropertyInLiteral, searching
 *   the transitions of the empty object's shape): 13 % of the CPU serving /api/health, none in a
 *   bare Fastify process. What sets the two apart is how many shapes begin from the empty object's
 *   (FYN's modules and data: about 4,000 different first properties among its plain objects), and a
 *   bare Fastify process given 3,000 objects each begun with a property of its own slows the same
 *   way (10.5 → 14 µs a request). One tick object kept alive makes both fast again (FYN's
 *   /api/health 14 → 11.5 µs); why, inside V8, was not traced.
 * - **No allocation-site pretenuring.** In one start of three a full GC ran every 1.6 s under load:
 *   requests' short-lived objects reached the old generation (--trace-gc: 82 → 354 MB between
 *   collections) and the CPU per request rose by a third. Without pretenuring (V8 never allocates
 *   a code site's objects straight in the old generation) none of 14 starts did.
 */
export async function tuneProcess(): Promise<void> {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  keptTick ??= await new Promise<object>((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
}

/** The tick object tuneProcess keeps (its test compares it with a new tick's). */
export const keptTickObject = (): object | undefined => keptTick;
