import {
  decodeRollupSeries,
  encodeRollupSeries,
  rollupSeriesFromDays,
  type DailyRollup,
} from '@roadcount/analytics';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { storedKeys } from './storedForms.ts';
import { createRollupSeriesCache } from './rollupSeriesCache.ts';

/** A blob store in a map, counting reads. */
function memoryBlobs() {
  const stored = new Map<string, Uint8Array>();
  let reads = 0;
  const store: Pick<BlobStore, 'getBytes' | 'putBytes'> = {
    getBytes: (key) => {
      reads += 1;
      const bytes = stored.get(key);
      return bytes ? Promise.resolve(bytes) : Promise.reject(new Error(`no blob ${key}`));
    },
    putBytes: (key, bytes) => {
      stored.set(key, bytes);
      return Promise.resolve();
    },
  };
  return { store: store as BlobStore, stored, reads: () => reads };
}

const row = (day: string, vehicles: number): DailyRollup => ({
  day,
  vehicles,
  speedSumMps: vehicles * 15,
  speedCount: vehicles,
  speedHistogram: Array.from({ length: 60 }, (_, bin) => (bin === 54 ? vehicles : 0)),
  classCounts: { '1': vehicles },
});

function setUp(rowsBySite: Record<string, DailyRollup[]>, maxBytes = 1 << 20) {
  const blobs = memoryBlobs();
  const packed: string[] = [];
  const repository = {
    dailyRollups: (siteId: string) => {
      packed.push(siteId);
      return Promise.resolve(rowsBySite[siteId] ?? []);
    },
  } as unknown as Parameters<typeof createRollupSeriesCache>[0]['repository'];
  const cache = createRollupSeriesCache({ repository, blobs: blobs.store, maxBytes });
  return { cache, blobs, packed };
}

describe('the map’s rollup series cache', () => {
  it('packs the daily rows of a site rolled up before series existed, once, and keeps them', async () => {
    const { cache, blobs, packed } = setUp({ a: [row('2025-01-06', 10), row('2025-01-07', 20)] });
    const first = await cache.series([{ id: 'a', version: 1 }]);
    expect(Array.from(first.get('a')?.vehicles ?? [])).toEqual([10, 20]);
    expect(packed).toEqual(['a']);
    const written = blobs.stored.get(storedKeys.rollupSeries('a', 1));
    expect(written && Array.from(decodeRollupSeries(written).vehicles)).toEqual([10, 20]);
    await cache.series([{ id: 'a', version: 1 }]);
    expect(packed).toEqual(['a']);
    expect(blobs.reads()).toBe(1);
  });

  it('reads a newer version when the site’s rollups were refreshed, and none for version 0', async () => {
    const { cache, blobs } = setUp({ a: [row('2025-01-06', 10)] });
    await cache.series([{ id: 'a', version: 1 }]);
    // The refresh task writes the new version's series.
    blobs.stored.set(
      storedKeys.rollupSeries('a', 2),
      encodeRollupSeries(rollupSeriesFromDays([row('2025-01-06', 10), row('2025-01-08', 5)])),
    );
    const next = await cache.series([
      { id: 'a', version: 2 },
      { id: 'b', version: 0 },
    ]);
    expect(Array.from(next.get('a')?.vehicles ?? [])).toEqual([10, 5]);
    expect(next.has('b')).toBe(false);
  });

  it('reads the asked version even while a load of the one before is still running', async () => {
    // A realtime site: the map asks for version 1, and while that read is slow the rollups are
    // refreshed (version 2, 10 + 7 vehicles) and the map asks again.
    const { cache, blobs } = setUp({});
    blobs.stored.set(
      storedKeys.rollupSeries('a', 1),
      encodeRollupSeries(rollupSeriesFromDays([row('2025-01-06', 10)])),
    );
    blobs.stored.set(
      storedKeys.rollupSeries('a', 2),
      encodeRollupSeries(rollupSeriesFromDays([row('2025-01-06', 10), row('2025-01-07', 7)])),
    );
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const getBytes = blobs.store.getBytes.bind(blobs.store);
    blobs.store.getBytes = async (key) => {
      if (key === storedKeys.rollupSeries('a', 1)) await slow;
      return getBytes(key);
    };
    const older = cache.series([{ id: 'a', version: 1 }]);
    const newer = cache.series([{ id: 'a', version: 2 }]);
    release();
    expect(Array.from((await older).get('a')?.vehicles ?? [])).toEqual([10]);
    expect(Array.from((await newer).get('a')?.vehicles ?? [])).toEqual([10, 7]);
    // And the cache keeps the newer one.
    const again = await cache.series([{ id: 'a', version: 2 }]);
    expect(Array.from(again.get('a')?.vehicles ?? [])).toEqual([10, 7]);
  });

  it('lets the least recently used sites go past its memory, and reads them again', async () => {
    const rows = {
      a: [row('2025-01-06', 1)],
      b: [row('2025-01-06', 2)],
      c: [row('2025-01-06', 3)],
    };
    const { cache, blobs } = setUp(rows, 0);
    await cache.series([{ id: 'a', version: 1 }]);
    await cache.series([{ id: 'b', version: 1 }]);
    const readsBefore = blobs.reads();
    // Only the site just loaded fits: asking for a again reads it again.
    const again = await cache.series([{ id: 'a', version: 1 }]);
    expect(Array.from(again.get('a')?.vehicles ?? [])).toEqual([1]);
    expect(blobs.reads()).toBe(readsBefore + 1);
  });

  it('preloads sites while they fit, so a map call after it reads nothing', async () => {
    const rows = { a: [row('2025-01-06', 1)], b: [row('2025-01-06', 2)] };
    const { cache, blobs } = setUp(rows);
    const loaded = await cache.warm(
      [
        { id: 'a', version: 1 },
        { id: 'b', version: 1 },
        { id: 'c', version: 0 },
      ],
      () => false,
    );
    expect(loaded).toBe(2);
    const readsAfterWarm = blobs.reads();
    const found = await cache.series([
      { id: 'a', version: 1 },
      { id: 'b', version: 1 },
    ]);
    expect(Array.from(found.get('b')?.vehicles ?? [])).toEqual([2]);
    expect(blobs.reads()).toBe(readsAfterWarm);
  });

  it('stops preloading when told, and when the memory is full', async () => {
    const rows = { a: [row('2025-01-06', 1)], b: [row('2025-01-06', 2)] };
    const stopped = setUp(rows);
    expect(await stopped.cache.warm([{ id: 'a', version: 1 }], () => true)).toBe(0);
    expect(stopped.blobs.reads()).toBe(0);
    // No room at all: the first batch loads, then warming ends rather than churning.
    const full = setUp(rows, 0);
    const sites = Array.from({ length: 40 }, (_, index) => ({ id: `s${index}`, version: 1 }));
    const loaded = await full.cache.warm(sites, () => false);
    expect(loaded).toBeGreaterThan(0);
    expect(loaded).toBeLessThan(sites.length);
  });
});
