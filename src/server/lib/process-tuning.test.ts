import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../paths.ts';

/**
 * In a process of its own (V8's natives syntax on): what tuneProcess keeps is an object of the shape
 * every later `process.nextTick` object has (%HaveSameMap), so it keeps that shape alive. If a new
 * Node made the resource of a tick's callback something else, the workaround would keep nothing
 * useful; this fails then. What it saves is a figure of bench "shipped", not of a test.
 */
const SCRIPT = `
import { executionAsyncResource } from 'node:async_hooks';
const { tuneProcess, keptTickObject } = await import('./src/server/lib/process-tuning.ts');
await tuneProcess();
await tuneProcess();
const later = await new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)');
const kept = keptTickObject();
console.log(JSON.stringify({ callback: typeof kept.callback, same: sameShape(kept, later), distinct: kept !== later }));
`;

describe('tuneProcess', () => {
  it('keeps one process.nextTick object, of the shape later ticks have', () => {
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: appRoot, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({ callback: 'function', same: true, distinct: true });
  });
});
