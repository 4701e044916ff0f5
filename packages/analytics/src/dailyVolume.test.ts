import { describe, expect, it } from 'vitest';
import {
  averageDailyVolumes,
  averageDailyVolumesOfTotals,
  wholeDaysBetween,
  type DailyTotal,
} from './dailyVolume.ts';
import { defaultFilter, type LocalClock } from './filters.ts';
import { prepareColumns } from './preparedColumns.ts';
import { ScanScratch } from './scanScratch.ts';
import { scanSiteDetail } from './siteDetailScan.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

describe('whole days', () => {
  it('are the days strictly between the first and the last day with data', () => {
    expect(wholeDaysBetween(100, 104)).toEqual([101, 102, 103]);
    expect(wholeDaysBetween(100, 101)).toEqual([]);
    expect(wholeDaysBetween(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toEqual([]);
  });
});

describe('ADT, AWDT and AWEDT', () => {
  // Saturday 7 June 2025 to Wednesday 11 June.
  const volumes = new Map([
    [dayOf('2025-06-07'), 3],
    [dayOf('2025-06-08'), 2],
    [dayOf('2025-06-09'), 4],
    [dayOf('2025-06-11'), 5],
  ]);

  it('average the whole days, a whole day without vehicles counting as 0', () => {
    const wholeDays = wholeDaysBetween(dayOf('2025-06-06'), dayOf('2025-06-12'));
    expect(averageDailyVolumes(wholeDays, (day) => volumes.get(day) ?? 0)).toEqual({
      adt: 2.8, // (3 + 2 + 4 + 0 + 5) / 5
      awdt: 3, // Monday to Wednesday: (4 + 0 + 5) / 3
      awedt: 2.5, // Saturday and Sunday: (3 + 2) / 2
    });
    expect(averageDailyVolumes([], () => 1)).toEqual({ adt: null, awdt: null, awedt: null });
  });

  it('come the same from daily totals in any order, per direction, with empty days', () => {
    const totals: DailyTotal[] = [
      { day: dayOf('2025-06-11'), vehicles: 3 },
      { day: dayOf('2025-06-06'), vehicles: 7 }, // the first day with vehicles: partial
      { day: dayOf('2025-06-07'), vehicles: 3 },
      { day: dayOf('2025-06-08'), vehicles: 2 },
      { day: dayOf('2025-06-09'), vehicles: 4 },
      { day: dayOf('2025-06-11'), vehicles: 2 }, // the other direction
      { day: dayOf('2025-06-10'), vehicles: 0 },
      { day: dayOf('2025-06-12'), vehicles: 1 }, // the last day with vehicles: partial
      { day: dayOf('2025-06-13'), vehicles: 0 }, // no vehicles: not a day with data
    ];
    expect(averageDailyVolumesOfTotals(totals)).toEqual({
      wholeDays: 5,
      adt: 2.8,
      awdt: 3,
      awedt: 2.5,
    });
    expect(averageDailyVolumesOfTotals([])).toEqual({
      wholeDays: 0,
      adt: null,
      awdt: null,
      awedt: null,
    });
  });

  it('are the same from the scan of the vehicles and from their daily totals', () => {
    // London keeps summer time (UTC+1) throughout these days.
    const london: LocalClock = { offsetAt: () => 3_600_000 };
    const times = [
      '2025-06-06T12:00', // Friday: the first day
      '2025-06-07T08:00',
      '2025-06-07T09:00',
      '2025-06-07T22:59', // 23:59 on Saturday in London
      '2025-06-08T10:00',
      '2025-06-08T12:00',
      '2025-06-08T23:30', // 00:30 on Monday in London
      '2025-06-09T07:00',
      '2025-06-09T08:00',
      '2025-06-09T17:00',
      // Tuesday: no vehicles.
      '2025-06-11T06:00',
      '2025-06-11T07:00',
      '2025-06-11T08:00',
      '2025-06-11T16:00',
      '2025-06-11T17:00',
      '2025-06-12T09:00', // Thursday: the last day
    ].map((time) => Date.parse(`${time}:00Z`));
    const builder = new VehicleColumnsBuilder();
    times.forEach((timeMs, index) =>
      builder.push({
        timeMs,
        lane: 1,
        direction: index % 3 === 0 ? 5 : 1,
        classIndex: 1,
        speedMps: 15,
        lengthM: 4.5,
        headwayS: 5,
        gapS: 4.5,
        axles: 2,
        wheelbaseM: 2.7,
        rho: 0.9,
      }),
    );
    const batches = builder.batches();
    const filter = { ...defaultFilter(0, Date.UTC(2100, 0, 1), [1]), directions: [1, 5] };
    const scanned = scanSiteDetail(
      prepareColumns(batches),
      filter,
      london,
      { binMinutes: 60, speedLimits: [], heavyClasses: new Set(), units: 'metric' },
      new ScanScratch(),
    )?.summary;
    // Daily totals as a rollup keeps them: one per local day and direction.
    const byDayAndDirection = new Map<string, DailyTotal>();
    times.forEach((timeMs, index) => {
      const day = Math.floor((timeMs + 3_600_000) / DAY_MS);
      const key = `${day}|${index % 3 === 0 ? 5 : 1}`;
      const total = byDayAndDirection.get(key) ?? { day, vehicles: 0 };
      total.vehicles += 1;
      byDayAndDirection.set(key, total);
    });
    const fromTotals = averageDailyVolumesOfTotals([...byDayAndDirection.values()]);
    // Whole days Saturday to Wednesday: 3, 2, 4 (with the 00:30), 0, 5 vehicles.
    expect(fromTotals).toEqual({ wholeDays: 5, adt: 2.8, awdt: 3, awedt: 2.5 });
    expect(scanned).toMatchObject(fromTotals);
  });
});
