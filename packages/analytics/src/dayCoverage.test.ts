import { describe, expect, it } from 'vitest';
import { IntervalCoverage, wholeDaysOf, wholeDaysOfRecord } from './dayCoverage.ts';
import type { LocalClock } from './filters.ts';

const HOUR_MS = 3_600_000;
const utc: LocalClock = { offsetAt: () => 0 };
/** Brussels around 31 March 2024: UTC+1, UTC+2 from 01:00 UTC (02:00 local became 03:00). */
const brussels: LocalClock = {
  offsetAt: (utcMs) => (utcMs >= Date.UTC(2024, 2, 31, 1) ? 2 * HOUR_MS : HOUR_MS),
};
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('wholeDaysOf', () => {
  it('takes a vehicle record’s first and last day as partial and the days between as whole', () => {
    // Records on days 10, 12 and 14: 11 to 13 whole, 11 and 13 without data counting.
    expect(
      wholeDaysOf([
        { day: 10, coverage: 'records' },
        { day: 14, coverage: 'records' },
        { day: 12, coverage: 'records' },
      ]),
    ).toEqual([11, 12, 13]);
    expect(wholeDaysOfRecord(10, 11)).toEqual([]);
    expect(wholeDaysOfRecord(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toEqual([]);
  });

  it('takes interval days as whole only when covered, first and last included', () => {
    // Interval days 1 to 4 covered but 3; 5 partial: whole 1, 2 and 4 (3 is a gap, not a 0).
    expect(
      wholeDaysOf([
        { day: 1, coverage: 'whole' },
        { day: 2, coverage: 'whole' },
        { day: 3, coverage: 'partial' },
        { day: 4, coverage: 'whole' },
        { day: 5, coverage: 'partial' },
      ]),
    ).toEqual([1, 2, 4]);
  });
});

describe('IntervalCoverage', () => {
  it('finds a day covered 00:00 to 24:00 by quarter hours, and one that stops at noon', () => {
    const coverage = new IntervalCoverage(utc);
    const start = Date.UTC(2024, 2, 4);
    // 4 March: 96 quarter hours (twice: two directions); 5 March: 48, up to 12:00.
    for (let quarter = 0; quarter < 96; quarter += 1) {
      coverage.add(start + quarter * 900_000, 900_000);
      coverage.add(start + quarter * 900_000, 900_000);
    }
    for (let quarter = 96; quarter < 144; quarter += 1)
      coverage.add(start + quarter * 900_000, 900_000);
    expect(coverage.coverage()).toEqual(
      new Map([
        [dayOf('2024-03-04'), 'whole'],
        [dayOf('2024-03-05'), 'partial'],
      ]),
    );
  });

  it('finds a day with a missing quarter hour partial', () => {
    const coverage = new IntervalCoverage(utc);
    const start = Date.UTC(2024, 2, 4);
    for (let quarter = 0; quarter < 96; quarter += 1)
      if (quarter !== 40) coverage.add(start + quarter * 900_000, 900_000);
    expect(coverage.coverage().get(dayOf('2024-03-04'))).toBe('partial');
  });

  it('covers a 23-hour local day with its 92 quarter hours (the clock going forward)', () => {
    const coverage = new IntervalCoverage(brussels);
    // Local 31 March 2024 00:00 is 30 March 23:00 UTC; it ends at 31 March 22:00 UTC: 23 hours.
    const start = Date.UTC(2024, 2, 30, 23);
    for (let quarter = 0; quarter < 92; quarter += 1)
      coverage.add(start + quarter * 900_000, 900_000);
    expect(coverage.coverage()).toEqual(new Map([[dayOf('2024-03-31'), 'whole']]));
  });
});
