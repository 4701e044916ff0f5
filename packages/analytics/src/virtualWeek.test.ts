import { describe, expect, it } from 'vitest';
import { defaultFilter, type LocalClock } from './filters.ts';
import { prepareColumns } from './preparedColumns.ts';
import { siteDetail, siteDetailBySorting } from './siteDetail.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

const utc: LocalClock = { offsetAt: () => 0 };

describe('the virtual week', () => {
  it('has no figure (not 0) for a weekday without a whole day', () => {
    const builder = new VehicleColumnsBuilder();
    // Monday 2 June 2025 to Thursday 5 June, northbound: 2, 3, 5 and 1 vehicles. The first and
    // last days are partial, so only Tuesday (3) and Wednesday (5) are whole.
    const perDay: [string, number][] = [
      ['2025-06-02', 2],
      ['2025-06-03', 3],
      ['2025-06-04', 5],
      ['2025-06-05', 1],
    ];
    for (const [day, vehicles] of perDay)
      for (let vehicle = 0; vehicle < vehicles; vehicle += 1)
        builder.push({
          timeMs: Date.parse(`${day}T08:0${vehicle}:00Z`),
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
    const filter = defaultFilter(0, Date.parse('2026-01-01T00:00:00Z'), [2]);
    const options = {
      binMinutes: 60,
      speedLimits: [],
      heavyClasses: new Set<number>(),
      units: 'metric' as const,
    };
    const expected = [null, 3, 5, null, null, null, null];
    expect(siteDetail(prepareColumns(builder.batches()), filter, utc, options).virtualWeek).toEqual(
      {
        1: expected,
      },
    );
    expect(siteDetailBySorting(builder.batches(), filter, utc, options).virtualWeek).toEqual({
      1: expected,
    });
  });
});
