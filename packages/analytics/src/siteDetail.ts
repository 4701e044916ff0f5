import { PERCENTILES } from '@roadcount/domain';
import { forEachSelected, weekdayOfLocal, type LocalClock, type VehicleFilter } from './filters.ts';
import { percentileInc } from './percentile.ts';
import { createSummaryAccumulator, type SummaryStatistics } from './summaryStatistics.ts';
import type { VehicleColumns } from './vehicleColumns.ts';

const DAY_MS = 86_400_000;
const KMH = 1 / 3.6;
const MPH = 0.44704;

export interface SpeedLimit {
  effectiveFromMs: number;
  limitMps: number;
}

export interface SiteDetailOptions {
  /** 5, 10, 15, 20, 30, 60 (hourly), 1440 (daily) or 10080 (weekly). */
  binMinutes: number;
  speedLimits: SpeedLimit[];
  heavyClasses: Set<number>;
  /** Speeding steps (+10/+20 km/h or +5/+10 mph) and speed-distribution bins follow the units. */
  units: 'metric' | 'imperial';
}

export interface DirectionBin {
  vehicles: number;
  averageSpeedMps: number | null;
  speed85thMps: number | null;
  /** Share of vehicles above the limit in force, percent; null without a limit. */
  speedingPercent: number | null;
}

export interface TimeBin {
  /** Local start of the bin as ISO text without an offset (the site's wall clock). */
  start: string;
  directions: Record<number, DirectionBin>;
}

export interface ClassMetrics {
  classIndex: number;
  vehicles: number;
  sharePercent: number;
  averageSpeedMps: number | null;
  speed85thMps: number | null;
}

export interface SpeedingTable {
  /** Vehicles measured against a limit (those with a limit in force). */
  vehicles: number;
  stepsMps: [number, number];
  aboveLimit: { vehicles: number; sharePercent: number };
  aboveFirstStep: { vehicles: number; sharePercent: number };
  aboveSecondStep: { vehicles: number; sharePercent: number };
}

export interface SiteDetail {
  summary: SummaryStatistics;
  bins: TimeBin[];
  classes: ClassMetrics[];
  /** Speed distribution by class: lower edge of each speed bin (m/s) and counts per class. */
  speedByClass: {
    binWidthMps: number;
    bins: { fromMps: number; counts: Record<number, number> }[];
  };
  headwayPercentiles: Record<number, number> | null;
  gapPercentiles: Record<number, number> | null;
  /** Counts of vehicles by headway bin (rows) and gap bin (columns), edges in seconds. */
  headwayGapMatrix: { edgesS: number[]; counts: number[][] };
  speeding: SpeedingTable | null;
  /** Average vehicles per local hour of the day over whole days, per direction. */
  virtualDay: Record<number, number[]>;
  /** Average vehicles per weekday (Monday first) over whole days, per direction. */
  virtualWeek: Record<number, number[]>;
  /** Days with data per direction and lane. */
  availability: { day: string; direction: number; lane: number; vehicles: number }[];
}

const MATRIX_EDGES_S = [0, 1, 2, 3, 4, 5, 10, 20];

function limitAt(limits: SpeedLimit[], time: number): number | undefined {
  let found: number | undefined;
  for (const limit of limits) if (limit.effectiveFromMs <= time) found = limit.limitMps;
  return found;
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
 * that pass the filter feed every figure at once.
 */
export function siteDetail(
  batches: VehicleColumns[],
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
): SiteDetail {
  const summary = createSummaryAccumulator(options.heavyClasses);
  const limits = [...options.speedLimits].sort((a, b) => a.effectiveFromMs - b.effectiveFromMs);
  const steps: [number, number] =
    options.units === 'imperial' ? [5 * MPH, 10 * MPH] : [10 * KMH, 20 * KMH];
  const speedBinMps = options.units === 'imperial' ? 5 * MPH : 10 * KMH;
  const bins = new Map<
    number,
    Map<number, { speeds: number[]; speeding: number; limited: number }>
  >();
  const classes = new Map<number, number[]>();
  const speedByClass = new Map<number, Map<number, number>>();
  const headways: number[] = [];
  const gaps: number[] = [];
  const matrix = MATRIX_EDGES_S.map(() => MATRIX_EDGES_S.map(() => 0));
  const speeding = { limited: 0, above: 0, first: 0, second: 0 };
  const dayHourByDirection = new Map<number, Map<number, Float64Array>>();
  const availability = new Map<string, number>();

  forEachSelected(batches, filter, clock, (batch, index, localMs) => {
    summary.add(batch, index, localMs);
    const time = batch.timeMs[index] as number;
    const speed = batch.speedMps[index] as number;
    const direction = batch.direction[index] as number;
    const vehicleClass = batch.classIndex[index] as number;

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

  const result = summary.result();
  const wholeDays = summary.wholeDays();
  const virtualDay: Record<number, number[]> = {};
  const virtualWeek: Record<number, number[]> = {};
  for (const [direction, days] of dayHourByDirection) {
    const hourly = Array.from({ length: 24 }, () => 0);
    const weekly = Array.from({ length: 7 }, () => 0);
    const weekdayCounts = Array.from({ length: 7 }, () => 0);
    for (const day of wholeDays) {
      const weekday = weekdayOfLocal(day * DAY_MS);
      weekdayCounts[weekday] = (weekdayCounts[weekday] ?? 0) + 1;
      const hours = days.get(day);
      if (!hours) continue;
      for (let hour = 0; hour < 24; hour += 1) {
        hourly[hour] = (hourly[hour] ?? 0) + (hours[hour] ?? 0);
        weekly[weekday] = (weekly[weekday] ?? 0) + (hours[hour] ?? 0);
      }
    }
    virtualDay[direction] = hourly.map((total) =>
      wholeDays.length === 0 ? 0 : total / wholeDays.length,
    );
    virtualWeek[direction] = weekly.map((total, weekday) =>
      (weekdayCounts[weekday] ?? 0) === 0 ? 0 : total / (weekdayCounts[weekday] ?? 1),
    );
  }

  const share = (count: number, of: number) => (of === 0 ? 0 : (count / of) * 100);
  return {
    summary: result,
    bins: [...bins.entries()]
      .sort(([a], [b]) => a - b)
      .map(([start, byDirection]) => ({
        start: new Date(start).toISOString().slice(0, 19),
        directions: Object.fromEntries(
          [...byDirection.entries()].map(([direction, bin]) => [
            direction,
            {
              vehicles: bin.speeds.length,
              ...speedFigures(bin.speeds),
              speedingPercent: bin.limited === 0 ? null : share(bin.speeding, bin.limited),
            },
          ]),
        ),
      })),
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
