import type { DirectionColumns, TimeBins } from '@roadcount/domain';
import { weekdayOfLocal } from './filters.ts';
import type { LeftOutCounts } from './leftOut.ts';
import type { SummaryStatistics } from './summaryStatistics.ts';

const DAY_MS = 86_400_000;
const KMH = 1 / 3.6;
const MPH = 0.44704;

export interface SpeedLimit {
  effectiveFromMs: number;
  limitMps: number;
}

/** The parts of the site-detail answer, as the API names them. */
export const SITE_DETAIL_PARTS = [
  'summary',
  'bins',
  'classes',
  'speedByClass',
  'headwayPercentiles',
  'gapPercentiles',
  'headwayGapMatrix',
  'speeding',
  'virtualDay',
  'virtualWeek',
  'availability',
  'leftOut',
] as const;
export type SiteDetailPart = (typeof SITE_DETAIL_PARTS)[number];

export interface SiteDetailOptions {
  /** 5, 10, 15, 20, 30, 60 (hourly), 1440 (daily) or 10080 (weekly). */
  binMinutes: number;
  speedLimits: SpeedLimit[];
  heavyClasses: Set<number>;
  /** Speeding steps (+10/+20 km/h or +5/+10 mph) and speed-distribution bins follow the units. */
  units: 'metric' | 'imperial';
  /**
   * The parts a caller will read (all when absent): the counting scan skips the work of the
   * others, which may then come back empty (null, no rows, zero counts).
   */
  parts?: readonly SiteDetailPart[];
}

// The time bins' shape is the API's too: declared once, in packages/domain.
export type { DirectionColumns, TimeBins } from '@roadcount/domain';

/** Empty columns of `count` bins for one direction. */
export function directionColumns(count: number): DirectionColumns {
  return {
    vehicles: new Array<number>(count).fill(0),
    averageSpeedMps: new Array<number | null>(count).fill(null),
    speed85thMps: new Array<number | null>(count).fill(null),
    speedingPercent: new Array<number | null>(count).fill(null),
  };
}

/** Decimal places of the bins' speeds and percentages as the API sends them. */
export const TIME_BIN_DECIMALS = 5;

const rounded = (value: number | null) =>
  value === null ? null : Math.round(value * 10 ** TIME_BIN_DECIMALS) / 10 ** TIME_BIN_DECIMALS;

/**
 * The bins as JSON for the API, speeds (m/s) and percentages to `TIME_BIN_DECIMALS` places:
 * 0.00001 m/s is far below what a counter measures (0.1 km/h), and the figures written to 16
 * digits made a half-year of hourly bins 0.58 MB rather than 0.36 MB.
 */
export function timeBinsJson(bins: TimeBins): string {
  const directions: Record<number, DirectionColumns> = {};
  for (const [direction, columns] of Object.entries(bins.directions))
    directions[Number(direction)] = {
      vehicles: columns.vehicles,
      averageSpeedMps: columns.averageSpeedMps.map(rounded),
      speed85thMps: columns.speed85thMps.map(rounded),
      speedingPercent: columns.speedingPercent.map(rounded),
    };
  return JSON.stringify({ starts: bins.starts, directions });
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
  bins: TimeBins;
  classes: ClassMetrics[];
  /** Speed distribution by class: lower edge of each speed bin (m/s) and counts per class. */
  speedByClass: {
    binWidthMps: number;
    bins: { fromMps: number; counts: Record<number, number> }[];
  };
  /** Speed percentiles (SPEC section 9: 15, 25, 50, 75, 85, 99) of all vehicles, m/s. */
  speedPercentiles: Record<number, number> | null;
  headwayPercentiles: Record<number, number> | null;
  gapPercentiles: Record<number, number> | null;
  /** Counts of vehicles by headway bin (rows) and gap bin (columns), edges in seconds. */
  headwayGapMatrix: { edgesS: number[]; counts: number[][] };
  speeding: SpeedingTable | null;
  /** Average vehicles per local hour of the day over whole days, per direction. */
  virtualDay: Record<number, number[]>;
  /**
   * Average vehicles per weekday (Monday first) over whole days, per direction; null for a
   * weekday without a whole day (no data, not a quiet day).
   */
  virtualWeek: Record<number, (number | null)[]>;
  /** Days with data per direction and lane. */
  availability: { day: string; direction: number; lane: number; vehicles: number }[];
  /** The time range's vehicles and why the filter left some out (when 'leftOut' is asked for). */
  leftOut?: LeftOutCounts;
}

/** Headway–gap matrix edges, s. */
export const MATRIX_EDGES_S = [0, 1, 2, 3, 4, 5, 10, 20];

export const share = (count: number, of: number) => (of === 0 ? 0 : (count / of) * 100);

/** Speeding steps over the limit and the speed-distribution bin width, in the user's units. */
export function speedingSteps(units: 'metric' | 'imperial') {
  return units === 'imperial'
    ? { first: 5 * MPH, second: 10 * MPH, binMps: 5 * MPH }
    : { first: 10 * KMH, second: 20 * KMH, binMps: 10 * KMH };
}

/**
 * Virtual day (average vehicles per local hour over whole days) and virtual week (average per
 * weekday, Monday first; null for a weekday without a whole day) per direction, from each
 * direction's vehicles per hour of a day.
 */
export function assembleVirtualProfiles(
  directions: [number, (day: number) => ArrayLike<number> | undefined][],
  wholeDays: number[],
): { virtualDay: Record<number, number[]>; virtualWeek: Record<number, (number | null)[]> } {
  const virtualDay: Record<number, number[]> = {};
  const virtualWeek: Record<number, (number | null)[]> = {};
  for (const [direction, hoursOf] of directions) {
    const hourly = Array.from({ length: 24 }, () => 0);
    const weekly = Array.from({ length: 7 }, () => 0);
    const weekdayCounts = Array.from({ length: 7 }, () => 0);
    for (const day of wholeDays) {
      const weekday = weekdayOfLocal(day * DAY_MS);
      weekdayCounts[weekday] = (weekdayCounts[weekday] ?? 0) + 1;
      const hours = hoursOf(day);
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
      (weekdayCounts[weekday] ?? 0) === 0 ? null : total / (weekdayCounts[weekday] ?? 1),
    );
  }
  return { virtualDay, virtualWeek };
}
