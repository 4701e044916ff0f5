import {
  preparedFromScanFiles,
  VehicleColumnsBuilder,
  type VehicleColumns,
} from '@roadcount/analytics';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/testServer.ts';
import { createLocalBlobStore, type BlobStore } from '../../infra/blob/blobStore.ts';
import { organisations, sites, trafficDataFiles } from '../../infra/db/schema.ts';
import { preparedSiteColumns } from './preparedSiteColumns.ts';
import { storedColumnBatches } from './readers.ts';
import { writeRealtimeDay, type RealtimeDayFiles } from './realtimeDays.ts';
import { createSiteData } from './siteData.ts';
import { createSiteDataRepository } from './siteData.repository.ts';
import { storedKeys } from './storedForms.ts';

const DAY = '2025-06-03';
const DAY_START = Date.parse(`${DAY}T00:00:00Z`);

/** Vehicles at 07:00 plus `seconds` each, all 50.4 km/h (14 m/s), 4.5 m. */
function vehiclesAt(seconds: number[]): VehicleColumns {
  const builder = new VehicleColumnsBuilder();
  for (const second of seconds)
    builder.push({
      timeMs: DAY_START + 7 * 3_600_000 + second * 1000,
      lane: 1,
      direction: 1,
      classIndex: 1,
      speedMps: 14,
      lengthM: 4.5,
      headwayS: 1,
      gapS: 0.5,
      axles: 2,
      wheelbaseM: Number.NaN,
      rho: Number.NaN,
    });
  const [batch] = builder.batches();
  return batch as VehicleColumns;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

describe('a realtime day written as its vehicles arrive', () => {
  let drop: () => Promise<void>;
  let db: Awaited<ReturnType<typeof openTestDatabase>>['handle']['db'];
  let repository: ReturnType<typeof createSiteDataRepository>;
  let blobs: BlobStore;
  let siteId: string;
  let organisationId: string;
  const directory = mkdtempSync(join(tmpdir(), 'roadcount-realtime-day-'));
  /** Each write's offset and length, per blob key. */
  const writes: { key: string; offset: number; bytes: number }[] = [];

  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    db = database.handle.db;
    repository = createSiteDataRepository(db);
    const local = createLocalBlobStore(directory);
    blobs = {
      ...local,
      writeAt: async (key, offset, bytes) => {
        writes.push({ key, offset, bytes: bytes.length });
        await local.writeAt.call(local, key, offset, bytes);
      },
    };
    const [organisation] = await db
      .insert(organisations)
      .values({ name: 'Realtime days' })
      .returning();
    organisationId = organisation?.id ?? '';
    const [site] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Live', realtime: true })
      .returning();
    siteId = site?.id ?? '';
  });

  afterAll(async () => {
    await drop();
    rmSync(directory, { recursive: true, force: true });
  });

  const columnsKey = (files: RealtimeDayFiles) => storedKeys.columns(files.fileId);
  const storedTimes = async (files: RealtimeDayFiles) => {
    const times: number[] = [];
    for await (const batch of storedColumnBatches(blobs, columnsKey(files)))
      times.push(...Array.from(batch.timeMs, (time) => (time - DAY_START) / 1000 - 7 * 3600));
    return times;
  };
  /** The scan file's vehicles as the site detail reads them, when the version is the file's. */
  const scannedCount = async (files: RealtimeDayFiles, version: string) => {
    const bytes = await blobs.getBytes(storedKeys.scanFile(files.fileId));
    const prepared = await preparedFromScanFiles(
      [
        {
          version,
          file: {
            size: bytes.length,
            read: (into, position) => {
              into.set(bytes.subarray(position, position + into.length));
              return Promise.resolve();
            },
          },
        },
      ],
      (size) => new Uint8Array(size),
    );
    return prepared?.batches.reduce((sum, batch) => sum + batch.timeMs.length, 0);
  };
  const write = (
    version: string,
    previous: RealtimeDayFiles | undefined,
    keep: number,
    seconds: number[],
  ) =>
    writeRealtimeDay(
      { repository, blobs },
      {
        organisationId,
        siteId,
        day: DAY,
        version,
        previous,
        keep,
        tail: vehiclesAt(seconds),
      },
    );

  it('appends new vehicles after those written, and rewrites only a changed tail', async () => {
    const first = await write('v1', undefined, 0, range(0, 2000));
    if (!first) throw new Error('nothing written');
    const sizeAfterFirst = (await blobs.getBytes(columnsKey(first))).length;
    expect(writes.filter((write) => write.key === columnsKey(first))).toEqual([
      { key: columnsKey(first), offset: 0, bytes: sizeAfterFirst },
    ]);
    writes.length = 0;

    // Ten more: written after the 2,000 (an offset past them), not the day whole again.
    const second = await write('v2', first, 2000, range(2000, 2010));
    if (!second) throw new Error('nothing written');
    const columnsWrite = writes.find((write) => write.key === columnsKey(second));
    expect(columnsWrite?.offset).toBeGreaterThan(sizeAfterFirst / 2);
    expect(columnsWrite?.bytes).toBeLessThan(sizeAfterFirst / 10);
    const scanWrite = writes.find((write) => write.key === storedKeys.scanFile(second.fileId));
    expect(scanWrite?.offset).toBeGreaterThan(0);
    expect(await storedTimes(second)).toEqual(range(0, 2010));
    expect(await scannedCount(second, 'v2')).toBe(2010);

    // A late event changed the last five: the 2,005 kept, five others and three new after.
    const third = await write(
      'v3',
      second,
      2005,
      [2005.5, 2006.5, 2007.5, 2008.5, 2009.5, 2011, 2012, 2013],
    );
    if (!third) throw new Error('nothing written');
    expect(await storedTimes(third)).toEqual([
      ...range(0, 2005),
      2005.5,
      2006.5,
      2007.5,
      2008.5,
      2009.5,
      2011,
      2012,
      2013,
    ]);
    expect(await scannedCount(third, 'v3')).toBe(2013);
    // Kept parts grow geometrically: a day of many small updates has few parts.
    let files = third;
    for (let update = 0; update < 100; update += 1) {
      const next = await write(
        `u${update}`,
        files,
        2013 + update * 5,
        range(3000 + update * 5, 3005 + update * 5),
      );
      if (!next) throw new Error('nothing written');
      files = next;
    }
    expect(files.segments.length).toBeLessThanOrEqual(10);
    const times = await storedTimes(files);
    expect(times.length).toBe(2013 + 500);
    expect(times.slice(-3)).toEqual([3497, 3498, 3499]);
    expect(await scannedCount(files, 'u99')).toBe(2513);

    const [row] = await repository
      .realtimeDayFile(siteId, `realtime ${DAY}`)
      .then((file) => [file]);
    expect(row?.logs).toMatchObject({ saved_vehicles: 2513, columns_version: 'u99' });
  });

  it('gives readers the day as last written while a write is half done', async () => {
    // A store that holds each write of the day's files once its bytes are in the store, before
    // readers can see them, while `holding`.
    let holding = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    let bothHeld = () => {};
    const halfDone = new Promise<void>((resolve) => (bothHeld = resolve));
    const gated = createLocalBlobStore(directory, {
      beforePublish: async (key) => {
        if (!holding) return;
        held.push(key);
        if (held.length === 2) bothHeld();
        await released;
      },
    });
    const offsets: { key: string; offset: number }[] = [];
    const store: BlobStore = {
      ...gated,
      writeAt: async (key, offset, bytes) => {
        offsets.push({ key, offset });
        await gated.writeAt.call(gated, key, offset, bytes);
      },
    };
    const siteData = createSiteData({ db, blobs: store });
    const [site] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Live, read while written' })
      .returning();
    const liveSiteId = site?.id ?? '';
    const writeDay = (
      version: string,
      previous: RealtimeDayFiles | undefined,
      keep: number,
      seconds: number[],
    ) =>
      siteData.writeRealtimeDay({
        organisationId,
        siteId: liveSiteId,
        day: DAY,
        version,
        previous,
        keep,
        tail: vehiclesAt(seconds),
      });
    /** The site's vehicles as the site detail, the day's columns and the rollups count them. */
    const counts = async (files: RealtimeDayFiles) => {
      const prepared = await preparedSiteColumns(
        store,
        await siteData.vehicleFiles(liveSiteId),
        (size) => new Uint8Array(size),
      );
      let columns = 0;
      for await (const batch of storedColumnBatches(store, columnsKey(files)))
        columns += batch.timeMs.length;
      await siteData.refreshRealtimeDayRollups(liveSiteId, DAY);
      return {
        siteDetail: prepared.batches.reduce((sum, batch) => sum + batch.timeMs.length, 0),
        columns,
        rollups: await siteData.rolledUpVehicles(liveSiteId),
      };
    };

    // Eight vehicles, then two more after them: the day's files have a part of 8 and one of 2.
    const first = await writeDay('r1', undefined, 0, range(0, 8));
    const second = await writeDay('r2', first, 8, range(8, 10));
    if (!second) throw new Error('nothing written');
    expect(second.segments.map((segment) => segment.columns.timeMs.length)).toEqual([8, 2]);
    expect(await counts(second)).toEqual({ siteDetail: 10, columns: 10, rollups: 10 });
    const sizeBefore = (await store.getBytes(columnsKey(second))).length;

    // A late event changes the ninth's neighbours: 9 kept, then 9.5, 10 and 11. The write cuts
    // the files inside the part of 2, where a reader of the day as it was is reading.
    holding = true;
    offsets.length = 0;
    const writing = writeDay('r3', second, 9, [9.5, 10, 11]);
    await halfDone;
    const columnsWrite = offsets.find((write) => write.key === columnsKey(second));
    expect(columnsWrite?.offset).toBeGreaterThan(0);
    expect(columnsWrite?.offset).toBeLessThan(sizeBefore);
    // Meanwhile every reader gets the day as last written: 10 vehicles, not an error.
    expect(await counts(second)).toEqual({ siteDetail: 10, columns: 10, rollups: 10 });

    release();
    const third = await writing;
    if (!third) throw new Error('nothing written');
    // Once written: 9 + 3 = 12.
    expect(await counts(third)).toEqual({ siteDetail: 12, columns: 12, rollups: 12 });
  });

  it('keeps a merge’s direction map on a moved day only while its old site’s vehicles are written', async () => {
    const siteData = createSiteData({ db, blobs });
    const [from, into] = await db
      .insert(sites)
      .values([
        { ownerOrganisationId: organisationId, name: 'Merged away' },
        { ownerOrganisationId: organisationId, name: 'Merged into' },
      ])
      .returning();
    const fromId = from?.id ?? '';
    const intoId = into?.id ?? '';
    const writeFor = (
      siteId: string,
      version: string,
      previous: RealtimeDayFiles | undefined,
      keep: number,
      seconds: number[],
    ) =>
      siteData.writeRealtimeDay({
        organisationId,
        siteId,
        day: DAY,
        version,
        previous,
        keep,
        tail: vehiclesAt(seconds),
      });
    /** The directions of `siteId`'s vehicles as they count there, each with how many. */
    const directions = async (siteId: string) => {
      const counted = new Map<number, number>();
      for await (const batch of siteData.vehicleBatches(siteId))
        for (const direction of batch.direction)
          counted.set(direction, (counted.get(direction) ?? 0) + 1);
      return Object.fromEntries(counted);
    };
    // Three northbound (1) vehicles on the site merged away; the merge moves its day to the
    // other site, where its direction 1 counts as 5.
    const first = await writeFor(fromId, 'm1', undefined, 0, [0, 1, 2]);
    await db
      .update(trafficDataFiles)
      .set({ siteId: intoId, logs: { direction_map: { '1': 5 } } })
      .where(eq(trafficDataFiles.id, first?.fileId ?? ''));
    // A write for the old site that was under way ends after the move: its two vehicles are
    // the old site's too, so all five still count as 5.
    await writeFor(fromId, 'm2', first, 3, [3, 4]);
    expect(await directions(intoId)).toEqual({ 5: 5 });
    // Correlated again on the site it moved to, the day's four vehicles are in its directions:
    // they count as written, 1.
    await writeFor(intoId, 'm3', undefined, 0, [0, 1, 2, 3]);
    expect(await directions(intoId)).toEqual({ 1: 4 });
  });
});
