import { PERCENTILES } from '@roadcount/domain';
import { forEachSelected, weekdayOfLocal, type LocalClock, type VehicleFilter } from './filters.ts';
import { prepareColumns, type PreparedColumns } from './preparedColumns.ts';
import { ScanScratch } from './scanScratch.ts';
import { scanSiteDetail } from './siteDetailScan.ts';
import {
  MATRIX_EDGES_S,
  assembleVirtualProfiles,
  directionColumns,
  share,
  speedingSteps,
  type SiteDetail,
  type SiteDetailOptions,
  type SpeedLimit,
  type TimeBins,
} from './siteDetailShape.ts';
import { peakHourFactor } from './designFigures.ts';
import { percentileInc } from './percentile.ts';
import { createSummaryAccumulator } from './summaryStatistics.ts';
import { profileDays } from './dailyVolume.ts';
import type { ScanColumns } from './vehicleColumns.ts';

export type { SiteDetailOptions } from './siteDetailShape.ts';

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;

function limitAt(limits: SpeedLimit[], time: number): number | undefined {
  let found: number | undefined;
  for (const limit of limits) if (limit.effectiveFromMs <= time) found = limit.limitMps;
  return found;
}

type BinsByStart = Map<
  number,
  Map<number, { speeds: number[]; speeding: number; limited: number }>
>;

/** The bins met, in time order, as columns: each direction met has a figure in every bin. */
function binColumns(bins: BinsByStart): TimeBins {
  const starts = [...bins.keys()].sort((a, b) => a - b);
  const directions: TimeBins['directions'] = {};
  starts.forEach((start, at) => {
    for (const [direction, bin] of bins.get(start) ?? []) {
      const columns = (directions[direction] ??= directionColumns(starts.length));
      const figures = speedFigures(bin.speeds);
      columns.vehicles[at] = bin.speeds.length;
      columns.averageSpeedMps[at] = figures.averageSpeedMps;
      columns.speed85thMps[at] = figures.speed85thMps;
      columns.speedingPercent[at] = bin.limited === 0 ? null : share(bin.speeding, bin.limited);
    }
  });
  return {
    starts: starts.map((start) => new Date(start).toISOString().slice(0, 19)),
    directions,
  };
}

function matrixBin(value: number): number {
  for (let index = MATRIX_EDGES_S.length - 1; index >= 0; index -= 1)
    if (value >= (MATRIX_EDGES_S[index] as number)) return index;
  return 0;
}

function percentilesOf(values: number[]): Record<number, number> | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return Object.fromEntries(
    PERCENTILES.map((percent) => [percent, percentileInc(sorted, percent)]),
  );
}

function speedFigures(speeds: number[]) {
  if (speeds.length === 0) return { averageSpeedMps: null, speed85thMps: null };
  return {
    averageSpeedMps: speeds.reduce((sum, speed) => sum + speed, 0) / speeds.length,
    speed85thMps: percentileInc(Float64Array.from(speeds).sort(), 85),
  };
}

/** Local bin start (ms of local time) of a local instant. Weeks start on Monday. */
function binStart(localMs: number, binMinutes: number): number {
  if (binMinutes >= 10_080) {
    const day = Math.floor(localMs / DAY_MS);
    return (day - weekdayOfLocal(day * DAY_MS)) * DAY_MS;
  }
  const width = binMinutes * 60_000;
  return Math.floor(localMs / width) * width;
}

/**
 * Everything the site-detail page shows, from one scan over the site's columns: the vehicles
 * that pass the filter feed every figure at once. Counts into flat arrays with exact percentiles
 * from code histograms when the site's measures allow it, else collects and sorts. `scratch` is
 * the calling thread's (see `ScanScratch`).
 */
export function siteDetail(
  input: ScanColumns[] | PreparedColumns,
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
  scratch: ScanScratch = new ScanScratch(),
): SiteDetail {
  const prepared = Array.isArray(input) ? prepareColumns(input) : input;
  return (
    scanSiteDetail(prepared, filter, clock, options, scratch) ??
    siteDetailBySorting(prepared.batches, filter, clock, options)
  );
}

/** The site-detail answer by collecting each group's speeds and sorting them. */
export function siteDetailBySorting(
  batches: ScanColumns[],
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
): SiteDetail {
  const summary = createSummaryAccumulator(options.heavyClasses);
  const limits = [...options.speedLimits].sort((a, b) => a.effectiveFromMs - b.effectiveFromMs);
  const unitSteps = speedingSteps(options.units);
  const steps: [number, number] = [unitSteps.first, unitSteps.second];
  const speedBinMps = unitSteps.binMps;
  const bins: BinsByStart = new Map();
  const classes = new Map<number, number[]>();
  const speedByClass = new Map<number, Map<number, number>>();
  const headways: number[] = [];
  const speeds: number[] = [];
  const gaps: number[] = [];
  const matrix = MATRIX_EDGES_S.map(() => MATRIX_EDGES_S.map(() => 0));
  const speeding = { limited: 0, above: 0, first: 0, second: 0 };
  const dayHourByDirection = new Map<number, Map<number, Float64Array>>();
  const availability = new Map<string, number>();
  /** Two-way vehicles per local quarter hour (its start, local ms): the peak hour factor's. */
  const quarters = new Map<number, number>();

  forEachSelected(batches, filter, clock, (batch, index, localMs) => {
    summary.add(batch, index, localMs);
    const time = batch.timeMs[index] as number;
    const speed = batch.speedMps[index] as number;
    const direction = batch.direction[index] as number;
    const vehicleClass = batch.classIndex[index] as number;

    const quarter = Math.floor(localMs / QUARTER_MS) * QUARTER_MS;
    quarters.set(quarter, (quarters.get(quarter) ?? 0) + 1);
    const start = binStart(localMs, options.binMinutes);
    let byDirection = bins.get(start);
    if (!byDirection)
      bins.set(
        start,
        (byDirection = new Map<number, { speeds: number[]; speeding: number; limited: number }>()),
      );
    let bin = byDirection.get(direction);
    if (!bin) byDirection.set(direction, (bin = { speeds: [], speeding: 0, limited: 0 }));
    bin.speeds.push(speed);
    speeds.push(speed);
    const limit = limitAt(limits, time);
    if (limit !== undefined) {
      bin.limited += 1;
      speeding.limited += 1;
      if (speed > limit) {
        bin.speeding += 1;
        speeding.above += 1;
      }
      if (speed > limit + steps[0]) speeding.first += 1;
      if (speed > limit + steps[1]) speeding.second += 1;
    }

    let classSpeeds = classes.get(vehicleClass);
    if (!classSpeeds) classes.set(vehicleClass, (classSpeeds = []));
    classSpeeds.push(speed);
    const speedBin = Math.floor(speed / speedBinMps);
    let counts = speedByClass.get(speedBin);
    if (!counts) speedByClass.set(speedBin, (counts = new Map<number, number>()));
    counts.set(vehicleClass, (counts.get(vehicleClass) ?? 0) + 1);

    const headway = batch.headwayS[index] as number;
    const gap = batch.gapS[index] as number;
    if (Number.isFinite(headway)) headways.push(headway);
    if (Number.isFinite(gap)) gaps.push(gap);
    if (Number.isFinite(headway) && Number.isFinite(gap)) {
      const row = matrix[matrixBin(headway)] as number[];
      const column = matrixBin(gap);
      row[column] = (row[column] ?? 0) + 1;
    }

    const day = Math.floor(localMs / DAY_MS);
    let days = dayHourByDirection.get(direction);
    if (!days) dayHourByDirection.set(direction, (days = new Map<number, Float64Array>()));
    let hours = days.get(day);
    if (!hours) days.set(day, (hours = new Float64Array(24)));
    const hour = Math.floor((localMs - day * DAY_MS) / 3_600_000);
    hours[hour] = (hours[hour] ?? 0) + 1;
    const availabilityKey = `${day}|${direction}|${batch.lane[index] as number}`;
    availability.set(availabilityKey, (availability.get(availabilityKey) ?? 0) + 1);
  });

  const directionDays = [...dayHourByDirection.values()];
  const result = summary.result((day) =>
    directionDays.map((days) => days.get(day) ?? new Float64Array(24)),
  );
  result.peakHourFactor = peakHourFactor(
    [...quarters.entries()].map(([localStartMs, vehicles]) => ({ localStartMs, vehicles })),
    QUARTER_MS,
  );
  const wholeDays = summary.wholeDays();
  // Only looked through when no whole day exists: then the data spans a day or two.
  const daysWithData =
    wholeDays.length > 0
      ? []
      : [...dayHourByDirection.values()].flatMap((days) => [...days.keys()]);
  const { virtualDay, virtualWeek } = assembleVirtualProfiles(
    [...dayHourByDirection.entries()].map(([direction, days]) => [
      direction,
      (day: number) => days.get(day),
    ]),
    profileDays(
      wholeDays,
      Math.min(...daysWithData),
      Math.max(...daysWithData),
      daysWithData.length,
    ),
  );

  return {
    summary: result,
    bins: binColumns(bins),
    classes: [...classes.entries()]
      .sort(([a], [b]) => a - b)
      .map(([classIndex, speeds]) => ({
        classIndex,
        vehicles: speeds.length,
        sharePercent: share(speeds.length, result.vehicles),
        ...speedFigures(speeds),
      })),
    speedByClass: {
      binWidthMps: speedBinMps,
      bins: [...speedByClass.entries()]
        .sort(([a], [b]) => a - b)
        .map(([speedBin, counts]) => ({
          fromMps: speedBin * speedBinMps,
          counts: Object.fromEntries(counts),
        })),
    },
    speedPercentiles: percentilesOf(speeds),
    headwayPercentiles: percentilesOf(headways),
    gapPercentiles: percentilesOf(gaps),
    headwayGapMatrix: { edgesS: MATRIX_EDGES_S, counts: matrix },
    speeding:
      speeding.limited === 0
        ? null
        : {
            vehicles: speeding.limited,
            stepsMps: steps,
            aboveLimit: {
              vehicles: speeding.above,
              sharePercent: share(speeding.above, speeding.limited),
            },
            aboveFirstStep: {
              vehicles: speeding.first,
              sharePercent: share(speeding.first, speeding.limited),
            },
            aboveSecondStep: {
              vehicles: speeding.second,
              sharePercent: share(speeding.second, speeding.limited),
            },
          },
    virtualDay,
    virtualWeek,
    availability: [...availability.entries()]
      .map(([key, vehicles]) => {
        const [day = '0', direction = '0', lane = '0'] = key.split('|');
        return {
          day: new Date(Number(day) * DAY_MS).toISOString().slice(0, 10),
          direction: Number(direction),
          lane: Number(lane),
          vehicles,
        };
      })
      .sort((a, b) => a.day.localeCompare(b.day) || a.direction - b.direction || a.lane - b.lane),
  };
}
