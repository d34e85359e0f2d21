// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createListCache } from './list-cache.ts';

const page = (n: number) => ({ data: Array.from({ length: n }, (_, i) => ({ id: String(i) })) });

describe('list cache', () => {
  it('answers a page until its table changes, and never a page read before a change', () => {
    const cache = createListCache(true);
    const before = cache.generation('tasks');
    cache.set('tasks', 'k', before, page(2));
    expect(cache.get('tasks', 'k')).toEqual(page(2));
    cache.changed('partners');
    expect(cache.get('tasks', 'k')).toEqual(page(2));
    cache.changed('tasks');
    expect(cache.get('tasks', 'k')).toBeUndefined();
    // A read that started before the change does not store its (older) page.
    cache.set('tasks', 'k', before, page(2));
    expect(cache.get('tasks', 'k')).toBeUndefined();
  });

  it('holds a bounded number of records, dropping the least recently used pages', () => {
    const cache = createListCache(true, 250);
    for (let i = 0; i < 4; i++) cache.set('tasks', `p${i}`, 0, page(100));
    expect(['p0', 'p1', 'p2', 'p3'].filter((k) => cache.get('tasks', k) !== undefined)).toEqual(['p2', 'p3']);
  });

  it('keeps nothing when off (PostgreSQL)', () => {
    const cache = createListCache(false);
    cache.set('tasks', 'k', 0, page(1));
    expect(cache.get('tasks', 'k')).toBeUndefined();
  });
});
