import { wholeDaysOfTotals, type DailyTotal } from './dailyVolume.ts';
import { aashtoAadt, adjustShortCount, type GroupFactors } from './trafficFactors.ts';

/** How a site's AADT was found: AASHTO (continuous), a factored short count, or its ADT. */
export type AadtMethod = 'aashto' | 'factored' | 'unadjusted';

/**
 * The method's variant: AASHTO with 12 months of 7 weekdays each (TMG 2022 Appendix L), with
 * months averaged over the weekdays present, with fewer than 12 months (an estimate), or both; a
 * short count factored by its group; or unadjusted for want of a group or of its factors.
 */
export type AadtVariant =
  | 'aashto'
  | 'aashtoMissingWeekdays'
  | 'aashtoMissingMonths'
  | 'aashtoMissingMonthsAndWeekdays'
  | 'factored'
  | 'unadjustedNoGroup'
  | 'unadjustedNoFactors';

/** AADT is an annual figure of the site: always over its whole record, whatever the filters. */
export const AADT_SCOPE = 'wholeRecord';
export const AADT_SCOPE_REASON =
  "AADT is an annual figure of the site: it is computed over the site's whole record and all its vehicles, not the chosen dates or filters.";

/** The factor group a short count belongs to, with the factors it would be adjusted by. */
export interface AadtFactorGroup {
  id: string;
  name: string;
  factors: GroupFactors;
  /** Identifies this set of factors: AADTs made with other factors carry another version. */
  version: string;
}

export interface AadtFigure {
  value: number | null;
  method: AadtMethod;
  variant: AadtVariant;
  /** Not a year's AASHTO AADT over 12 months: a short count's figure or fewer months. */
  estimate: boolean;
  scope: typeof AADT_SCOPE;
  scopeReason: string;
  /** Whole days of the record (`wholeDaysOf`: covered by its data). */
  wholeDays: number;
  /** Vehicles in whole days / whole days, a whole day without vehicles counting 0. */
  adt: number | null;
  /** AASHTO: calendar months (0–11) with data; factored: the months of the count's days. */
  months: number[];
  /** AASHTO: the months averaged over the weekdays present. */
  monthsMissingWeekdays: number[];
  group: { id: string; name: string; version: string } | null;
  /** Factored: the group's factors and the monthly and day-of-week factors applied. */
  factors: {
    monthly: (number | null)[];
    dayOfWeek: (number | null)[];
    monthlyFactor: number;
    dayOfWeekFactor: number;
  } | null;
}

/**
 * The one decision of a site's AADT (ARCHITECTURE.md, TRAFFIC-ENGINEERING.md), from the daily
 * volumes of its whole record (local day numbers, each with its coverage; days absent from
 * `days` had no data), over the whole days of `wholeDaysOf`: a continuous site's AASHTO AADT
 * over its whole days with data; a short count's ADT times its
 * factor group's monthly and day-of-week factors; or, without a group or factors, its ADT,
 * unadjusted.
 */
export function siteAadt(input: {
  continuous: boolean;
  days: readonly DailyTotal[];
  group: AadtFactorGroup | null;
}): AadtFigure {
  const volumes = new Map<number, number>();
  for (const { day, vehicles } of input.days) volumes.set(day, (volumes.get(day) ?? 0) + vehicles);
  const whole = wholeDaysOfTotals(input.days).map((day) => ({
    day,
    vehicles: volumes.get(day) ?? 0,
  }));
  const adt =
    whole.length === 0 ? null : whole.reduce((sum, day) => sum + day.vehicles, 0) / whole.length;
  const group = input.group
    ? { id: input.group.id, name: input.group.name, version: input.group.version }
    : null;
  const base = {
    scope: AADT_SCOPE,
    scopeReason: AADT_SCOPE_REASON,
    wholeDays: whole.length,
    adt,
    group,
  } as const;
  if (input.continuous) {
    // A whole day without a vehicle is a silent counter (missing data), not a zero.
    const aashto = aashtoAadt(whole.filter((day) => day.vehicles > 0));
    const missingMonths = aashto.monthsWithData.length < 12;
    const missingWeekdays = aashto.monthsMissingWeekdays.length > 0;
    return {
      ...base,
      value: aashto.aadt,
      method: 'aashto',
      variant: missingMonths
        ? missingWeekdays
          ? 'aashtoMissingMonthsAndWeekdays'
          : 'aashtoMissingMonths'
        : missingWeekdays
          ? 'aashtoMissingWeekdays'
          : 'aashto',
      estimate: missingMonths,
      months: aashto.monthsWithData,
      monthsMissingWeekdays: aashto.monthsMissingWeekdays,
      factors: null,
    };
  }
  const unadjusted = {
    ...base,
    value: adt,
    method: 'unadjusted' as const,
    estimate: true,
    months: [],
    monthsMissingWeekdays: [],
    factors: null,
  };
  if (!input.group) return { ...unadjusted, variant: 'unadjustedNoGroup' };
  const adjusted = adjustShortCount(whole, input.group.factors);
  if (!adjusted) return { ...unadjusted, variant: 'unadjustedNoFactors' };
  return {
    ...base,
    value: adjusted.aadt,
    method: 'factored',
    variant: 'factored',
    estimate: true,
    months: adjusted.months,
    monthsMissingWeekdays: [],
    factors: {
      monthly: input.group.factors.monthly,
      dayOfWeek: input.group.factors.dayOfWeek,
      monthlyFactor: adjusted.monthlyFactor,
      dayOfWeekFactor: adjusted.dayOfWeekFactor,
    },
  };
}
