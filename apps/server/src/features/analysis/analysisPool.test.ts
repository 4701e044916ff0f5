import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VehicleColumnsBuilder, columnsToArrow, defaultFilter } from '@roadcount/analytics';
import {
  LocalTimeConverter,
  generateTraffic,
  storedVehicleOf,
  type TrafficProfile,
} from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../infra/blob/blobStore.ts';
import { createAnalysisPool, type AnalysisPool } from './analysisPool.ts';
import { writeScanFile } from '../siteData/scanFiles.ts';
import type { SiteDetailRequest } from './analysisWorker.protocol.ts';

describe('analysis threads sharing a window', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-pool-'));
  let alone: AnalysisPool;
  let together: AnalysisPool;
  let fromScanFiles: AnalysisPool;
  let aloneInPieces: AnalysisPool;
  const zone = new LocalTimeConverter('Europe/London');
  const start = Date.UTC(2025, 9, 20);
  const end = Date.UTC(2025, 10, 1);

  beforeAll(async () => {
    // A column file of generated traffic in London, as ingest stores it.
    const columnFile = (profile: Omit<TrafficProfile, 'directions'>) => {
      const builder = new VehicleColumnsBuilder();
      for (const vehicle of generateTraffic({ ...profile, directions: [1, 5] }))
        builder.push(storedVehicleOf(vehicle, zone.offsetAt(vehicle.localMs)));
      return columnsToArrow(builder.build());
    };
    const blobs = createLocalBlobStore(join(dataDir, 'blobs'));
    // Twelve days across the night the clocks go back (26 October).
    await blobs.putBytes(
      'columns/shared-window.arrow',
      columnFile({
        seed: 5,
        startDay: '2025-10-20',
        days: 12,
        vehiclesPerDay: 3_000,
        meanSpeedKmh: 55,
      }),
    );
    // Another site's file, a quieter week, with its scan file too.
    await blobs.putBytes(
      'columns/quieter.arrow',
      columnFile({
        seed: 9,
        startDay: '2025-10-21',
        days: 7,
        vehiclesPerDay: 1_000,
        meanSpeedKmh: 40,
      }),
    );
    for (const name of ['shared-window', 'quieter'])
      expect(await writeScanFile(blobs, `columns/${name}.arrow`, `scan/${name}.bin`, '1')).toBe(
        true,
      );
    const settings = { dataDir, s3: undefined, cacheBytes: 64 * 1024 * 1024 };
    alone = createAnalysisPool({ ...settings, threads: 1 });
    fromScanFiles = createAnalysisPool({ ...settings, threads: 1, warmUp: true });
    together = createAnalysisPool({ ...settings, threads: 2, splitVehicles: 2_000 });
    aloneInPieces = createAnalysisPool({ ...settings, threads: 1, splitVehicles: 2_000 });
  });
  afterAll(async () => {
    await Promise.all([
      alone.close(),
      together.close(),
      fromScanFiles.close(),
      aloneInPieces.close(),
    ]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request = (
    binMinutes: number,
    overrides: Partial<SiteDetailRequest['filter']> = {},
  ): Omit<SiteDetailRequest, 'id' | 'kind' | 'helpers'> => ({
    siteId: 'a-site',
    columns: [{ key: 'columns/shared-window.arrow', version: '1' }],
    timeZone: 'Europe/London',
    filter: { ...defaultFilter(start, end, [1, 2, 3, 4, 5, 6, 7, 8]), ...overrides },
    binMinutes,
    speedLimits: [{ effectiveFromMs: Date.UTC(2025, 9, 24), limitMps: 50 / 3.6 }],
    heavyClasses: [3, 4, 5, 6, 7, 8],
    units: 'metric',
  });

  it.each([
    ['hourly, the whole window', 60, {}],
    ['15 minutes, separation and a speed range', 15, { minHeadwayS: 2, speedMinMps: 8 }],
    ['daily, one direction', 1440, { directions: [5] }],
    ['weekly', 10_080, {}],
  ] as [string, number, Partial<SiteDetailRequest['filter']>][])(
    'answers as one thread does: %s',
    async (_name, binMinutes, overrides) => {
      const scannedBefore = together.stats().piecesScanned;
      const one = await alone.siteDetail(request(binMinutes, overrides));
      const two = await together.siteDetail(request(binMinutes, overrides));
      // The other thread scanned at least the piece kept for it.
      expect(together.stats().piecesScanned).toBeGreaterThan(scannedBefore);
      expect(one.summary.vehicles).toBeGreaterThan(10_000);
      expect(two).toEqual(one);
      // A caller that may leave has its window scanned in pieces (its cancel flag read between
      // them): 36,000 vehicles in pieces of 2,000 or more, the same answer.
      const pieces = await aloneInPieces.siteDetail(
        request(binMinutes, overrides),
        new AbortController().signal,
      );
      expect(pieces).toEqual(one);
    },
    60_000,
  );

  it('reads a site from its scan files, and from its columns when a scan file is missing or of another run', async () => {
    const columns = (name: string, version: string, scanName = name) => [
      { key: `columns/${name}.arrow`, version, scanKey: `scan/${scanName}.bin` },
    ];
    const ask = (siteId: string, files: SiteDetailRequest['columns']) =>
      fromScanFiles.siteDetail({ ...request(60), siteId, columns: files });
    const fromColumns = await alone.siteDetail(request(60));
    expect(await ask('scanned', columns('shared-window', '1'))).toEqual(fromColumns);
    // The scan file is what is read: another file's gives that file's figures.
    const quieter = await alone.siteDetail({
      ...request(60),
      siteId: 'quieter',
      columns: [{ key: 'columns/quieter.arrow', version: '1' }],
    });
    expect(quieter.summary.vehicles).not.toBe(fromColumns.summary.vehicles);
    expect(await ask('crossed', columns('shared-window', '1', 'quieter'))).toEqual(quieter);
    expect(await ask('missing', columns('shared-window', '1', 'none'))).toEqual(fromColumns);
    expect(await ask('rewritten', columns('shared-window', '2'))).toEqual(fromColumns);
  });

  it('tells whether its threads are started and warmed up', async () => {
    const pool = createAnalysisPool({
      dataDir,
      s3: undefined,
      cacheBytes: 32 * 1024 * 1024,
      threads: 1,
      warmUp: true,
    });
    expect(pool.state()).toBe('not started');
    pool.start();
    expect(pool.state()).toBe('warming up');
    for (let wait = 0; wait < 600 && pool.state() !== 'ready'; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pool.state()).toBe('ready');
    await pool.close();
  });
});
