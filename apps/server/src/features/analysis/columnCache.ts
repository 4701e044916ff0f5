import { sharedMemory, type Allocate, type PreparedColumns } from '@roadcount/analytics';
import type { ColumnArena } from './columnArena.ts';

interface Entry {
  key: string;
  prepared: PreparedColumns;
  release: () => void;
}

/**
 * Sites' columns held in memory, least recently used first out, bounded by bytes. An entry is
 * valid for one set of files: when a file joins or leaves the site the key changes. With an
 * arena, a site's columns take its memory and give it back when they leave; the thread that
 * owns the cache must not let a site leave while a scan of it runs (each thread answers one
 * site at a time, and waits for the parts of it other threads scan).
 */
export function createColumnCache(maxBytes: number, arena?: ColumnArena) {
  const entries = new Map<string, Entry>();
  let total = 0;
  const drop = (siteId: string, entry: Entry) => {
    entries.delete(siteId);
    total -= entry.prepared.bytes;
    entry.release();
  };
  return {
    async get(
      siteId: string,
      key: string,
      load: (memory: Allocate) => Promise<PreparedColumns>,
    ): Promise<PreparedColumns> {
      const hit = entries.get(siteId);
      if (hit && hit.key === key) {
        entries.delete(siteId);
        entries.set(siteId, hit);
        return hit.prepared;
      }
      if (hit) drop(siteId, hit);
      const lease = arena?.lease() ?? { allocate: sharedMemory, release: () => undefined };
      let prepared: PreparedColumns;
      try {
        prepared = await load(lease.allocate);
      } catch (error) {
        lease.release();
        throw error;
      }
      entries.set(siteId, { key, prepared, release: lease.release });
      total += prepared.bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes || oldest === siteId) break;
        drop(oldest, entry);
      }
      return prepared;
    },
    stats: () => ({ sites: entries.size, bytes: total }),
  };
}

export type ColumnCache = ReturnType<typeof createColumnCache>;
