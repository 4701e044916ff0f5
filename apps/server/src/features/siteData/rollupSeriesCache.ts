import {
  decodeRollupSeries,
  encodeRollupSeries,
  indexRollupSeries,
  rollupSeriesBytes,
  rollupSeriesFromDays,
  type IndexedRollupSeries,
  type RollupSeries,
} from '@roadcount/analytics';
import { LRUCache } from 'lru-cache';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { SiteDataRepository } from './siteData.repository.ts';
import { storedKeys } from './storedForms.ts';

interface Entry {
  version: number;
  series: IndexedRollupSeries;
}

/** Sites whose series load at once on a map call that finds many missing. */
const LOAD_CONCURRENCY = 16;

/**
 * Sites' packed rollup series kept in memory between map calls, least recently used out past
 * `maxBytes`. A site's version (bumped by each rollup refresh, in whatever process) says when
 * its entry is stale, so API nodes agree without being told.
 */
export function createRollupSeriesCache(deps: {
  repository: Pick<SiteDataRepository, 'dailyRollups'>;
  blobs: BlobStore;
  maxBytes: number;
}) {
  // A site's load runs once however many calls ask for it (fetch shares the one in flight).
  const entries = new LRUCache<string, Entry, number>({
    maxSize: Math.max(1, deps.maxBytes),
    // A load pushed out by others while it runs still answers the call that asked for it.
    ignoreFetchAbort: true,
    sizeCalculation: (entry) => Math.max(1, rollupSeriesBytes(entry.series)),
    fetchMethod: async (siteId, _stale, { context: version }) => ({
      version,
      series: await load(siteId, version),
    }),
  });

  async function load(siteId: string, version: number): Promise<IndexedRollupSeries> {
    return indexRollupSeries(await read(siteId, version));
  }

  async function read(siteId: string, version: number): Promise<RollupSeries> {
    const key = storedKeys.rollupSeries(siteId, version);
    try {
      return decodeRollupSeries(await deps.blobs.getBytes(key));
    } catch {
      // Rolled up before series were packed, or its refresh is still writing it: pack the rows.
      const series = rollupSeriesFromDays(await deps.repository.dailyRollups(siteId));
      await deps.blobs.putBytes(key, encodeRollupSeries(series));
      return series;
    }
  }

  /** Loads a site whose cached series is missing or stale. */
  async function one(siteId: string, version: number): Promise<IndexedRollupSeries> {
    const cached = entries.get(siteId);
    if (cached?.version === version) return cached.series;
    const entry = await entries.fetch(siteId, { context: version, forceRefresh: true });
    if (!entry) throw new Error(`the rollup series of ${siteId} could not be loaded`);
    if (entry.version >= version) return entry.series;
    // The fetch shared a load already in flight for an older version (a realtime site's rollups
    // refreshed meanwhile): its answer would stay on the map until the next refresh.
    const series = await load(siteId, version);
    if ((entries.peek(siteId)?.version ?? -1) < version) entries.set(siteId, { version, series });
    return series;
  }

  return {
    /**
     * Loads the given sites' series (most wanted first) while they fit, so the first map after a
     * start does not wait for every file; `stopped` ends it early (the server is closing).
     */
    async warm(sites: readonly { id: string; version: number }[], stopped: () => boolean) {
      let loaded = 0;
      for (let start = 0; start < sites.length && !stopped(); start += LOAD_CONCURRENCY) {
        const batch = sites
          .slice(start, start + LOAD_CONCURRENCY)
          .filter((site) => site.version > 0 && entries.peek(site.id)?.version !== site.version);
        await Promise.all(batch.map((site) => one(site.id, site.version)));
        loaded += batch.length;
        // Full: what comes next would only push out what was just loaded.
        if (entries.calculatedSize >= deps.maxBytes * 0.9) break;
      }
      return loaded;
    },

    /** The series of each site with rollups (version above 0), by site id. */
    async series(sites: readonly { id: string; version: number }[]) {
      const found = new Map<string, IndexedRollupSeries>();
      const missing: { id: string; version: number }[] = [];
      for (const site of sites) {
        if (site.version === 0) continue;
        const cached = entries.get(site.id);
        if (cached?.version === site.version) found.set(site.id, cached.series);
        else missing.push(site);
      }
      for (let start = 0; start < missing.length; start += LOAD_CONCURRENCY) {
        const batch = missing.slice(start, start + LOAD_CONCURRENCY);
        const loaded = await Promise.all(batch.map((site) => one(site.id, site.version)));
        batch.forEach((site, index) => found.set(site.id, loaded[index] as IndexedRollupSeries));
      }
      return found;
    },
  };
}

export type RollupSeriesCache = ReturnType<typeof createRollupSeriesCache>;
