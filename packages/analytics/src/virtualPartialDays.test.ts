import { describe, expect, it } from 'vitest';
import { defaultFilter, type LocalClock } from './filters.ts';
import { prepareColumns } from './preparedColumns.ts';
import { siteDetail, siteDetailBySorting } from './siteDetail.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

const utc: LocalClock = { offsetAt: () => 0 };

describe('the virtual day and week of data without a whole day (issue 37)', () => {
  it('average the partial days there are, and say no whole day exists', () => {
    const builder = new VehicleColumnsBuilder();
    // A realtime site's first day, Friday 27 November 2026: 20 vehicles at 09:00, 33 at 10:00.
    const perHour: [number, number][] = [
      [9, 20],
      [10, 33],
    ];
    for (const [hour, vehicles] of perHour)
      for (let vehicle = 0; vehicle < vehicles; vehicle += 1)
        builder.push({
          timeMs: Date.parse(`2026-11-27T${String(hour).padStart(2, '0')}:00:00Z`) + vehicle * 1000,
          lane: 1,
          direction: 1,
          classIndex: 2,
          speedMps: 12.5,
          lengthM: 4.5,
          headwayS: 30,
          gapS: 29,
          axles: 2,
          wheelbaseM: 2.7,
          rho: 0.9,
        });
    const filter = defaultFilter(0, Date.parse('2027-01-01T00:00:00Z'), [2]);
    const options = {
      binMinutes: 60,
      speedLimits: [],
      heavyClasses: new Set<number>(),
      units: 'metric' as const,
    };
    for (const detail of [
      siteDetail(prepareColumns(builder.batches()), filter, utc, options),
      siteDetailBySorting(builder.batches(), filter, utc, options),
    ]) {
      // No whole day: the page says the profiles come from partial days.
      expect(detail.summary.wholeDays).toBe(0);
      // One partial day: its own hours, 20 at 09:00 and 33 at 10:00, 0 elsewhere.
      expect(detail.virtualDay[1]?.[9]).toBe(20);
      expect(detail.virtualDay[1]?.[10]).toBe(33);
      expect(detail.virtualDay[1]?.reduce((sum, value) => sum + value, 0)).toBe(53);
      // Friday is the fifth day of the Monday-first week: 53 vehicles; no other weekday.
      expect(detail.virtualWeek[1]).toEqual([null, null, null, null, 53, null, null]);
    }
  });
});
