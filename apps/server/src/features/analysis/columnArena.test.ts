import { describe, expect, it } from 'vitest';
import { createColumnArena, SLAB_BYTES } from './columnArena.ts';
import { createColumnCache } from './columnCache.ts';
import type { PreparedColumns } from '@roadcount/analytics';

describe('column arena', () => {
  it('hands out aligned, separate shared memory, and takes a site’s slabs back when it leaves', () => {
    const arena = createColumnArena(4 * SLAB_BYTES);
    const lease = arena.lease();
    const first = lease.allocate(13);
    const second = lease.allocate(100);
    expect(first.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteOffset).toBe(16);
    const third = lease.allocate(SLAB_BYTES - 100);
    expect(third.buffer).not.toBe(first.buffer);
    lease.release();
    expect(arena.stats().freeBytes).toBe(2 * SLAB_BYTES);
    const again = arena.lease().allocate(8);
    expect([first.buffer, third.buffer]).toContain(again.buffer);
  });

  it('touches its share of memory ahead, up to its bound, counting slabs taken meanwhile', async () => {
    const arena = createColumnArena(3 * SLAB_BYTES);
    await arena.reserve(5 * SLAB_BYTES);
    expect(arena.stats().freeBytes).toBe(3 * SLAB_BYTES);
    const again = createColumnArena(3 * SLAB_BYTES);
    const reserving = again.reserve(3 * SLAB_BYTES);
    // A site loads after the first slab is touched and takes it.
    await new Promise((resolve) => setImmediate(resolve));
    const lease = again.lease();
    lease.allocate(SLAB_BYTES);
    await reserving;
    // Three slabs touched in all: one in the site's hands, two free.
    expect(again.stats().freeBytes).toBe(2 * SLAB_BYTES);
  });

  it('gives the memory of a site the cache lets go to the next site loaded', async () => {
    const arena = createColumnArena(4 * SLAB_BYTES);
    const cache = createColumnCache(1000, arena);
    const seen: ArrayBufferLike[] = [];
    const load = (memory: (bytes: number) => Uint8Array) => {
      const view = memory(1000);
      seen.push(view.buffer);
      return Promise.resolve({ bytes: 1000 } as PreparedColumns);
    };
    await cache.get('a', 'file-1', load);
    expect(arena.stats().freeBytes).toBe(0);
    await cache.get('b', 'file-2', load);
    // Site a left the cache: its slab is free again, and the next site takes it.
    expect(arena.stats().freeBytes).toBe(SLAB_BYTES);
    await cache.get('c', 'file-3', load);
    expect(seen[2]).toBe(seen[0]);
  });
});
