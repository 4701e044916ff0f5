import {
  encodeRollupSeries,
  inExcludedWindow,
  IntervalCoverage,
  laneKey,
  rollupSeriesFromDays,
  type DayCoverage,
  type ExcludedWindow,
  type HourCounts,
  type VehicleColumns,
} from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { readIntervals, vehicleBatches } from './readers.ts';
import type { SiteDataRepository } from './siteData.repository.ts';
import { storedFileOf, storedKeys } from './storedForms.ts';

/** Speed bins of 1 km/h from 0; the last holds every faster vehicle. */
export const SPEED_HISTOGRAM_BINS = 251;

/** One day and direction's running totals; the histogram is typed and cut to length at the end. */
interface DaySlot {
  day: string;
  localDay: number;
  direction: number;
  vehicles: number;
  speedSumMps: number;
  speedCount: number;
  histogram: Float64Array;
  /** Bins in use: one past the fastest bin seen (0 while no speed was). */
  bins: number;
  /** The free-flowing vehicles' speeds, in the same bins. */
  freeFlow: Float64Array;
  freeFlowBins: number;
  classCounts: Record<number, number>;
}

/**
 * Daily totals per direction in the site's local time, kept by a number key (day and
 * direction) instead of a string per vehicle; the local day is found from the hour's offset,
 * which is looked up once per hour and reused while vehicles stay in that hour.
 */
export class DailyTotals {
  private readonly slots = new Map<number, DaySlot>();
  private readonly offsetByHour = new Map<number, number>();
  private lastHour = Number.NaN;
  private lastOffset = 0;
  /** Which days the interval counts cover (`wholeDaysOf`); days of vehicle records apart. */
  private readonly intervals: IntervalCoverage;
  private readonly recordDays = new Set<number>();

  constructor(private readonly local: LocalTimeConverter) {
    this.intervals = new IntervalCoverage(local);
  }

  /** Notes an interval of counts (excluded or not): the counter ran from `startMs` for so long. */
  cover(startMs: number, durationS: number) {
    this.intervals.add(startMs, durationS * 1000);
  }

  /**
   * Counts `count` vehicles (1 for a vehicle record) at `time`; `freeFlow` says the vehicle's
   * headway is above the organisation's threshold, so that its speed counts as free-flowing;
   * `record` is false for interval counts, whose days are whole only when `cover` covers them.
   */
  add(
    time: number,
    direction: number,
    count: number,
    speedMps: number,
    classIndex: number,
    freeFlow = false,
    record = true,
  ) {
    const hour = Math.floor(time / 3_600_000);
    if (hour !== this.lastHour) {
      let offset = this.offsetByHour.get(hour);
      if (offset === undefined) {
        offset = this.local.offsetAt(hour * 3_600_000);
        this.offsetByHour.set(hour, offset);
      }
      this.lastHour = hour;
      this.lastOffset = offset;
    }
    const localDay = Math.floor((time + this.lastOffset) / 86_400_000);
    if (record) this.recordDays.add(localDay);
    const key = localDay * 256 + direction;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = {
        day: new Date(localDay * 86_400_000).toISOString().slice(0, 10),
        localDay,
        direction,
        vehicles: 0,
        speedSumMps: 0,
        speedCount: 0,
        histogram: new Float64Array(SPEED_HISTOGRAM_BINS),
        bins: 0,
        freeFlow: new Float64Array(SPEED_HISTOGRAM_BINS),
        freeFlowBins: 0,
        classCounts: {},
      };
      this.slots.set(key, slot);
    }
    slot.vehicles += count;
    if (Number.isFinite(speedMps)) {
      slot.speedSumMps += speedMps;
      slot.speedCount += 1;
      const bin = Math.min(SPEED_HISTOGRAM_BINS - 1, Math.max(0, Math.floor(speedMps * 3.6)));
      if (bin >= slot.bins) slot.bins = bin + 1;
      slot.histogram[bin] = (slot.histogram[bin] as number) + 1;
      if (freeFlow) {
        if (bin >= slot.freeFlowBins) slot.freeFlowBins = bin + 1;
        slot.freeFlow[bin] = (slot.freeFlow[bin] as number) + 1;
      }
    }
    if (classIndex >= 0) {
      slot.classCounts[classIndex] = (slot.classCounts[classIndex] ?? 0) + count;
    }
  }

  /**
   * The rollup rows, in the order their day and direction first appeared, each with its day's
   * coverage: `whole` when the interval counts cover it, `records` when it holds vehicle records,
   * else `partial`.
   */
  rows(siteId: string) {
    const intervals = this.intervals.coverage();
    const coverageOf = (day: number): DayCoverage =>
      intervals.get(day) === 'whole' ? 'whole' : this.recordDays.has(day) ? 'records' : 'partial';
    return [...this.slots.values()].map((slot) => ({
      siteId,
      day: slot.day,
      direction: slot.direction,
      vehicles: slot.vehicles,
      speedSumMps: slot.speedSumMps,
      speedCount: slot.speedCount,
      speedHistogram: Array.from(slot.histogram.subarray(0, slot.bins)),
      freeFlowHistogram: Array.from(slot.freeFlow.subarray(0, slot.freeFlowBins)),
      classCounts: slot.classCounts,
      coverage: coverageOf(slot.localDay),
    }));
  }
}

const HOUR_MS = 3_600_000;

/** One hour's vehicles per direction and per lane (keyed by `laneKey`). */
type HourSlot = Pick<HourCounts, 'byDirection' | 'byLane'>;

/**
 * A site's vehicles per hour, direction and lane over the hours its files cover (from each
 * file's first record's hour to its last's), every vehicle counted, excluded or not: what the
 * bad-data rules read.
 */
export class HourlyCounts {
  private readonly hours = new Map<number, HourSlot>();
  private readonly covered = new Set<number>();
  private fileFirst = Number.POSITIVE_INFINITY;
  private fileLast = Number.NEGATIVE_INFINITY;
  // Vehicles come in time order within a file: the hour's slot is found once per hour.
  private lastHour = Number.NaN;
  private lastSlot: HourSlot | undefined;

  constructor(private readonly local: LocalTimeConverter) {}

  add(time: number, direction: number, lane: number, count: number) {
    const hour = Math.floor(time / HOUR_MS);
    let slot = this.lastSlot;
    if (hour !== this.lastHour || !slot) {
      if (hour < this.fileFirst) this.fileFirst = hour;
      if (hour > this.fileLast) this.fileLast = hour;
      slot = this.hours.get(hour);
      if (!slot) {
        slot = { byDirection: new Map(), byLane: new Map() };
        this.hours.set(hour, slot);
      }
      this.lastHour = hour;
      this.lastSlot = slot;
    }
    slot.byDirection.set(direction, (slot.byDirection.get(direction) ?? 0) + count);
    if (lane > 0) {
      const key = laneKey(direction, lane);
      slot.byLane.set(key, (slot.byLane.get(key) ?? 0) + count);
    }
  }

  /** Ends a file: the hours from its first record's to its last's are on record. */
  endFile() {
    this.lastHour = Number.NaN;
    this.lastSlot = undefined;
    for (let hour = this.fileFirst; hour <= this.fileLast; hour += 1) this.covered.add(hour);
    this.fileFirst = Number.POSITIVE_INFINITY;
    this.fileLast = Number.NEGATIVE_INFINITY;
  }

  /** The covered hours in time order, empty ones included, with their local day and hour. */
  list(): HourCounts[] {
    return [...this.covered]
      .sort((a, b) => a - b)
      .map((hour) => {
        const startMs = hour * HOUR_MS;
        const local = new Date(startMs + this.local.offsetAt(startMs));
        const slot = this.hours.get(hour);
        return {
          startMs,
          localDay: local.toISOString().slice(0, 10),
          localHour: local.getUTCHours(),
          byDirection: slot?.byDirection ?? new Map<number, number>(),
          byLane: slot?.byLane ?? new Map<number, number>(),
        };
      });
  }
}

/**
 * Packs the site's rollup rows for the map as the series of `version`, and drops the one before.
 * Written after the commit: a map call between the two packs the same rows itself.
 */
async function writeRollupSeries(
  deps: { blobs: BlobStore },
  siteId: string,
  version: number,
  rows: Parameters<typeof rollupSeriesFromDays>[0],
) {
  await deps.blobs.putBytes(
    storedKeys.rollupSeries(siteId, version),
    encodeRollupSeries(rollupSeriesFromDays(rows)),
  );
  await deps.blobs.delete(storedKeys.rollupSeries(siteId, version - 1)).catch(() => undefined);
}

/**
 * Adds a joined file's vehicles (or interval counts) to the daily totals, leaving out those in
 * the excluded windows; `hourly`, when given, counts every one for the bad-data rules. A
 * vehicle is free-flowing when its headway is above the threshold (an unknown headway, NaN, is
 * not: free flow is measured only). `batches` stands in for the file's stored columns when they
 * are already in memory.
 */
async function addFile(
  blobs: BlobStore,
  file: ReturnType<typeof storedFileOf>,
  into: {
    totals: DailyTotals;
    hourly?: HourlyCounts;
    excluded: readonly ExcludedWindow[];
    thresholdS: number;
    batches?: Iterable<VehicleColumns> | AsyncIterable<VehicleColumns>;
  },
) {
  const { totals, hourly, excluded, thresholdS } = into;
  if (file.kind === 'intervals') {
    const intervals = await readIntervals(blobs, file);
    for (let index = 0; index < intervals.startMs.length; index += 1) {
      const time = intervals.startMs[index] as number;
      const direction = intervals.direction[index] as number;
      const count = intervals.count[index] as number;
      hourly?.add(time, direction, -1, count);
      totals.cover(time, intervals.durationS[index] as number);
      if (!inExcludedWindow(excluded, time, direction, intervals.lane[index] as number))
        totals.add(time, direction, count, Number.NaN, -1, false, false);
    }
  } else {
    for await (const columns of into.batches ?? vehicleBatches(blobs, file)) {
      const { timeMs, direction, lane, speedMps, classIndex, headwayS } = columns;
      for (let index = 0; index < timeMs.length; index += 1) {
        const time = timeMs[index] as number;
        hourly?.add(time, direction[index] as number, lane[index] as number, 1);
        if (inExcludedWindow(excluded, time, direction[index] as number, lane[index] as number))
          continue;
        totals.add(
          time,
          direction[index] as number,
          1,
          speedMps[index] as number,
          classIndex[index] as number,
          (headwayS[index] as number) > thresholdS,
        );
      }
    }
  }
  hourly?.endFile();
}

/**
 * Replaces the site's daily rollups with those of every file that joined it, leaving out the
 * vehicles of its excluded bad-data periods, and packs them for the map. Replaces the rows as a
 * whole, so running it twice changes nothing. Answers the site's hourly counts for the bad-data
 * rules, or undefined for a site that no longer exists.
 */
export async function rebuildSiteRollups(
  deps: { repository: SiteDataRepository; blobs: BlobStore },
  siteId: string,
) {
  // Asked together: a busy database answers them in one wait, not four.
  const [site, joined, excluded] = await Promise.all([
    deps.repository.site(siteId),
    deps.repository.joinedFiles(siteId),
    deps.repository.excludedWindows(siteId),
  ]);
  if (!site) return undefined;
  const files = joined.map(storedFileOf);
  const local = new LocalTimeConverter(site.timeZone);
  const totals = new DailyTotals(local);
  const hourly = new HourlyCounts(local);
  const thresholdS = await deps.repository.headwayThresholdSeconds(site.organisationId);
  for (const file of files)
    await addFile(deps.blobs, file, { totals, hourly, excluded, thresholdS });
  const rows = totals.rows(siteId);
  const version = await deps.repository.replaceRollups(siteId, rows);
  await writeRollupSeries(deps, siteId, version, rows);
  return {
    site,
    rows: rows.length,
    days: new Set(rows.map((row) => row.day)).size,
    files: files.length,
    hours: hourly.list(),
    headwayThresholdS: thresholdS,
  };
}

const DAY_MS = 86_400_000;

/**
 * Replaces the site's daily rollups of the local days that [fromMs, toMs) reaches with those of
 * the files that joined it over those days, and packs the site's rollups for the map again:
 * what a realtime day's update changed, without reading the files of the site's other days.
 * `written` is a file just written, whose batches are in memory: they are not read back.
 */
export async function refreshSiteRollupDays(
  deps: { repository: SiteDataRepository; blobs: BlobStore },
  siteId: string,
  fromMs: number,
  toMs: number,
  written?: { fileId: string; batches: readonly VehicleColumns[] },
) {
  // Local days are within a day of UTC ones: the files that may hold their vehicles.
  const [site, joined, excluded] = await Promise.all([
    deps.repository.site(siteId),
    deps.repository.joinedFilesBetween(siteId, new Date(fromMs - DAY_MS), new Date(toMs + DAY_MS)),
    deps.repository.excludedWindows(siteId),
  ]);
  if (!site) return;
  const local = new LocalTimeConverter(site.timeZone);
  const localDay = (time: number) => local.localDate(time);
  const days = new Set<string>();
  for (let day = localDay(fromMs); day <= localDay(toMs - 1);) {
    days.add(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  }
  const totals = new DailyTotals(local);
  const thresholdS = await deps.repository.headwayThresholdSeconds(site.organisationId);
  for (const file of joined.map(storedFileOf))
    await addFile(deps.blobs, file, {
      totals,
      excluded,
      thresholdS,
      ...(written?.fileId === file.id && !file.directionMap ? { batches: written.batches } : {}),
    });
  const rows = totals.rows(siteId).filter((row) => days.has(row.day));
  const version = await deps.repository.replaceRollups(siteId, rows, [...days]);
  await writeRollupSeries(deps, siteId, version, await deps.repository.dailyRollups(siteId));
}
