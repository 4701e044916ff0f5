import { describe, expect, it } from 'vitest';
import { siteAadt } from './siteAadt.ts';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/*
 * Sun 5 Jan 2025 (partial) 1, Mon 6 → Mon 13 whole: 4, 1, 1, 1, 1, 1, 1, 2, Tue 14 (partial) 1.
 * ADT = 12 / 8 = 1.5; AASHTO: Mondays (4 + 2) / 2 = 3, other weekdays 1, January (3 + 6) / 7.
 */
const WEEK = [1, 4, 1, 1, 1, 1, 1, 1, 2, 1].map((vehicles, index) => ({
  day: day('2025-01-05') + index,
  vehicles,
}));

describe('siteAadt', () => {
  it('gives a short count in no factor group its ADT, unadjusted, over the whole record', () => {
    expect(siteAadt({ continuous: false, days: WEEK, group: null })).toMatchObject({
      value: 1.5,
      adt: 1.5,
      method: 'unadjusted',
      variant: 'unadjustedNoGroup',
      estimate: true,
      scope: 'wholeRecord',
      wholeDays: 8,
      group: null,
      factors: null,
    });
  });

  it('counts the first and last day of interval counts that cover them (issue 36)', () => {
    // 15-minute counts covering Monday 6 to Wednesday 8 January 2025 from 00:00 to 24:00: 90,
    // 120 and 96; Thursday 9 only until noon (40). ADT (90 + 120 + 96) / 3 = 102; the old rule
    // kept Tuesday alone: 120.
    const days = [
      { day: day('2025-01-06'), vehicles: 90, coverage: 'whole' as const },
      { day: day('2025-01-07'), vehicles: 120, coverage: 'whole' as const },
      { day: day('2025-01-08'), vehicles: 96, coverage: 'whole' as const },
      { day: day('2025-01-09'), vehicles: 40, coverage: 'partial' as const },
    ];
    expect(siteAadt({ continuous: false, days, group: null })).toMatchObject({
      value: 102,
      adt: 102,
      wholeDays: 3,
    });
  });

  it("gives a continuous site the AASHTO AADT, named for January's being the only month", () => {
    const figure = siteAadt({ continuous: true, days: WEEK, group: null });
    expect(figure.value).toBeCloseTo(9 / 7, 12);
    expect(figure).toMatchObject({
      method: 'aashto',
      variant: 'aashtoMissingMonths',
      estimate: true,
      months: [0],
      monthsMissingWeekdays: [],
    });
  });

  it("adjusts a short count by its group's factors and names the group and their version", () => {
    // January's factor 0.8, Monday's 0.5 and every other weekday's 1: each whole day's volume ×
    // 0.8 × its weekday factor, averaged: (4 × 0.4 + 6 × 0.8 + 2 × 0.4) / 8 = 7.2 / 8 = 0.9.
    const factors = {
      sites: 1,
      monthly: [0.8, ...new Array<number>(11).fill(1)],
      dayOfWeek: [0.5, 1, 1, 1, 1, 1, 1],
    };
    const figure = siteAadt({
      continuous: false,
      days: WEEK,
      group: { id: 'g1', name: 'Urban', factors, version: 'v1' },
    });
    expect(figure.value).toBeCloseTo(0.9, 12);
    expect(figure).toMatchObject({
      method: 'factored',
      variant: 'factored',
      group: { id: 'g1', name: 'Urban', version: 'v1' },
      months: [0],
    });
    expect(figure.factors?.monthlyFactor).toBeCloseTo(0.8, 12);
    // Σ v·M·D / Σ v·M = 7.2 / (12 × 0.8) = 0.75.
    expect(figure.factors?.dayOfWeekFactor).toBeCloseTo(0.75, 12);
    const noFactors = siteAadt({
      continuous: false,
      days: WEEK,
      group: { id: 'g1', name: 'Urban', factors: { ...factors, monthly: [null] }, version: 'v1' },
    });
    expect(noFactors).toMatchObject({ value: 1.5, variant: 'unadjustedNoFactors' });
  });
});
