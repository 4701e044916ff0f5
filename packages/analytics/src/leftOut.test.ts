import { describe, expect, it } from 'vitest';
import { defaultFilter, type LocalClock, type VehicleFilter } from './filters.ts';
import { countLeftOut } from './leftOut.ts';
import { prepareColumns } from './preparedColumns.ts';
import { siteDetail } from './siteDetail.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

const utc: LocalClock = { offsetAt: () => 0 };
const kmh = (value: number) => value / 3.6;

// [utc time, direction, lane, class, km/h, headway s]
const ROWS: [string, number, number, number, number, number][] = [
  ['2025-06-02T08:00:00Z', 1, 1, 1, 50, 3],
  ['2025-06-02T08:00:10Z', 1, 1, 1, 95, 3], // too fast for 10 to 90 km/h
  ['2025-06-02T08:00:20Z', 1, 1, 0, 40, 3], // unclassified
  ['2025-06-02T08:00:30Z', 5, 2, 3, 45, 3],
  ['2025-06-02T08:00:40Z', 5, 2, 9, 45, 3], // class 9 not chosen
  ['2025-06-02T08:00:50Z', 3, 1, 1, 45, 3], // east not chosen
  ['2025-06-02T08:01:00Z', 1, 1, 1, 45, 1], // headway 1 s under a 2 s separation
  ['2025-06-02T08:01:10Z', 1, 1, 1, 5, 1], // too slow and too close: counted once, for speed
  ['2025-06-03T08:00:00Z', 1, 1, 1, 50, 3], // after the time range
];

function columns() {
  const builder = new VehicleColumnsBuilder();
  for (const [time, direction, lane, classIndex, speed, headway] of ROWS)
    builder.push({
      timeMs: Date.parse(time),
      lane,
      direction,
      classIndex,
      speedMps: kmh(speed),
      lengthM: 4.5,
      headwayS: headway,
      gapS: headway - 0.5,
      axles: 2,
      wheelbaseM: 2.7,
      rho: 0.9,
    });
  return builder.batches();
}

const narrowed: VehicleFilter = {
  ...defaultFilter(Date.parse('2025-06-02T00:00:00Z'), Date.parse('2025-06-03T00:00:00Z'), [1, 3]),
  speedMinMps: kmh(10),
  speedMaxMps: kmh(90),
  directions: [1, 5],
  minHeadwayS: 2,
};

describe('vehicles left out by the filter', () => {
  it('counts each left-out vehicle once, under the first filter it fails', () => {
    const counts = countLeftOut(prepareColumns(columns()), narrowed, utc);
    // Rows 1 to 8 are on 2 June; rows 1 and 4 pass.
    expect(counts).toEqual({
      total: 8,
      selected: 2,
      speedRange: 2, // rows 2 and 8
      speedRangeByClass: { 1: 2 },
      classes: 2, // rows 3 and 5
      unclassified: 1, // row 3
      directions: 1, // row 6
      separation: 1, // row 7
      lanes: 0,
      badDataPeriods: 0,
      exclusions: 0,
      timeExclusions: 0,
    });
  });

  it('names the class of the vehicles outside the speed range (Jamar 0 mph as class 15)', () => {
    const builder = new VehicleColumnsBuilder();
    // Jamar: two 0 mph records as class 15 and one 34 mph car, under the default 1 km/h minimum.
    for (const [time, classIndex, mph] of [
      ['2023-11-06T11:54:57Z', 15, 0],
      ['2023-11-06T11:55:03Z', 2, 34],
      ['2023-11-06T12:01:10Z', 15, 0],
    ] as const)
      builder.push({
        timeMs: Date.parse(time),
        lane: 1,
        direction: 1,
        classIndex,
        speedMps: mph * 0.44704,
        lengthM: Number.NaN,
        headwayS: Number.NaN,
        gapS: Number.NaN,
        axles: Number.NaN,
        wheelbaseM: Number.NaN,
        rho: Number.NaN,
      });
    const counts = countLeftOut(
      prepareColumns(builder.batches()),
      defaultFilter(0, Date.parse('2024-01-01T00:00:00Z'), [2, 15]),
      utc,
    );
    expect(counts).toMatchObject({ total: 3, selected: 1, speedRange: 2 });
    expect(counts.speedRangeByClass).toEqual({ 15: 2 });
  });

  it('agrees with the site detail’s vehicle total', () => {
    const prepared = prepareColumns(columns());
    const detail = siteDetail(prepared, narrowed, utc, {
      binMinutes: 60,
      speedLimits: [],
      heavyClasses: new Set([3, 9]),
      units: 'metric',
    });
    expect(detail.summary.vehicles).toBe(countLeftOut(prepared, narrowed, utc).selected);
  });

  it('names lanes and exclusions, and leaves nothing out with the filters wide open', () => {
    const laneAndExclusion: VehicleFilter = {
      ...defaultFilter(0, Date.parse('2025-06-04T00:00:00Z'), [0, 1, 3, 9]),
      directions: [1, 3, 5],
      lanesByDirection: { 1: [2], 5: [2] },
      vehicleExclusions: [{ classes: [9] }],
    };
    const counts = countLeftOut(columns(), laneAndExclusion, utc);
    // 9 vehicles, all within the default 1 to 180 km/h. Northbound takes lane 2 only: rows 1, 2,
    // 3, 7, 8 (lane 1) are left out for lanes; row 5 (class 9) by the exclusion; row 6 (east)
    // keeps all its lanes. Row 9 (lane 1 northbound) is left out for its lane before its time.
    expect(counts).toMatchObject({ total: 9, lanes: 6, exclusions: 1, timeExclusions: 0 });
    // The same class-9 row in an excluded bad-data period instead is named as such.
    const inBadData = countLeftOut(
      columns(),
      { ...laneAndExclusion, vehicleExclusions: [{ classes: [9], badDataPeriod: true }] },
      utc,
    );
    expect(inBadData).toMatchObject({ lanes: 6, badDataPeriods: 1, exclusions: 0 });
    // Rows 4 and 6.
    expect(counts.selected).toBe(2);
    const wideOpen = defaultFilter(0, Date.parse('2025-06-04T00:00:00Z'), [0, 1, 3, 9]);
    expect(countLeftOut(columns(), { ...wideOpen, directions: [1, 3, 5] }, utc)).toMatchObject({
      total: 9,
      selected: 9,
    });
  });
});
