import { wholeDaysOf, type DayCoverage } from './dayCoverage.ts';
import { weekdayOfLocal } from './filters.ts';

const DAY_MS = 86_400_000;

/** Average vehicles a day over the whole days: all, Monday to Friday, Saturday and Sunday. */
export interface AverageDailyVolumes {
  /** ADT; null without whole days. */
  adt: number | null;
  /** AWDT; null without a whole weekday. */
  awdt: number | null;
  /** AWEDT; null without a whole Saturday or Sunday. */
  awedt: number | null;
}

/** A local day's vehicles (the day as days since 1970-01-01 in the site's local time). */
export interface DailyTotal {
  day: number;
  vehicles: number;
  /** How the day's data covers it (`wholeDaysOf`); vehicle records when not said. */
  coverage?: DayCoverage;
}

/**
 * The whole days of daily totals by the one rule (`wholeDaysOf`): days with vehicles, or whose
 * interval counts cover them (a real zero), are the days with data; entries of one day may come
 * in any order and number (one per direction, say).
 */
export function wholeDaysOfTotals(dailyTotals: readonly DailyTotal[]): number[] {
  return wholeDaysOf(
    dailyTotals
      .filter(({ vehicles, coverage }) => vehicles > 0 || coverage === 'whole')
      .map(({ day, coverage }) => ({ day, coverage: coverage ?? 'records' })),
  );
}

/**
 * The local days strictly between two days (none when they are the same day or next to each
 * other, or infinite): the days `wholeDaysOf` takes as whole between a vehicle record's first
 * and last day.
 */
export function wholeDaysBetween(firstDay: number, lastDay: number): number[] {
  const days: number[] = [];
  for (let day = firstDay + 1; day < lastDay; day += 1) days.push(day);
  return days;
}

/**
 * ADT, AWDT and AWEDT as ARCHITECTURE.md defines them: vehicles in whole days / whole days; AWDT
 * over the whole days Monday to Friday only, AWEDT over Saturday and Sunday only. `wholeDays`
 * are local day numbers (see `wholeDaysOf`), and a whole day with no vehicles counts as 0.
 *
 * This is the one definition of ADT, used by the map, site detail, reports and CSV alike (the
 * vehicle scans reach it through `summaryFromCounts`, lists of daily totals through
 * `averageDailyVolumesOfTotals`), so that they give the same figure for the same vehicles.
 */
export function averageDailyVolumes(
  wholeDays: readonly number[],
  volumeOf: (day: number) => number,
): AverageDailyVolumes {
  // One pass (the map asks this of thousands of sites a call), adding in the days' order.
  let all = 0;
  let workdays = 0;
  let workdayVolume = 0;
  let weekendDays = 0;
  let weekendVolume = 0;
  for (const day of wholeDays) {
    const volume = volumeOf(day);
    all += volume;
    if (weekdayOfLocal(day * DAY_MS) < 5) {
      workdays += 1;
      workdayVolume += volume;
    } else {
      weekendDays += 1;
      weekendVolume += volume;
    }
  }
  return {
    adt: wholeDays.length === 0 ? null : all / wholeDays.length,
    awdt: workdays === 0 ? null : workdayVolume / workdays,
    awedt: weekendDays === 0 ? null : weekendVolume / weekendDays,
  };
}

/**
 * `averageDailyVolumes` from a list of daily totals (daily rollups, the map's series), by the
 * same rule as the scans (`wholeDaysOfTotals`): a whole day with no entry (or none but 0) counts
 * as 0. Entries of the same day (one per direction, say) are added together; the list may be in
 * any order. The one definition of ADT, used by map, site detail, reports and CSV (see
 * `averageDailyVolumes`).
 */
export function averageDailyVolumesOfTotals(
  dailyTotals: readonly DailyTotal[],
): AverageDailyVolumes & { wholeDays: number } {
  const vehiclesByDay = new Map<number, number>();
  for (const { day, vehicles } of dailyTotals)
    if (vehicles > 0) vehiclesByDay.set(day, (vehiclesByDay.get(day) ?? 0) + vehicles);
  const wholeDays = wholeDaysOfTotals(dailyTotals);
  return {
    wholeDays: wholeDays.length,
    ...averageDailyVolumes(wholeDays, (day) => vehiclesByDay.get(day) ?? 0),
  };
}

/**
 * Issue 37: the days a virtual day and week average over: the whole days, or, when the data
 * holds none (a realtime site's first day, a count of a few hours), its first and last days,
 * partial as they are. The site detail then says so beside those charts (whole days 0).
 */
export function profileDays(
  wholeDays: number[],
  firstDay: number,
  lastDay: number,
  vehicles: number,
): number[] {
  if (wholeDays.length > 0) return wholeDays;
  if (vehicles === 0 || !Number.isFinite(firstDay) || !Number.isFinite(lastDay)) return [];
  return firstDay === lastDay ? [firstDay] : [firstDay, lastDay];
}
