import { averageDailyVolumes } from './dailyVolume.ts';
import { wholeDaysOfRecord } from './dayCoverage.ts';
import { forEachSelected, type LocalClock, type VehicleFilter } from './filters.ts';
import {
  designHour,
  paceOf,
  type DesignHour,
  type Pace,
  type PeakHourFactor,
} from './designFigures.ts';
import { percentileInc } from './percentile.ts';
import { aashtoAadt } from './trafficFactors.ts';
import type { ScanColumns } from './vehicleColumns.ts';

export interface PeakHour {
  /** Local hour of day the peak hour starts. */
  hour: number;
  /** Average vehicles in that hour over the whole days. */
  vehicles: number;
}

export interface SummaryStatistics {
  vehicles: number;
  /** Local days between the first and the last day of data, both excluded as partial. */
  wholeDays: number;
  adt: number | null;
  awdt: number | null;
  awedt: number | null;
  aadt: number | null;
  /** AADT from fewer than 12 calendar months is an estimate. */
  aadtIsEstimate: boolean;
  averageSpeedMps: number | null;
  speed85thMps: number | null;
  amPeak: PeakHour | null;
  pmPeak: PeakHour | null;
  totalCommercial: number;
  percentCommercial: number | null;
  /** Calendar months (0–11) averaged over fewer than 7 weekdays: the AADT variant used. */
  aadtMonthsMissingWeekdays: number[];
  speed95thMps: number | null;
  /** The 10 km/h and the 10 mph band holding the most vehicles. */
  pace: { metric: Pace; imperial: Pace } | null;
  /** K and D factors of the design hour; only over a year of data (AADT not an estimate). */
  designHour: DesignHour | null;
  /** Peak hour factor, from the vehicles of each local quarter hour whatever the bins asked for. */
  peakHourFactor: PeakHourFactor | null;
}

const DAY_MS = 86_400_000;

/** Collects what the summary statistics need, one vehicle at a time (for a shared scan). */
export function createSummaryAccumulator(heavyClasses: Set<number>) {
  const perDay = new Map<number, number>();
  const perDayHour = new Map<number, Float64Array>();
  const speeds: number[] = [];
  let vehicles = 0;
  let heavy = 0;
  let firstDay = Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  return {
    add(batch: ScanColumns, index: number, localMs: number): void {
      vehicles += 1;
      speeds.push(batch.speedMps[index] as number);
      if (heavyClasses.has(batch.classIndex[index] as number)) heavy += 1;
      const day = Math.floor(localMs / DAY_MS);
      if (day < firstDay) firstDay = day;
      if (day > lastDay) lastDay = day;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      let hours = perDayHour.get(day);
      if (!hours) {
        hours = new Float64Array(24);
        perDayHour.set(day, hours);
      }
      const hour = Math.floor((localMs - day * DAY_MS) / 3_600_000);
      hours[hour] = (hours[hour] ?? 0) + 1;
    },
    /** The whole days (local day numbers), for profiles computed elsewhere from the same scan. */
    wholeDays(): number[] {
      return wholeDaysOfRecord(firstDay, lastDay);
    },
    result(directionHoursOf?: SummaryCounts['directionHoursOf']): SummaryStatistics {
      const sorted = Float64Array.from(speeds).sort();
      return summaryFromCounts({
        vehicles,
        heavy,
        wholeDays: this.wholeDays(),
        volumeOf: (day) => perDay.get(day) ?? 0,
        hoursOf: (day) => perDayHour.get(day),
        averageSpeedMps:
          vehicles === 0 ? null : speeds.reduce((sum, speed) => sum + speed, 0) / vehicles,
        speed85thMps: vehicles === 0 ? null : percentileInc(sorted, 85),
        speed95thMps: vehicles === 0 ? null : percentileInc(sorted, 95),
        speedCounts: speeds.map((speedMps) => ({ speedMps, vehicles: 1 })),
        ...(directionHoursOf ? { directionHoursOf } : {}),
      });
    },
  };
}

/** What the summary statistics are computed from, however the vehicles were counted. */
export interface SummaryCounts {
  vehicles: number;
  heavy: number;
  /** Local day numbers (days since 1970-01-01) of the whole days (see `wholeDaysOf`). */
  wholeDays: number[];
  volumeOf: (day: number) => number;
  /** Vehicles per local hour of the day, for a day. */
  hoursOf: (day: number) => ArrayLike<number> | undefined;
  averageSpeedMps: number | null;
  speed85thMps: number | null;
  speed95thMps?: number | null;
  /** Vehicles per measured speed, for the pace. */
  speedCounts?: Iterable<{ speedMps: number; vehicles: number }>;
  /** Vehicles per local hour of the day for each direction, for the D factor. */
  directionHoursOf?: (day: number) => ArrayLike<number>[];
}

/**
 * The summary statistics of ARCHITECTURE.md from daily and hourly counts; ADT, AWDT and AWEDT
 * by the one definition of `averageDailyVolumes`.
 */
export function summaryFromCounts(counts: SummaryCounts): SummaryStatistics {
  const { wholeDays, volumeOf, vehicles, heavy } = counts;
  const { adt, awdt, awedt } = averageDailyVolumes(wholeDays, volumeOf);

  // AADT (AASHTO, the factor groups' computation): a whole day without a vehicle is missing
  // data (a silent counter), not a zero.
  const aashto = aashtoAadt(
    wholeDays.flatMap((day) => {
      const volume = volumeOf(day);
      return volume > 0 ? [{ day, vehicles: volume }] : [];
    }),
  );
  const aadt = aashto.aadt;
  const aadtIsEstimate = aashto.monthsWithData.length < 12;
  const aadtMonthsMissingWeekdays = aashto.monthsMissingWeekdays;

  const hourly = new Float64Array(24);
  for (const day of wholeDays) {
    const hours = counts.hoursOf(day);
    if (hours)
      for (let hour = 0; hour < 24; hour += 1)
        hourly[hour] = (hourly[hour] ?? 0) + (hours[hour] ?? 0);
  }
  const peakBetween = (from: number, to: number): PeakHour | null => {
    if (wholeDays.length === 0) return null;
    let best = from;
    for (let hour = from; hour < to; hour += 1)
      if ((hourly[hour] ?? 0) > (hourly[best] ?? 0)) best = hour;
    return { hour: best, vehicles: (hourly[best] ?? 0) / wholeDays.length };
  };
  return {
    vehicles,
    wholeDays: wholeDays.length,
    adt,
    awdt,
    awedt,
    aadt,
    aadtIsEstimate,
    averageSpeedMps: counts.averageSpeedMps,
    speed85thMps: counts.speed85thMps,
    amPeak: peakBetween(0, 12),
    pmPeak: peakBetween(12, 24),
    totalCommercial: heavy,
    percentCommercial: vehicles === 0 ? null : (heavy / vehicles) * 100,
    aadtMonthsMissingWeekdays,
    speed95thMps: counts.speed95thMps ?? null,
    pace: paceBothUnits(counts.speedCounts),
    designHour: aadtIsEstimate ? null : designHour(hourVolumes(counts), aadt),
    peakHourFactor: null,
  };
}

function paceBothUnits(speeds: SummaryCounts['speedCounts']): SummaryStatistics['pace'] {
  if (!speeds) return null;
  const list = [...speeds];
  const metric = paceOf(list, 'metric');
  const imperial = paceOf(list, 'imperial');
  return metric && imperial ? { metric, imperial } : null;
}

/** Every hour of the whole days, two-way and per direction (directions when given). */
function hourVolumes(counts: SummaryCounts) {
  const hours: { total: number; byDirection: number[] }[] = [];
  for (const day of counts.wholeDays) {
    const twoWay = counts.hoursOf(day);
    const byDirection = counts.directionHoursOf?.(day) ?? [];
    for (let hour = 0; hour < 24; hour += 1)
      hours.push({
        total: twoWay?.[hour] ?? 0,
        byDirection: byDirection.map((direction) => direction[hour] ?? 0),
      });
  }
  return hours;
}

/**
 * Summary statistics of ARCHITECTURE.md over the vehicles that pass the filter, in the site's
 * local time. ADT: vehicles in whole days / whole days; AWDT Monday to Friday; AWEDT Saturday and
 * Sunday; AADT: per month the mean of the seven day-of-week averages, then the mean of the
 * months with data (an estimate under 12 months). Whole days are the local days strictly between
 * the first and the last day with data (see `dailyVolume.ts`).
 */
export function summaryStatistics(
  batches: ScanColumns[],
  filter: VehicleFilter,
  clock: LocalClock,
  heavyClasses: Set<number>,
): SummaryStatistics {
  const accumulator = createSummaryAccumulator(heavyClasses);
  forEachSelected(batches, filter, clock, (batch, index, localMs) =>
    accumulator.add(batch, index, localMs),
  );
  return accumulator.result();
}
