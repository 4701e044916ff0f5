import type { VehicleColumns } from '@roadcount/analytics';

interface Entry {
  key: string;
  batches: VehicleColumns[];
  bytes: number;
}

function bytesOf(batches: VehicleColumns[]): number {
  let total = 0;
  for (const batch of batches) {
    for (const column of Object.values(batch) as ArrayBufferView[]) total += column.byteLength;
  }
  return total;
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
      load: () => Promise<VehicleColumns[]>,
    ): Promise<VehicleColumns[]> {
      const hit = entries.get(siteId);
      if (hit && hit.key === key) {
        entries.delete(siteId);
        entries.set(siteId, hit);
        return hit.batches;
      }
      if (hit) {
        entries.delete(siteId);
        total -= hit.bytes;
      }
      const batches = await load();
      const bytes = bytesOf(batches);
      entries.set(siteId, { key, batches, bytes });
      total += bytes;
      for (const [oldest, entry] of entries) {
        if (total <= maxBytes || oldest === siteId) break;
        entries.delete(oldest);
        total -= entry.bytes;
      }
      return batches;
    },
    stats: () => ({ sites: entries.size, bytes: total }),
  };
}

export type ColumnCache = ReturnType<typeof createColumnCache>;
