import { weekdayOfLocal } from './filters.ts';
import type { DailyTotal } from './dailyVolume.ts';

const DAY_MS = 86_400_000;

/**
 * TMG 2022 / AASHTO: a continuous site's month counts only with at least this many days of each
 * weekday in it (the guide asks for at least one of each).
 */
export const MIN_DAYS_PER_WEEKDAY = 1;

/** Calendar month (0 January … 11 December) of a local day number. */
export const monthOfDay = (day: number) => new Date(day * DAY_MS).getUTCMonth();

const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * A site's AASHTO AADT (TMG 2022 §3, TRAFFIC-ENGINEERING.md): days pooled by calendar month
 * (across years when the record is longer than one); per month and weekday the mean of that
 * weekday's daily volumes; the month's value is the mean of its weekday means; AADT is the mean
 * of the months' values (12 months and 84 weekday means over a full year). `days` are days with
 * data: a day the counter recorded nothing is missing, not a zero. The one computation of a
 * site's AADT, for the site detail and the factor groups alike.
 */
export interface AashtoAadt {
  aadt: number | null;
  /** Calendar months (0–11) with at least one day. */
  monthsWithData: number[];
  /** Of those, the months without a day of every weekday: averaged over the weekdays present. */
  monthsMissingWeekdays: number[];
  /** Per calendar month, the mean of its weekday means; null without days. */
  monthValues: (number | null)[];
  /** Per calendar month and weekday (Monday first): days and mean daily volume. */
  cells: { days: number; mean: number | null }[][];
}

export function aashtoAadt(days: readonly DailyTotal[]): AashtoAadt {
  const sums = Array.from({ length: 12 }, () =>
    Array.from({ length: 7 }, () => ({ total: 0, days: 0 })),
  );
  for (const { day, vehicles } of days) {
    const cell = sums[monthOfDay(day)]?.[weekdayOfLocal(day * DAY_MS)];
    if (!cell) continue;
    cell.total += vehicles;
    cell.days += 1;
  }
  const cells = sums.map((weekdays) =>
    weekdays.map((cell) => ({
      days: cell.days,
      mean: cell.days === 0 ? null : cell.total / cell.days,
    })),
  );
  const monthValues = cells.map((weekdays) =>
    mean(weekdays.flatMap((cell) => (cell.mean === null ? [] : [cell.mean]))),
  );
  const monthsWithData = monthValues.flatMap((value, month) => (value === null ? [] : [month]));
  return {
    aadt: mean(monthsWithData.map((month) => monthValues[month] as number)),
    monthsWithData,
    monthsMissingWeekdays: monthsWithData.filter((month) =>
      cells[month]?.some((cell) => cell.days === 0),
    ),
    monthValues,
    cells,
  };
}

/** One continuous site's factors: 12 monthly (January first) and 7 day-of-week (Monday first). */
export interface SiteFactors {
  /** Months (0–11) with at least `MIN_DAYS_PER_WEEKDAY` days of every weekday. */
  qualifyingMonths: number[];
  /** AASHTO AADT (`aashtoAadt`); null unless all 12 months qualify. */
  aadt: number | null;
  /** Per month: AADT / the month's average of its seven weekday means; null where it fails. */
  monthly: (number | null)[];
  /** Per weekday: AADT / the mean over qualifying months of that weekday's mean. */
  dayOfWeek: (number | null)[];
}

/**
 * A continuous site's monthly and day-of-week factors by the AASHTO method of TMG 2022 from its
 * days with data (`aashtoAadt`). A month without `MIN_DAYS_PER_WEEKDAY` days of each weekday
 * does not qualify, and a site without 12 qualifying months gives no factors.
 */
export function siteFactors(days: DailyTotal[]): SiteFactors {
  const aashto = aashtoAadt(days);
  const qualifyingMonths = aashto.cells.flatMap((weekdays, month) =>
    weekdays.every((cell) => cell.days >= MIN_DAYS_PER_WEEKDAY) ? [month] : [],
  );
  if (qualifyingMonths.length < 12 || aashto.aadt === null)
    return {
      qualifyingMonths,
      aadt: null,
      monthly: new Array<null>(12).fill(null),
      dayOfWeek: new Array<null>(7).fill(null),
    };
  const aadt = aashto.aadt;
  const dayOfWeek = Array.from({ length: 7 }, (_unused, weekday) => {
    const weekdayMean = mean(
      qualifyingMonths.map((month) => aashto.cells[month]?.[weekday]?.mean as number),
    );
    return weekdayMean ? aadt / weekdayMean : null;
  });
  return {
    qualifyingMonths,
    aadt,
    monthly: aashto.monthValues.map((value) => (value ? aadt / value : null)),
    dayOfWeek,
  };
}

/** A factor group's factors: the mean of its qualifying continuous sites' factors. */
export interface GroupFactors {
  /** Continuous sites whose factors were averaged. */
  sites: number;
  monthly: (number | null)[];
  dayOfWeek: (number | null)[];
}

/** The group's factors as the mean of each factor over the sites that have it (TMG 2022). */
export function groupFactors(sites: SiteFactors[]): GroupFactors {
  const usable = sites.filter((site) => site.aadt !== null);
  const average = (pick: (site: SiteFactors) => number | null) =>
    mean(usable.map(pick).filter((value): value is number => value !== null));
  return {
    sites: usable.length,
    monthly: Array.from({ length: 12 }, (_unused, month) =>
      average((site) => site.monthly[month] ?? null),
    ),
    dayOfWeek: Array.from({ length: 7 }, (_unused, weekday) =>
      average((site) => site.dayOfWeek[weekday] ?? null),
    ),
  };
}

/** A short count's AADT: its ADT times the monthly and day-of-week factors it was given. */
export interface AdjustedAadt {
  adt: number;
  aadt: number;
  /** The monthly factor applied (volume-weighted over the count's days when it spans months). */
  monthlyFactor: number;
  /** The day-of-week factor applied (volume-weighted over the count's weekdays). */
  dayOfWeekFactor: number;
  /** Months (0–11) of the count's days. */
  months: number[];
}

/**
 * TMG 2022 adjustment of a short count: each whole day's volume times its month's factor and its
 * weekday's factor, averaged over the days. So AADT = ADT × monthlyFactor × dayOfWeekFactor,
 * where monthlyFactor = Σ v·M / Σ v and dayOfWeekFactor = Σ v·M·D / Σ v·M. Null without days or
 * without a factor for one of the count's months or weekdays.
 */
export function adjustShortCount(days: DailyTotal[], factors: GroupFactors): AdjustedAadt | null {
  if (days.length === 0) return null;
  let volume = 0;
  let monthAdjusted = 0;
  let adjusted = 0;
  const months = new Set<number>();
  for (const { day, vehicles } of days) {
    const month = monthOfDay(day);
    const monthly = factors.monthly[month];
    const dayOfWeek = factors.dayOfWeek[weekdayOfLocal(day * DAY_MS)];
    if (monthly === null || monthly === undefined || dayOfWeek === null || dayOfWeek === undefined)
      return null;
    months.add(month);
    volume += vehicles;
    monthAdjusted += vehicles * monthly;
    adjusted += vehicles * monthly * dayOfWeek;
  }
  if (volume === 0) return null;
  return {
    adt: volume / days.length,
    aadt: adjusted / days.length,
    monthlyFactor: monthAdjusted / volume,
    dayOfWeekFactor: adjusted / monthAdjusted,
    months: [...months].sort((a, b) => a - b),
  };
}

/**
 * The method's error on the group's own continuous sites: every run of `length` consecutive
 * whole days at each site is adjusted as a short count would be and compared with the site's
 * AASHTO AADT. Mean absolute percentage error and the number of runs tried; null without runs.
 */
export function adjustmentError(
  sites: { days: DailyTotal[]; aadt: number | null }[],
  factors: GroupFactors,
  length: number,
): { meanAbsolutePercent: number; samples: number } | null {
  let errorSum = 0;
  let samples = 0;
  for (const site of sites) {
    if (site.aadt === null || length < 1) continue;
    const sorted = [...site.days].sort((a, b) => a.day - b.day);
    for (let start = 0; start + length <= sorted.length; start += 1) {
      const run = sorted.slice(start, start + length);
      // Only runs of consecutive days, as a short count is.
      if ((run[run.length - 1] as DailyTotal).day - (run[0] as DailyTotal).day !== length - 1)
        continue;
      const adjusted = adjustShortCount(run, factors);
      if (!adjusted) continue;
      errorSum += Math.abs(adjusted.aadt - site.aadt) / site.aadt;
      samples += 1;
    }
  }
  return samples === 0 ? null : { meanAbsolutePercent: (errorSum / samples) * 100, samples };
}

/**
 * Groups continuous sites by the shape of their monthly factors: k-means (k at most the number
 * of sites) seeded with the sites furthest apart, Euclidean distance over the 12 factors. Returns
 * each site's cluster (0-based), stable for the same input.
 */
export function clusterByMonthlyPattern(patterns: number[][], k: number): number[] {
  const count = Math.min(k, patterns.length);
  if (count <= 0) return [];
  const distance = (a: number[], b: number[]) =>
    Math.sqrt(a.reduce((sum, value, index) => sum + (value - (b[index] ?? 0)) ** 2, 0));
  const centres: number[][] = [patterns[0] as number[]];
  while (centres.length < count) {
    let furthest = 0;
    let furthestDistance = -1;
    patterns.forEach((pattern, index) => {
      const nearest = Math.min(...centres.map((centre) => distance(pattern, centre)));
      if (nearest > furthestDistance) {
        furthestDistance = nearest;
        furthest = index;
      }
    });
    centres.push(patterns[furthest] as number[]);
  }
  let assignment: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    const next = patterns.map((pattern) => {
      let best = 0;
      centres.forEach((centre, index) => {
        if (distance(pattern, centre) < distance(pattern, centres[best] as number[])) best = index;
      });
      return best;
    });
    if (next.every((cluster, index) => cluster === assignment[index])) break;
    assignment = next;
    centres.forEach((_centre, cluster) => {
      const members = patterns.filter((_pattern, index) => assignment[index] === cluster);
      if (members.length > 0)
        centres[cluster] = (members[0] as number[]).map(
          (_value, index) =>
            members.reduce((sum, member) => sum + (member[index] ?? 0), 0) / members.length,
        );
    });
  }
  return assignment;
}
