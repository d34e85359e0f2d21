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
    const cache = createListCache(true, { maxRecords: 250 });
    for (let i = 0; i < 4; i++) cache.set('tasks', `p${i}`, 0, page(100));
    expect(['p0', 'p1', 'p2', 'p3'].filter((k) => cache.get('tasks', k) !== undefined)).toEqual(['p2', 'p3']);
  });

  it('keeps nothing when off', async () => {
    const cache = createListCache(false);
    cache.set('tasks', 'k', 0, page(1));
    expect(cache.get('tasks', 'k')).toBeUndefined();
    expect(await cache.ready()).toBe(false);
  });

  it('is ready only once its notices have caught up, and not while they cannot', async () => {
    let listening = true;
    let syncs = 0;
    const cache = createListCache(true, { sync: async () => { syncs++; if (!listening) throw new Error('not listening'); } });
    expect(await cache.ready()).toBe(true);
    listening = false;
    expect(await cache.ready()).toBe(false);
    expect(syncs).toBe(2);
  });

  it('drops every page on a reset, and refuses pages of reads begun before it', () => {
    const cache = createListCache(true);
    const before = cache.generation('tasks');
    cache.set('tasks', 'a', before, page(1));
    cache.set('partners', 'b', cache.generation('partners'), page(1));
    cache.reset();
    expect(cache.get('tasks', 'a')).toBeUndefined();
    expect(cache.get('partners', 'b')).toBeUndefined();
    cache.set('tasks', 'a', before, page(1));
    expect(cache.get('tasks', 'a')).toBeUndefined();
    cache.set('tasks', 'a', cache.generation('tasks'), page(3));
    expect(cache.get('tasks', 'a')).toEqual(page(3));
  });
});
