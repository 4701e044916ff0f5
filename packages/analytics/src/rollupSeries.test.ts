import { isoWeekday } from '@roadcount/domain';
import { describe, expect, it } from 'vitest';
import {
  dayNumberOf,
  decodeRollupSeries,
  encodeRollupSeries,
  indexRollupSeries,
  rollupSeriesFromDays,
  seriesAdt,
  seriesFigures,
  weekdayOfNumber,
  type DailyRollup,
} from './rollupSeries.ts';

/** Deterministic daily rows for two directions, with gaps, as the rollup task leaves them. */
function generatedRows(): DailyRollup[] {
  let seed = 7;
  const next = (limit: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % limit;
  };
  const rows: DailyRollup[] = [];
  for (let offset = 0; offset < 120; offset += 1) {
    if (offset % 11 === 3) continue; // a day without data
    const day = new Date(Date.UTC(2025, 1, 20 + offset)).toISOString().slice(0, 10);
    for (const direction of [1, 5]) {
      const speedHistogram = Array.from({ length: 20 + next(100) }, () => next(30));
      const measured = speedHistogram.reduce((sum, count) => sum + count, 0);
      rows.push({
        day,
        vehicles: measured + next(5),
        speedSumMps: measured * (10 + next(10)),
        speedCount: measured,
        speedHistogram,
        classCounts: { '1': next(500), '3': next(40), [direction === 1 ? '9' : '0']: next(9) },
      });
    }
  }
  return rows;
}

/** The obvious computation: loop over the rows, day by day. */
function plainFigures(
  rows: DailyRollup[],
  first: string,
  last: string,
  weekdays: Set<number>,
  limits: { from: string; firstBinAbove: number }[],
) {
  const days = new Set<string>();
  let vehicles = 0;
  let speedSum = 0;
  const histogram: number[] = [];
  let above = 0;
  let measured = 0;
  const classes = new Map<number, number>();
  for (const row of rows) {
    if (row.day < first || row.day > last) continue;
    // The calendar's own weekday, not the day numbering under test.
    if (!weekdays.has(isoWeekday(row.day))) continue;
    days.add(row.day);
    vehicles += row.vehicles;
    speedSum += row.speedSumMps;
    const limit = limits.filter((candidate) => candidate.from <= row.day).at(-1);
    row.speedHistogram.forEach((count, bin) => {
      histogram[bin] = (histogram[bin] ?? 0) + count;
      if (limit) {
        measured += count;
        if (bin >= limit.firstBinAbove) above += count;
      }
    });
    for (const [classIndex, count] of Object.entries(row.classCounts))
      classes.set(Number(classIndex), (classes.get(Number(classIndex)) ?? 0) + count);
  }
  return { days: days.size, vehicles, speedSum, histogram, above, measured, classes };
}

describe('rollup series', () => {
  const rows = generatedRows();
  const series = indexRollupSeries(rollupSeriesFromDays(rows));
  const limits = [
    { from: '2025-03-10', firstBinAbove: 50 },
    { from: '2025-04-02', firstBinAbove: 30 },
  ];
  const WEEKDAYS = {
    wholeWeek: [1, 2, 3, 4, 5, 6, 7],
    weekdays: [1, 2, 3, 4, 5],
    weekend: [6, 7],
  } as const;
  const cases = [
    { first: '2025-01-01', last: '2025-12-31', dayRange: 'wholeWeek' },
    { first: '2025-03-01', last: '2025-04-15', dayRange: 'weekdays' },
    { first: '2025-03-05', last: '2025-05-01', dayRange: 'weekend' },
    { first: '2025-04-02', last: '2025-04-02', dayRange: 'wholeWeek' },
    // Many whole weeks between partial ones, and ranges reaching past the data at either end.
    { first: '2025-02-26', last: '2025-06-10', dayRange: 'wholeWeek' },
    { first: '2025-02-01', last: '2025-06-30', dayRange: 'weekend' },
    { first: '2025-03-10', last: '2025-05-04', dayRange: 'weekdays' },
  ] as const;

  it.each(cases)(
    'sums $first to $last ($dayRange) as a plain loop over the rows does',
    ({ first, last, dayRange }) => {
      const expected = plainFigures(rows, first, last, new Set(WEEKDAYS[dayRange]), limits);
      const figures = seriesFigures(series, {
        firstDayNumber: dayNumberOf(first),
        lastDayNumber: dayNumberOf(last),
        dayRange,
        limits: limits.map((limit) => ({
          fromDayNumber: dayNumberOf(limit.from),
          firstBinAbove: limit.firstBinAbove,
        })),
      });
      expect(expected.days).toBeGreaterThan(0);
      expect(figures.days).toBe(expected.days);
      expect(figures.vehicles).toBe(expected.vehicles);
      expect(figures.speedSumMps).toBeCloseTo(expected.speedSum, 6);
      expect(Array.from(figures.histogram).slice(0, expected.histogram.length)).toEqual(
        Array.from(expected.histogram, (count) => count ?? 0),
      );
      expect(figures.aboveLimit).toBe(expected.above);
      expect(figures.measuredAgainstLimit).toBe(expected.measured);
      expect(new Map([...figures.classCounts].sort(([a], [b]) => a - b))).toEqual(
        new Map([...expected.classes].filter(([, count]) => count > 0).sort(([a], [b]) => a - b)),
      );
    },
  );

  it('gives nothing for a range without data', () => {
    const figures = seriesFigures(series, {
      firstDayNumber: dayNumberOf('2026-01-01'),
      lastDayNumber: dayNumberOf('2026-02-01'),
      dayRange: 'wholeWeek',
      limits: [],
    });
    expect(figures.days).toBe(0);
    expect(figures.vehicles).toBe(0);
    expect(figures.classCounts.size).toBe(0);
  });

  it('reads back what it wrote, also from an unaligned place in a buffer', () => {
    const bytes = encodeRollupSeries(series);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    for (const copy of [bytes, shifted.subarray(3)]) {
      const read = decodeRollupSeries(copy);
      expect(Array.from(read.dayNumbers)).toEqual(Array.from(series.dayNumbers));
      expect(Array.from(read.vehicles)).toEqual(Array.from(series.vehicles));
      expect(Array.from(read.speedHistogram)).toEqual(Array.from(series.speedHistogram));
      expect(Array.from(read.classCounts)).toEqual(Array.from(series.classCounts));
      expect(read.bins).toBe(series.bins);
    }
    expect(() => decodeRollupSeries(bytes.subarray(0, bytes.length - 4))).toThrow(/truncated/);
    expect(() => decodeRollupSeries(new Uint8Array(64))).toThrow(/not a rollup series/);
  });

  it('numbers days so that weekdays come out right', () => {
    expect(weekdayOfNumber(dayNumberOf('2025-03-10'))).toBe(1); // a Monday
    expect(weekdayOfNumber(dayNumberOf('1969-12-28'))).toBe(7); // a Sunday before the epoch
  });
});

describe('ADT over a range of the series', () => {
  const day = (date: string, vehicles: number): DailyRollup => ({
    day: date,
    vehicles,
    speedSumMps: 0,
    speedCount: 0,
    speedHistogram: [],
    classCounts: {},
  });
  // Monday 6 January to Monday 13 January 2025; Wednesday 8 has no data.
  const series = rollupSeriesFromDays([
    day('2025-01-06', 100),
    day('2025-01-07', 200),
    day('2025-01-09', 300),
    day('2025-01-10', 400),
    day('2025-01-11', 50),
    day('2025-01-12', 70),
    day('2025-01-13', 10),
  ]);
  const range = (first: string, last: string, dayRange: 'wholeWeek' | 'weekdays' | 'weekend') => ({
    firstDayNumber: dayNumberOf(first),
    lastDayNumber: dayNumberOf(last),
    dayRange,
  });

  it('averages the whole days between the first and last day with data, a silent day as 0', () => {
    // Tuesday to Sunday: (200 + 0 + 300 + 400 + 50 + 70) / 6 = 170.
    expect(seriesAdt(series, range('2025-01-01', '2025-01-31', 'wholeWeek'))).toBe(170);
    // Tuesday to Friday: (200 + 0 + 300 + 400) / 4 = 225; Saturday and Sunday: 120 / 2 = 60.
    expect(seriesAdt(series, range('2025-01-01', '2025-01-31', 'weekdays'))).toBe(225);
    expect(seriesAdt(series, range('2025-01-01', '2025-01-31', 'weekend'))).toBe(60);
  });

  it('takes the first and last days with data within the range as partial', () => {
    // Wednesday to Sunday holds data from Thursday to Sunday: Friday and Saturday, (400 + 50) / 2.
    expect(seriesAdt(series, range('2025-01-08', '2025-01-12', 'wholeWeek'))).toBe(225);
    // Two days with data and none between: no whole day.
    expect(seriesAdt(series, range('2025-01-10', '2025-01-11', 'wholeWeek'))).toBeNull();
    expect(seriesAdt(series, range('2025-02-01', '2025-02-28', 'wholeWeek'))).toBeNull();
  });

  it('takes the days that interval counts cover as whole, first and last included (issue 36)', () => {
    // A 15-minute counter, Monday 6 to Thursday 9 January 2025: Monday to Wednesday covered
    // 00:00 to 24:00 (Wednesday a real 0), Thursday stopped at noon. Whole: Monday to Wednesday,
    // (100 + 200 + 0) / 3 = 100; by the old rule Tuesday and Wednesday only, (200 + 0) / 2.
    const counted = rollupSeriesFromDays([
      { ...day('2025-01-06', 100), coverage: 'whole' },
      { ...day('2025-01-07', 200), coverage: 'whole' },
      { ...day('2025-01-08', 0), coverage: 'whole' },
      { ...day('2025-01-09', 80), coverage: 'partial' },
    ]);
    expect(seriesAdt(counted, range('2025-01-01', '2025-01-31', 'wholeWeek'))).toBe(100);
    // Kept through the packed form the map reads.
    const read = decodeRollupSeries(encodeRollupSeries(counted));
    expect(Array.from(read.coverage)).toEqual([1, 1, 1, 2]);
    expect(seriesAdt(read, range('2025-01-01', '2025-01-31', 'wholeWeek'))).toBe(100);
  });
});
