import type { PreparedColumns } from '@roadcount/analytics';

interface Entry {
  key: string;
  prepared: PreparedColumns;
}

/**
 * Sites' columns held in memory, least recently used first out, bounded by bytes. An entry is
 * valid for one set of files: when a file joins or leaves the site the key changes.
 */
export function createColumnCache(maxBytes: number) {
  const entries = new Map<string, Entry>();
  let total = 0;
  return {
    async get(
      siteId: string,
      key: string,
      load: () => Promise<PreparedColumns>,
    ): Promise<PreparedColumns> {
      const hit = entries.get(siteId);
      if (hit && hit.key === key) {
        entries.delete(siteId);
        entries.set(siteId, hit);
        return hit.prepared;
      }
      if (hit) {
        entries.delete(siteId);
        total -= hit.prepared.bytes;
      }
      const prepared = await load();
      entries.set(siteId, { key, prepared });
      total += prepared.bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes || oldest === siteId) break;
        entries.delete(oldest);
        total -= entry.prepared.bytes;
      }
      return prepared;
    },
    stats: () => ({ sites: entries.size, bytes: total }),
  };
}

export type ColumnCache = ReturnType<typeof createColumnCache>;
