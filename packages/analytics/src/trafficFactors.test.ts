import { describe, expect, it } from 'vitest';
import {
  MIN_DAYS_PER_WEEKDAY,
  adjustShortCount,
  adjustmentError,
  clusterByMonthlyPattern,
  groupFactors,
  siteFactors,
} from './trafficFactors.ts';

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

// A continuous site over the whole of 2025. Each day's volume is its month's level plus its
// weekday's offset. The offsets (Monday first) sum to 0, so each month's mean of the seven weekday
// means is the month's level:
//   levels: January 800, February 900, March to November 1000, December 1300
//   AADT = (800 + 900 + 9 × 1000 + 1300) / 12 = 12000 / 12 = 1000
//   monthly factor = AADT / level: January 1000/800 = 1.25, February 1000/900, March 1, December 1000/1300
//   a weekday's mean over the months = 1000 + its offset, so Monday 1000/1070, Saturday 1000/825
const LEVELS = [800, 900, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1300];
const OFFSETS = [70, 70, 70, 70, 70, -175, -175];
function seasonalYear() {
  const days = [];
  for (let day = dayOf('2025-01-01'); day <= dayOf('2025-12-31'); day += 1) {
    const date = new Date(day * DAY_MS);
    const weekday = (date.getUTCDay() + 6) % 7;
    days.push({ day, vehicles: LEVELS[date.getUTCMonth()]! + OFFSETS[weekday]! });
  }
  return days;
}

describe('seasonal and day-of-week factors (AASHTO / TMG 2022)', () => {
  it('are AADT over each month’s and each weekday’s average, worked out by hand', () => {
    const factors = siteFactors(seasonalYear());
    expect(factors.qualifyingMonths).toHaveLength(12);
    expect(factors.aadt).toBeCloseTo(1000, 9);
    expect(factors.monthly[0]).toBeCloseTo(1.25, 9);
    expect(factors.monthly[1]).toBeCloseTo(1000 / 900, 9);
    expect(factors.monthly[2]).toBeCloseTo(1, 9);
    expect(factors.monthly[11]).toBeCloseTo(1000 / 1300, 9);
    expect(factors.dayOfWeek[0]).toBeCloseTo(1000 / 1070, 9);
    expect(factors.dayOfWeek[5]).toBeCloseTo(1000 / 825, 9);
    expect(factors.dayOfWeek[6]).toBeCloseTo(1000 / 825, 9);
  });

  it('leave out a month without a day of each weekday, and then the site gives none', () => {
    expect(MIN_DAYS_PER_WEEKDAY).toBe(1);
    // No Tuesday of March 2025 (the 4th, 11th, 18th and 25th): March fails the TMG rule.
    const noMarchTuesdays = seasonalYear().filter((entry) => {
      const date = new Date(entry.day * DAY_MS);
      return !(date.getUTCMonth() === 2 && date.getUTCDay() === 2);
    });
    const factors = siteFactors(noMarchTuesdays);
    expect(factors.qualifyingMonths).toEqual([0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(factors.aadt).toBeNull();
    expect(groupFactors([factors]).sites).toBe(0);
  });

  it('of a group are the mean of its sites’ factors', () => {
    // A second site carries 500 vehicles every day: all its factors are 1.
    const flat = seasonalYear().map(({ day }) => ({ day, vehicles: 500 }));
    const group = groupFactors([siteFactors(seasonalYear()), siteFactors(flat)]);
    expect(group.sites).toBe(2);
    expect(group.monthly[0]).toBeCloseTo((1.25 + 1) / 2, 9);
    expect(group.dayOfWeek[5]).toBeCloseTo((1000 / 825 + 1) / 2, 9);
  });
});

describe('AADT of a short count', () => {
  it('is each day’s volume times its month’s and weekday’s factors, averaged', () => {
    const group = groupFactors([siteFactors(seasonalYear())]);
    // Monday 6 January 2025: 1000 vehicles; Saturday 11 January: 600. ADT = 800.
    //   Monday   1000 × 1.25 × 1000/1070 = 1168.224…
    //   Saturday  600 × 1.25 × 1000/825  =  909.090…
    //   AADT = (1168.224… + 909.090…) / 2 = 1038.657…
    const mondayAdjusted = 1000 * 1.25 * (1000 / 1070);
    const saturdayAdjusted = 600 * 1.25 * (1000 / 825);
    const aadt = (mondayAdjusted + saturdayAdjusted) / 2;
    const adjusted = adjustShortCount(
      [
        { day: dayOf('2025-01-06'), vehicles: 1000 },
        { day: dayOf('2025-01-11'), vehicles: 600 },
      ],
      group,
    );
    expect(adjusted?.adt).toBe(800);
    expect(adjusted?.aadt).toBeCloseTo(aadt, 9);
    expect(adjusted?.aadt).toBeCloseTo(1038.6576, 3);
    expect(adjusted?.monthlyFactor).toBeCloseTo(1.25, 9);
    // ADT × monthly × day-of-week gives the AADT shown.
    expect(adjusted?.dayOfWeekFactor).toBeCloseTo(aadt / (800 * 1.25), 9);
    expect(adjusted?.months).toEqual([0]);
  });

  it('is not given without factors', () => {
    const none = groupFactors([]);
    expect(adjustShortCount([{ day: dayOf('2025-01-06'), vehicles: 1000 }], none)).toBeNull();
  });

  it('has an error estimate from runs of the same length at the group’s sites', () => {
    // A flat site's factors are all 1 and each week's adjusted AADT is its 500: no error, and
    // the 365 days of 2025 hold 365 − 7 + 1 = 359 runs of 7 consecutive days.
    const flat = seasonalYear().map(({ day }) => ({ day, vehicles: 500 }));
    const factors = siteFactors(flat);
    const error = adjustmentError([{ days: flat, aadt: factors.aadt }], groupFactors([factors]), 7);
    expect(error).toEqual({ meanAbsolutePercent: 0, samples: 359 });
    // On the seasonal site, a March week (factors 1 × 1000/(1000 + offset)) adjusts to exactly
    // 1000, but a January week does not, so the mean error is above 0.
    const seasonal = seasonalYear();
    const seasonalFactors = siteFactors(seasonal);
    const seasonalError = adjustmentError(
      [{ days: seasonal, aadt: seasonalFactors.aadt }],
      groupFactors([seasonalFactors]),
      7,
    );
    expect(seasonalError?.meanAbsolutePercent).toBeGreaterThan(0);
  });
});

describe('clustering continuous sites by monthly pattern', () => {
  it('puts sites with like patterns together', () => {
    const flat = Array.from({ length: 12 }, () => 1);
    const nearlyFlat = flat.map((value, month) => value + (month === 0 ? 0.02 : 0));
    const summer = flat.map((_value, month) => (month >= 5 && month <= 7 ? 0.6 : 1.2));
    const summerToo = summer.map((value) => value + 0.01);
    expect(clusterByMonthlyPattern([flat, summer, nearlyFlat, summerToo], 2)).toEqual([0, 1, 0, 1]);
  });
});
