import {
  columnsFromArrow,
  encodeRollupSeries,
  intervalsFromArrow,
  rollupSeriesFromDays,
} from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import { siteDailyRollups, sites, trafficDataFiles } from '../../infra/db/schema.ts';
import type { TaskRow } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import { directionMapOf, withMappedDirections } from './directionMap.ts';
import { columnsKey, intervalsKey } from './processFile.task.ts';

/** Speed bins of 1 km/h from 0; the last holds every faster vehicle. */
export const SPEED_HISTOGRAM_BINS = 251;

interface DayTotals {
  vehicles: number;
  speedSumMps: number;
  speedCount: number;
  speedHistogram: number[];
  classCounts: Record<number, number>;
}

/** Where a site's packed rollup series of a version is kept in the blob store (map layers). */
export const rollupSeriesKey = (siteId: string, version: number) =>
  `rollups/${siteId}/${version}.bin`;

/** Files whose data belongs to their site: passed, or accepted despite issues. */
export const JOINED_STATUSES = ['PDC', 'NRE', 'ACC'];

/**
 * The refresh_site_rollups task: rebuilds a site's daily counts per direction from every file
 * that joined it. Replaces the site's rows as a whole, so running it twice changes nothing.
 */
export function createRefreshRollupsHandler(deps: { db: Database; blobs: BlobStore }) {
  return async function refreshRollups(task: TaskRow): Promise<TaskOutcome> {
    const siteId = typeof task.payload.siteId === 'string' ? task.payload.siteId : '';
    return rebuildSiteRollups(deps, siteId);
  };
}

/** Replaces the site's daily rollups with those of every file that joined it. */
export async function rebuildSiteRollups(
  deps: { db: Database; blobs: BlobStore },
  siteId: string,
): Promise<TaskOutcome> {
  const [site] = await deps.db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) throw new PermanentTaskError(`The site ${siteId} no longer exists.`);
  const files = await deps.db
    .select({ id: trafficDataFiles.id, logs: trafficDataFiles.logs })
    .from(trafficDataFiles)
    .where(
      and(
        eq(trafficDataFiles.siteId, siteId),
        inArray(trafficDataFiles.reviewStatus, JOINED_STATUSES),
      ),
    );
  const local = new LocalTimeConverter(site.timeZone);
  const offsetByHour = new Map<number, number>();
  const totals = new Map<string, DayTotals>();
  const localDay = (time: number) => {
    const hour = Math.floor(time / 3_600_000);
    let offset = offsetByHour.get(hour);
    if (offset === undefined) {
      offset = local.offsetAt(hour * 3_600_000);
      offsetByHour.set(hour, offset);
    }
    return new Date(time + offset).toISOString().slice(0, 10);
  };
  const add = (
    time: number,
    direction: number,
    count: number,
    speedMps: number,
    classIndex: number,
  ) => {
    const key = `${localDay(time)}|${direction}`;
    let entry = totals.get(key);
    if (!entry) {
      entry = { vehicles: 0, speedSumMps: 0, speedCount: 0, speedHistogram: [], classCounts: {} };
      totals.set(key, entry);
    }
    entry.vehicles += count;
    if (Number.isFinite(speedMps)) {
      entry.speedSumMps += speedMps;
      entry.speedCount += 1;
      const bin = Math.min(SPEED_HISTOGRAM_BINS - 1, Math.max(0, Math.floor(speedMps * 3.6)));
      while (entry.speedHistogram.length <= bin) entry.speedHistogram.push(0);
      entry.speedHistogram[bin] = (entry.speedHistogram[bin] ?? 0) + 1;
    }
    if (classIndex >= 0) {
      entry.classCounts[classIndex] = (entry.classCounts[classIndex] ?? 0) + count;
    }
  };
  for (const file of files) {
    // A file merged in from another site counts its directions as the merge aligned them.
    const directionMap = directionMapOf(file.logs);
    if (file.logs.data_kind === 'intervals') {
      const intervals = withMappedDirections(
        intervalsFromArrow(await deps.blobs.getBytes(intervalsKey(file.id))),
        directionMap,
      );
      for (let index = 0; index < intervals.startMs.length; index += 1) {
        add(
          intervals.startMs[index] as number,
          intervals.direction[index] as number,
          intervals.count[index] as number,
          Number.NaN,
          -1,
        );
      }
      continue;
    }
    const columns = withMappedDirections(
      columnsFromArrow(await deps.blobs.getBytes(columnsKey(file.id))),
      directionMap,
    );
    for (let index = 0; index < columns.timeMs.length; index += 1) {
      add(
        columns.timeMs[index] as number,
        columns.direction[index] as number,
        1,
        columns.speedMps[index] as number,
        columns.classIndex[index] as number,
      );
    }
  }
  const rows = [...totals].map(([key, entry]) => {
    const [day = '', direction = '0'] = key.split('|');
    return { siteId, day, direction: Number(direction), ...entry };
  });
  const version = await deps.db.transaction(async (tx) => {
    await tx.delete(siteDailyRollups).where(eq(siteDailyRollups.siteId, siteId));
    for (let start = 0; start < rows.length; start += 1000) {
      await tx.insert(siteDailyRollups).values(rows.slice(start, start + 1000));
    }
    const [bumped] = await tx
      .update(sites)
      .set({ rollupsVersion: sql`${sites.rollupsVersion} + 1` })
      .where(eq(sites.id, siteId))
      .returning({ version: sites.rollupsVersion });
    return bumped?.version ?? 0;
  });
  // Written after the commit: a map call between the two packs the same rows itself.
  await deps.blobs.putBytes(
    rollupSeriesKey(siteId, version),
    encodeRollupSeries(rollupSeriesFromDays(rows)),
  );
  await deps.blobs.delete(rollupSeriesKey(siteId, version - 1)).catch(() => undefined);
  return {
    message: `${site.name}: ${rows.length} daily rollups from ${files.length} files`,
    result: { siteId, days: new Set(rows.map((row) => row.day)).size, files: files.length },
  };
}
