import { describe, expect, it } from 'vitest';
import { defaultFilter, type LocalClock, type VehicleFilter } from './filters.ts';
import { summaryFromCounts, summaryStatistics } from './summaryStatistics.ts';
import { siteFactors } from './trafficFactors.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

/** Europe/London around the 2025 clock change: GMT until 30 March 01:00 UTC, then BST. */
const london: LocalClock = {
  offsetAt: (utcMs) => (utcMs >= Date.UTC(2025, 2, 30, 1) ? 3_600_000 : 0),
};
const utc: LocalClock = { offsetAt: () => 0 };
const HEAVY = new Set([3, 4, 5]);
const ALL_CLASSES = [1, 2, 3, 4, 5];

function columns(
  vehicles: {
    utc: string;
    kmh: number;
    classIndex?: number;
    direction?: number;
    headwayS?: number;
  }[],
) {
  const builder = new VehicleColumnsBuilder();
  for (const vehicle of vehicles) {
    builder.push({
      timeMs: Date.parse(vehicle.utc),
      lane: 1,
      direction: vehicle.direction ?? 1,
      classIndex: vehicle.classIndex ?? 1,
      speedMps: vehicle.kmh / 3.6,
      lengthM: 4.5,
      headwayS: vehicle.headwayS ?? 5,
      gapS: 4,
      axles: 2,
      wheelbaseM: 2.7,
      rho: 0.9,
    });
  }
  return builder.batches();
}

const wholeRange = (): VehicleFilter => defaultFilter(0, Date.UTC(2100, 0, 1), ALL_CLASSES);

describe('summaryStatistics, worked by hand', () => {
  // Fri 28 Mar (first, partial) 2; Sat 29: 3; Sun 30 (clocks go forward): 4; Mon 31: 5; Tue 1 Apr (last) 1.
  const survey = columns([
    { utc: '2025-03-28T10:00:00Z', kmh: 40 },
    { utc: '2025-03-28T18:00:00Z', kmh: 42 },
    { utc: '2025-03-29T08:10:00Z', kmh: 50 },
    { utc: '2025-03-29T08:40:00Z', kmh: 52, classIndex: 3 },
    { utc: '2025-03-29T17:00:00Z', kmh: 48 },
    { utc: '2025-03-30T00:30:00Z', kmh: 60 }, // 00:30 GMT, Sunday
    { utc: '2025-03-30T09:15:00Z', kmh: 45 }, // 10:15 BST
    { utc: '2025-03-30T16:00:00Z', kmh: 44 },
    { utc: '2025-03-30T22:30:00Z', kmh: 58 }, // 23:30 BST: still Sunday locally
    { utc: '2025-03-31T07:05:00Z', kmh: 30 }, // 08:05 BST
    { utc: '2025-03-31T07:20:00Z', kmh: 32 },
    { utc: '2025-03-31T07:50:00Z', kmh: 35 },
    { utc: '2025-03-31T16:10:00Z', kmh: 38 }, // 17:10 BST
    { utc: '2025-03-31T16:30:00Z', kmh: 40 },
    { utc: '2025-04-01T09:00:00Z', kmh: 41 },
  ]);

  it('counts whole local days across the clock change', () => {
    const stats = summaryStatistics(survey, wholeRange(), london, HEAVY);
    expect(stats.vehicles).toBe(15);
    expect(stats.wholeDays).toBe(3);
    expect(stats.adt).toBe(4); // (3 + 4 + 5) / 3
    expect(stats.awdt).toBe(5); // Monday only
    expect(stats.awedt).toBe(3.5); // (3 + 4) / 2
    expect(stats.aadt).toBe(4); // March: mean of Saturday 3, Sunday 4, Monday 5
    expect(stats.aadtIsEstimate).toBe(true);
  });

  it('finds the AM and PM peak hours over whole days', () => {
    const stats = summaryStatistics(survey, wholeRange(), london, HEAVY);
    // Monday 08:xx local has 3 vehicles, Saturday 08:xx 2: 5 over 3 whole days.
    expect(stats.amPeak).toEqual({ hour: 8, vehicles: 5 / 3 });
    // 17:xx: Saturday 1 (17:00 GMT), Sunday 1 (16:00 UTC is 17:00 BST), Monday 2 (17:10, 17:30 BST).
    expect(stats.pmPeak).toEqual({ hour: 17, vehicles: 4 / 3 });
  });

  it('computes speeds and commercial share over the selected vehicles', () => {
    const stats = summaryStatistics(survey, wholeRange(), london, HEAVY);
    const kmh = [40, 42, 50, 52, 48, 60, 45, 44, 58, 30, 32, 35, 38, 40, 41];
    expect((stats.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(
      kmh.reduce((a, b) => a + b) / kmh.length,
      4,
    );
    // Sorted: 30 32 35 38 40 40 41 42 44 45 48 50 52 58 60; rank 0.85 * 14 = 11.9 -> 50 + 0.9 * 2.
    expect((stats.speed85thMps ?? 0) * 3.6).toBeCloseTo(51.8, 4);
    expect(stats.totalCommercial).toBe(1);
    expect(stats.percentCommercial).toBeCloseTo(100 / 15, 10);
  });

  it('answers nothing when the filter leaves no vehicle', () => {
    const stats = summaryStatistics(
      survey,
      { ...wholeRange(), speedMinMps: 200 / 3.6 },
      london,
      HEAVY,
    );
    expect(stats).toMatchObject({
      vehicles: 0,
      adt: null,
      averageSpeedMps: null,
      speed85thMps: null,
      amPeak: null,
    });
  });

  it('filters by class, direction, separation, exclusions and time exclusions', () => {
    const base = wholeRange();
    expect(summaryStatistics(survey, { ...base, classes: [3] }, london, HEAVY).vehicles).toBe(1);
    expect(summaryStatistics(survey, { ...base, directions: [5] }, london, HEAVY).vehicles).toBe(0);
    expect(summaryStatistics(survey, { ...base, minHeadwayS: 6 }, london, HEAVY).vehicles).toBe(0);
    const slowOut = summaryStatistics(
      survey,
      { ...base, vehicleExclusions: [{ maxSpeedMps: 40 / 3.6 }] },
      london,
      HEAVY,
    );
    expect(slowOut.vehicles).toBe(15 - 6); // 30, 32, 35, 38, 40, 40 km/h left out
    // Monday 08:00 to 09:00 local left out: the three AM peak vehicles.
    const mornings = summaryStatistics(
      survey,
      { ...base, timeExclusions: [{ days: [0], fromMinute: 8 * 60, toMinute: 9 * 60 }] },
      london,
      HEAVY,
    );
    expect(mornings.vehicles).toBe(12);
  });
});

describe('summaryStatistics against plain loops on generated data', () => {
  it('matches an independent computation of ADT, AWDT, AWEDT, average and 85th speed', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows: { utc: string; kmh: number; classIndex: number; direction: number }[] = [];
    const start = Date.UTC(2025, 0, 6); // a Monday
    for (let day = 0; day < 60; day += 1) {
      const count = 50 + Math.floor(random() * 100);
      for (let index = 0; index < count; index += 1) {
        const time = start + day * 86_400_000 + Math.floor(random() * 86_400_000);
        rows.push({
          utc: new Date(time).toISOString(),
          kmh: 20 + random() * 80,
          classIndex: 1 + Math.floor(random() * 5),
          direction: random() < 0.5 ? 1 : 5,
        });
      }
    }
    rows.sort((a, b) => a.utc.localeCompare(b.utc));
    const filter: VehicleFilter = {
      ...wholeRange(),
      speedMinMps: 30 / 3.6,
      speedMaxMps: 90 / 3.6,
      classes: [1, 2, 3],
    };
    const stats = summaryStatistics(columns(rows), filter, utc, HEAVY);

    // Independent: plain loops over the rows, days as ISO date strings.
    const kept = rows.filter((row) => row.kmh >= 30 && row.kmh <= 90 && row.classIndex <= 3);
    const counts = new Map<string, number>();
    for (const row of kept)
      counts.set(row.utc.slice(0, 10), (counts.get(row.utc.slice(0, 10)) ?? 0) + 1);
    const days = [...counts.keys()].sort().slice(1, -1);
    const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(stats.vehicles).toBe(kept.length);
    expect(stats.adt).toBeCloseTo(average(days.map((day) => counts.get(day) ?? 0)), 10);
    expect(stats.awdt).toBeCloseTo(
      average(days.filter((day) => weekday(day) < 5).map((day) => counts.get(day) ?? 0)),
      10,
    );
    expect(stats.awedt).toBeCloseTo(
      average(days.filter((day) => weekday(day) >= 5).map((day) => counts.get(day) ?? 0)),
      10,
    );
    // Speeds are stored as float32: compare the average in km/h to 4 places.
    expect((stats.averageSpeedMps ?? 0) * 3.6).toBeCloseTo(
      average(kept.map((row) => Math.fround(row.kmh / 3.6) * 3.6)),
      4,
    );
    const sorted = kept.map((row) => Math.fround(row.kmh / 3.6)).sort((a, b) => a - b);
    const rank = 0.85 * (sorted.length - 1);
    const low = sorted[Math.floor(rank)] ?? 0;
    const high = sorted[Math.ceil(rank)] ?? 0;
    expect(stats.speed85thMps).toBeCloseTo(low + (rank - Math.floor(rank)) * (high - low), 10);
  });
});

describe('AASHTO AADT of a continuous site (issue 25)', () => {
  // 2024-01-01 to 2025-01-31, 397 whole days: both Januaries carry 600 a day, every other month
  // 1,200, and the counter was silent on Wednesday 12 June 2024 (no vehicle: missing, not zero).
  // AASHTO (TRAFFIC-ENGINEERING.md): days pooled by calendar month, 12 monthly values, each the
  // mean of its 7 weekday means. January's weekday means are all 600, every other month's 1,200
  // (June's Wednesdays without the silent day are 1,200 too): AADT = (600 + 11 × 1,200) / 12 =
  // 13,800 / 12 = 1,150, from every weekday of every month (no variant).
  // Counting January twice and the silent day as 0 would give (2 × 600 + 10 × 1,200 + June's
  // (6 × 1,200 + (3 × 1,200 + 0) / 4) / 7) / 13 = 1,104.40 (June 2024 has four Wednesdays).
  const DAY_MS = 86_400_000;
  const first = Date.UTC(2024, 0, 1) / DAY_MS;
  const last = Date.UTC(2025, 0, 31) / DAY_MS;
  const silent = Date.UTC(2024, 5, 12) / DAY_MS;
  const days = Array.from({ length: last - first + 1 }, (_unused, index) => first + index);
  const volumeOf = (day: number) =>
    day === silent ? 0 : new Date(day * DAY_MS).getUTCMonth() === 0 ? 600 : 1200;

  it('pools the months of a long record and leaves a silent day out', () => {
    const stats = summaryFromCounts({
      vehicles: days.reduce((sum, day) => sum + volumeOf(day), 0),
      heavy: 0,
      wholeDays: days,
      volumeOf,
      hoursOf: () => undefined,
      averageSpeedMps: null,
      speed85thMps: null,
    });
    expect(stats.aadt).toBeCloseTo(1150, 9);
    expect(stats.aadtIsEstimate).toBe(false);
    expect(stats.aadtMonthsMissingWeekdays).toEqual([]);
  });

  it('is the same AADT the factor groups derive their factors from', () => {
    // The factor groups read the daily rollups: a silent day has no row.
    const factors = siteFactors(
      days.filter((day) => day !== silent).map((day) => ({ day, vehicles: volumeOf(day) })),
    );
    expect(factors.aadt).toBeCloseTo(1150, 9);
    // January's factor: 1,150 / 600.
    expect(factors.monthly[0]).toBeCloseTo(1150 / 600, 9);
  });

  it('names the months averaged without every weekday', () => {
    // Friday 1 to Tuesday 5 March 2024 only: March lacks Wednesday and Thursday; an estimate.
    const march = [1, 2, 3, 4, 5].map((date) => Date.UTC(2024, 2, date) / DAY_MS);
    const stats = summaryFromCounts({
      vehicles: 5000,
      heavy: 0,
      wholeDays: march,
      volumeOf: () => 1000,
      hoursOf: () => undefined,
      averageSpeedMps: null,
      speed85thMps: null,
    });
    expect(stats.aadt).toBe(1000);
    expect(stats.aadtIsEstimate).toBe(true);
    expect(stats.aadtMonthsMissingWeekdays).toEqual([2]);
  });
});
