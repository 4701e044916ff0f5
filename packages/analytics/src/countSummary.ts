import { averageDailyVolumes } from './dailyVolume.ts';
import { IntervalCoverage, wholeDaysOf } from './dayCoverage.ts';
import { peakHourFactor, type PeakHourFactor } from './designFigures.ts';
import type { LocalClock } from './filters.ts';
import { inExcludedWindow, localTimeOf, type ExcludedWindow } from './filters.ts';
import { INTERVAL_MODES, type IntervalColumns, type IntervalMode } from './intervalColumns.ts';

const DAY_MS = 86_400_000;

export interface CountFilter {
  startMs: number;
  /** Exclusive. */
  endMs: number;
  directions: number[];
  /** Lanes per direction; a direction not listed keeps all its lanes. */
  lanesByDirection?: Record<number, number[]>;
  /** Time windows whose counts are left out (a site's excluded bad-data periods). */
  excludedWindows?: ExcludedWindow[];
}

export interface CountSummary {
  /** The modes counted (pedestrian, bike, vehicle), in that order of INTERVAL_MODES. */
  modes: IntervalMode[];
  /** Counts per bin by mode and direction; a count belongs to the bin its interval starts in. */
  bins: { start: string; counts: Partial<Record<IntervalMode, Record<number, number>>> }[];
  totals: Partial<Record<IntervalMode, number>>;
  /** Local days the counts' intervals cover from 00:00 to 24:00 (`wholeDaysOf`). */
  wholeDays: number;
  /** Counted per whole day by mode, as `averageDailyVolumes` has it; null without whole days. */
  dailyAverage: Partial<Record<IntervalMode, number | null>>;
  /** Average count per local hour of the day over whole days, by mode. */
  virtualDay: Partial<Record<IntervalMode, number[]>>;
  /** Average count per local weekday (Monday first) over the whole days of each, by mode. */
  virtualWeek: Partial<Record<IntervalMode, (number | null)[]>>;
  /** Per mode: weekday and weekend averages, AM and PM peak hours, and totals by direction. */
  figures: Partial<Record<IntervalMode, CountFigures>>;
}

export interface CountFigures {
  awdt: number | null;
  awedt: number | null;
  /** The local hour (0 to 11, 12 to 23) with the most counted, averaged over the whole days. */
  amPeak: { hour: number; count: number } | null;
  pmPeak: { hour: number; count: number } | null;
  /** Counted per direction code over the filter's window. */
  directions: Record<number, number>;
  /**
   * Peak hour factor of the two-way counts by local quarter hour, as for vehicles; null when the
   * file's intervals are longer than 15 minutes (or do not divide a quarter hour).
   */
  peakHourFactor: PeakHourFactor | null;
}

const QUARTER_MS = 900_000;

/**
 * Pedestrian and bike volumes from interval counts, per time bin (5 minutes to weekly, as the
 * vehicle figures) in the site's local time, with daily averages and the virtual day.
 */
export function countSummary(
  files: IntervalColumns[],
  filter: CountFilter,
  clock: LocalClock,
  binMinutes: number,
): CountSummary {
  const local = localTimeOf(clock);
  const weekly = binMinutes >= 10_080;
  const widthMs = binMinutes * 60_000;
  const directions = new Set(filter.directions);
  const lanes = new Map(
    Object.entries(filter.lanesByDirection ?? {}).map(([direction, list]) => [
      Number(direction),
      new Set(list),
    ]),
  );
  const excluded = filter.excludedWindows ?? [];
  const bins = new Map<number, Map<IntervalMode, Map<number, number>>>();
  const perDay = new Map<number, Map<IntervalMode, Float64Array>>();
  const totals = new Map<IntervalMode, number>();
  const modeDirections = new Map<IntervalMode, Map<number, number>>();
  /** Per mode, counts by local quarter-hour start; null once an interval is too long for it. */
  const modeQuarters = new Map<IntervalMode, Map<number, number> | null>();
  // Whether the counter ran over a day is a matter of its intervals, whatever is filtered out.
  const coverage = new IntervalCoverage(clock);
  for (const file of files) {
    for (let index = 0; index < file.startMs.length; index += 1) {
      const start = file.startMs[index] as number;
      if (start < filter.startMs || start >= filter.endMs) continue;
      coverage.add(start, Math.min((file.durationS[index] as number) * 1000, filter.endMs - start));
      const direction = file.direction[index] as number;
      if (inExcludedWindow(excluded, start, direction, file.lane[index] as number)) continue;
      if (!directions.has(direction)) continue;
      const laneSet = lanes.get(direction);
      if (laneSet && !laneSet.has(file.lane[index] as number)) continue;
      const mode = INTERVAL_MODES[file.mode[index] as number] ?? 'vehicle';
      const count = file.count[index] as number;
      const localMs = local(start);
      const day = Math.floor(localMs / DAY_MS);
      const binStart = weekly
        ? (day - ((day + 3) % 7)) * DAY_MS
        : Math.floor(localMs / widthMs) * widthMs;
      let byMode = bins.get(binStart);
      if (!byMode) bins.set(binStart, (byMode = new Map<IntervalMode, Map<number, number>>()));
      let byDirection = byMode.get(mode);
      if (!byDirection) byMode.set(mode, (byDirection = new Map<number, number>()));
      byDirection.set(direction, (byDirection.get(direction) ?? 0) + count);
      totals.set(mode, (totals.get(mode) ?? 0) + count);
      let directionTotals = modeDirections.get(mode);
      if (!directionTotals) modeDirections.set(mode, (directionTotals = new Map<number, number>()));
      directionTotals.set(direction, (directionTotals.get(direction) ?? 0) + count);
      let dayModes = perDay.get(day);
      if (!dayModes) perDay.set(day, (dayModes = new Map<IntervalMode, Float64Array>()));
      let hours = dayModes.get(mode);
      if (!hours) dayModes.set(mode, (hours = new Float64Array(24)));
      const hour = Math.floor((localMs - day * DAY_MS) / 3_600_000);
      hours[hour] = (hours[hour] as number) + count;
      const durationMs = (file.durationS[index] as number) * 1000;
      let quarters = modeQuarters.get(mode);
      if (quarters === undefined) modeQuarters.set(mode, (quarters = new Map<number, number>()));
      if (quarters && durationMs > 0 && QUARTER_MS % durationMs === 0) {
        const quarter = Math.floor(localMs / QUARTER_MS) * QUARTER_MS;
        quarters.set(quarter, (quarters.get(quarter) ?? 0) + count);
      } else modeQuarters.set(mode, null);
    }
  }
  const modes = INTERVAL_MODES.filter((mode) => totals.has(mode));
  const wholeDays = wholeDaysOf(
    [...coverage.coverage()].map(([day, covers]) => ({ day, coverage: covers })),
  );
  const dailyAverage: CountSummary['dailyAverage'] = {};
  const virtualDay: CountSummary['virtualDay'] = {};
  const virtualWeek: CountSummary['virtualWeek'] = {};
  const figures: CountSummary['figures'] = {};
  for (const mode of modes) {
    const hourly = Array.from({ length: 24 }, () => 0);
    const dayTotals = new Map<number, number>();
    for (const day of wholeDays) {
      const hours = perDay.get(day)?.get(mode);
      if (!hours) continue;
      let total = 0;
      for (let hour = 0; hour < 24; hour += 1) {
        hourly[hour] = (hourly[hour] as number) + (hours[hour] as number);
        total += hours[hour] as number;
      }
      dayTotals.set(day, total);
    }
    const averages = averageDailyVolumes(wholeDays, (day) => dayTotals.get(day) ?? 0);
    dailyAverage[mode] = averages.adt;
    virtualDay[mode] = hourly.map((sum) => (wholeDays.length === 0 ? 0 : sum / wholeDays.length));
    // Day 0 of the epoch was a Thursday: (day + 3) % 7 is 0 on Mondays.
    const weekdaySums = Array.from({ length: 7 }, () => 0);
    const weekdayDays = Array.from({ length: 7 }, () => 0);
    for (const day of wholeDays) {
      const weekday = (((day + 3) % 7) + 7) % 7;
      weekdaySums[weekday] = (weekdaySums[weekday] as number) + (dayTotals.get(day) ?? 0);
      weekdayDays[weekday] = (weekdayDays[weekday] as number) + 1;
    }
    virtualWeek[mode] = weekdaySums.map((sum, weekday) =>
      weekdayDays[weekday] ? sum / weekdayDays[weekday] : null,
    );
    const peakBetween = (from: number, to: number) => {
      if (wholeDays.length === 0) return null;
      let best = from;
      for (let hour = from; hour < to; hour += 1)
        if ((hourly[hour] as number) > (hourly[best] as number)) best = hour;
      return { hour: best, count: (hourly[best] as number) / wholeDays.length };
    };
    figures[mode] = {
      awdt: averages.awdt,
      awedt: averages.awedt,
      amPeak: peakBetween(0, 12),
      pmPeak: peakBetween(12, 24),
      directions: Object.fromEntries(modeDirections.get(mode) ?? []),
      peakHourFactor: peakHourFactorOfQuarters(modeQuarters.get(mode) ?? null),
    };
  }
  return {
    modes,
    bins: [...bins.entries()]
      .sort(([a], [b]) => a - b)
      .map(([start, byMode]) => ({
        start: new Date(start).toISOString().slice(0, 19),
        counts: Object.fromEntries(
          [...byMode.entries()].map(([mode, byDirection]) => [
            mode,
            Object.fromEntries(byDirection),
          ]),
        ),
      })),
    totals: Object.fromEntries(totals),
    wholeDays: wholeDays.length,
    dailyAverage,
    virtualDay,
    virtualWeek,
    figures,
  };
}

/** The peak hour factor of counts by quarter hour (null without them). */
function peakHourFactorOfQuarters(quarters: Map<number, number> | null): PeakHourFactor | null {
  if (!quarters) return null;
  return peakHourFactor(
    [...quarters.entries()].map(([localStartMs, vehicles]) => ({ localStartMs, vehicles })),
    QUARTER_MS,
  );
}
