import {
  decodeRollupSeries,
  encodeRollupSeries,
  indexRollupSeries,
  rollupSeriesBytes,
  rollupSeriesFromDays,
  type IndexedRollupSeries,
  type RollupSeries,
} from '@roadcount/analytics';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { SiteDataRepository } from './siteData.repository.ts';
import { storedKeys } from './storedForms.ts';

interface Entry {
  version: number;
  series: IndexedRollupSeries;
  bytes: number;
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
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<IndexedRollupSeries>>();
  let totalBytes = 0;

  const forget = (siteId: string) => {
    const entry = entries.get(siteId);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(siteId);
  };

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

  /** Loads a site whose cached series is missing or stale, once however many calls ask. */
  async function one(siteId: string, version: number): Promise<IndexedRollupSeries> {
    const loadKey = `${siteId}/${version}`;
    let loading = pending.get(loadKey);
    if (!loading) {
      loading = load(siteId, version).finally(() => pending.delete(loadKey));
      pending.set(loadKey, loading);
    }
    const series = await loading;
    forget(siteId);
    const bytes = rollupSeriesBytes(series);
    entries.set(siteId, { version, series, bytes });
    totalBytes += bytes;
    for (const [oldest] of entries) {
      if (totalBytes <= deps.maxBytes || oldest === siteId) break;
      forget(oldest);
    }
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
          .filter((site) => site.version > 0 && entries.get(site.id)?.version !== site.version);
        await Promise.all(batch.map((site) => one(site.id, site.version)));
        loaded += batch.length;
        // Full: what comes next would only push out what was just loaded.
        if (totalBytes >= deps.maxBytes * 0.9) break;
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
        if (cached?.version === site.version) {
          // Most recently used goes last.
          entries.delete(site.id);
          entries.set(site.id, cached);
          found.set(site.id, cached.series);
        } else missing.push(site);
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
