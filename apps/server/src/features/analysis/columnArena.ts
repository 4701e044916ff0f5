import { closeSync, openSync, readSync } from 'node:fs';
import type { Allocate } from '@roadcount/analytics';

/** Slabs of this size hold a site's columns (a column of a million vehicles is 8 MiB at most). */
export const SLAB_BYTES = 16 * 1024 * 1024;
const PAGE_BYTES = 4096;

/**
 * Makes the pages of `view` ready for a site's columns. On this project's 2-core VM, a page
 * costs on its first write by the kernel (a file read into it) and again on its first read from
 * JavaScript, each ~0.7-1 ms a megabyte, even when touched the other way before: so the pages
 * are filled from /dev/zero (where there is one) and then read once from here.
 */
function touch(view: Uint8Array): number {
  // (Answers what it read, so that the reads are not left out as useless.)
  let zero: number | undefined;
  try {
    zero = openSync('/dev/zero', 'r');
    for (let at = 0; at < view.length;) {
      const read = readSync(zero, view, at, view.length - at, null);
      if (read === 0) throw new Error('/dev/zero ended');
      at += read;
    }
  } catch {
    view.fill(0);
  } finally {
    if (zero !== undefined) closeSync(zero);
  }
  let sum = 0;
  for (let at = 0; at < view.length; at += PAGE_BYTES) sum += view[at] as number;
  return sum;
}

/**
 * Shared memory for the column cache, in slabs handed out to a site's load and taken back when
 * the site leaves the cache, so that memory once touched is used again. New memory costs its
 * first touch (milliseconds per megabyte on some virtual machines, more than reading a file from
 * the page cache into it): `reserve` touches the cache's share in the background when a thread
 * starts, as a database fills its buffer pool, so that a site's first load only reads.
 */
export function createColumnArena(maxFreeBytes: number) {
  const free: SharedArrayBuffer[] = [];
  const maxFree = Math.floor(maxFreeBytes / SLAB_BYTES);

  return {
    /**
     * Touches `bytes` of new slabs (up to the bound), one slab per turn of the event loop; a
     * site that loads meanwhile takes the slabs touched so far.
     */
    reserve(bytes: number): Promise<void> {
      const slabs = Math.min(maxFree, Math.ceil(bytes / SLAB_BYTES));
      let touched = 0;
      return new Promise((resolve) => {
        const touchNext = () => {
          if (touched >= slabs || free.length >= maxFree) {
            resolve();
            return;
          }
          const slab = new SharedArrayBuffer(SLAB_BYTES);
          touch(new Uint8Array(slab));
          free.push(slab);
          touched += 1;
          setImmediate(touchNext);
        };
        setImmediate(touchNext);
      });
    },

    /** Memory for one site's columns: `allocate` as it loads, `release` when it leaves. */
    lease(): { allocate: Allocate; release: () => void } {
      const slabs: SharedArrayBuffer[] = [];
      let current: SharedArrayBuffer | undefined;
      let used = 0;
      return {
        allocate(bytes) {
          const aligned = Math.ceil(bytes / 8) * 8;
          // A column larger than a slab has memory of its own, left to the collector.
          if (aligned > SLAB_BYTES) return new Uint8Array(new SharedArrayBuffer(bytes));
          if (!current || used + aligned > SLAB_BYTES) {
            current = free.pop() ?? new SharedArrayBuffer(SLAB_BYTES);
            slabs.push(current);
            used = 0;
          }
          const view = new Uint8Array(current, used, bytes);
          used += aligned;
          return view;
        },
        release() {
          for (const slab of slabs.splice(0)) if (free.length < maxFree) free.push(slab);
          current = undefined;
        },
      };
    },

    stats: () => ({ freeBytes: free.length * SLAB_BYTES }),
  };
}

export type ColumnArena = ReturnType<typeof createColumnArena>;
