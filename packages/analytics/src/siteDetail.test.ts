import { describe, expect, it } from 'vitest';
import { defaultFilter, type LocalClock, type VehicleFilter } from './filters.ts';
import { prepareColumns } from './preparedColumns.ts';
import { siteDetail, siteDetailBySorting, type SiteDetailOptions } from './siteDetail.ts';
import { mergePartialScans } from './scanCounts.ts';
import { finishSiteDetail } from './scanFinish.ts';
import { planSiteDetailScan } from './scanPlan.ts';
import { splitTimes } from './scanWindow.ts';
import { scanClaimedParts, scanPart, scanSiteDetail } from './siteDetailScan.ts';
import { ScanScratch } from './scanScratch.ts';
import { timeBinsJson, type SiteDetail } from './siteDetailShape.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

const utc: LocalClock = { offsetAt: () => 0 };
const kmh = (value: number) => value / 3.6;

function columns(rows: [string, number, number, number, number, number][]) {
  // [utc time, direction, lane, class, km/h, headway s]
  const builder = new VehicleColumnsBuilder();
  for (const [time, direction, lane, classIndex, speed, headway] of rows) {
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
  }
  return builder.batches();
}

const options = (overrides: Partial<SiteDetailOptions> = {}): SiteDetailOptions => ({
  binMinutes: 60,
  // 50 km/h, then 30 km/h from 2 June 09:00 UTC.
  speedLimits: [
    { effectiveFromMs: 0, limitMps: kmh(50) },
    { effectiveFromMs: Date.UTC(2025, 5, 2, 9), limitMps: kmh(30) },
  ],
  heavyClasses: new Set([3]),
  units: 'metric',
  ...overrides,
});

const filter = defaultFilter(0, Date.UTC(2100, 0, 1), [1, 2, 3]);

describe('siteDetail, worked by hand', () => {
  const survey = columns([
    ['2025-06-02T08:10:00Z', 1, 1, 1, 45, 1.5],
    ['2025-06-02T08:20:00Z', 1, 1, 1, 55, 3.5],
    ['2025-06-02T08:30:00Z', 5, 2, 3, 62, 12],
    ['2025-06-02T09:15:00Z', 1, 1, 1, 35, 2.5],
    ['2025-06-02T09:45:00Z', 5, 2, 1, 28, 0.8],
  ]);

  it('bins volume and speed by hour and direction, with speeding against the limit in force', () => {
    const detail = siteDetail(survey, filter, utc, options());
    expect(detail.bins.starts).toEqual(['2025-06-02T08:00:00', '2025-06-02T09:00:00']);
    const north = detail.bins.directions[1];
    const south = detail.bins.directions[5];
    expect(north).toMatchObject({ vehicles: [2, 1], speedingPercent: [50, 100] }); // 55 > 50
    expect((north?.averageSpeedMps[0] ?? 0) * 3.6).toBeCloseTo(50, 4);
    // From 09:00 the limit is 30: 35 km/h speeds, 28 km/h does not.
    expect(south).toMatchObject({ vehicles: [1, 1], speedingPercent: [100, 0] });
  });

  it('gives the speeding table above the limit and 10 and 20 km/h over', () => {
    const detail = siteDetail(survey, filter, utc, options());
    // Over their limit: 55 (50), 62 (50), 35 (30) = 3 of 5; over +10: 62 only; over +20: none.
    expect(detail.speeding).toMatchObject({
      vehicles: 5,
      aboveLimit: { vehicles: 3, sharePercent: 60 },
      aboveFirstStep: { vehicles: 1, sharePercent: 20 },
      aboveSecondStep: { vehicles: 0, sharePercent: 0 },
    });
    expect(siteDetail(survey, filter, utc, options({ speedLimits: [] })).speeding).toBeNull();
  });

  it('gives class metrics, headway percentiles and the headway–gap matrix', () => {
    const detail = siteDetail(survey, filter, utc, options());
    expect(
      detail.classes.map((metrics) => [metrics.classIndex, metrics.vehicles, metrics.sharePercent]),
    ).toEqual([
      [1, 4, 80],
      [3, 1, 20],
    ]);
    // Headways sorted 0.8 1.5 2.5 3.5 12: the median is 2.5; the 85th is 3.5 + 0.4 * 8.5.
    expect(detail.headwayPercentiles?.[50]).toBeCloseTo(2.5, 6);
    expect(detail.headwayPercentiles?.[85]).toBeCloseTo(6.9, 6);
    const total = detail.headwayGapMatrix.counts.flat().reduce((sum, count) => sum + count, 0);
    expect(total).toBe(5);
    // Headway 12 s (row 10 to 20 s), gap 11.5 s (column 10 to 20 s).
    expect(detail.headwayGapMatrix.counts[6]?.[6]).toBe(1);
  });

  it('lists availability per day, direction and lane, and starts weekly bins on Monday', () => {
    const detail = siteDetail(survey, filter, utc, options({ binMinutes: 10_080 }));
    expect(detail.availability).toEqual([
      { day: '2025-06-02', direction: 1, lane: 1, vehicles: 3 },
      { day: '2025-06-02', direction: 5, lane: 2, vehicles: 2 },
    ]);
    expect(detail.bins.starts).toEqual(['2025-06-02T00:00:00']); // a Monday
  });

  it('answers a one-direction site and an empty selection', () => {
    const oneWay = siteDetail(survey, { ...filter, directions: [1] }, utc, options());
    expect(Object.keys(oneWay.bins.directions)).toEqual(['1']);
    // Class 1 goes south only at 09:45: the south column has nothing at 08:00.
    const classOne = siteDetail(survey, { ...filter, classes: [1] }, utc, options());
    expect(classOne.bins.starts).toEqual(['2025-06-02T08:00:00', '2025-06-02T09:00:00']);
    expect(classOne.bins.directions[5]).toMatchObject({
      vehicles: [0, 1],
      averageSpeedMps: [null, expect.closeTo(28 / 3.6, 4)],
      speedingPercent: [null, 0],
    });
    expect(siteDetailBySorting(survey, { ...filter, classes: [1] }, utc, options())).toEqual(
      classOne,
    );
    const none = siteDetail(survey, { ...filter, classes: [2] }, utc, options());
    expect(none).toMatchObject({
      bins: { starts: [], directions: {} },
      classes: [],
      speeding: null,
      headwayPercentiles: null,
    });
    expect(none.summary.vehicles).toBe(0);
  });
});

describe('siteDetail against plain loops', () => {
  it('matches hourly volumes and the virtual day computed independently', () => {
    const rows: [string, number, number, number, number, number][] = [];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const start = Date.UTC(2025, 2, 3);
    for (let index = 0; index < 5000; index += 1) {
      const time = start + Math.floor(random() * 10 * 86_400_000);
      rows.push([
        new Date(time).toISOString(),
        random() < 0.5 ? 1 : 5,
        1,
        1 + Math.floor(random() * 3),
        20 + random() * 60,
        1 + random() * 10,
      ]);
    }
    rows.sort((a, b) => a[0].localeCompare(b[0]));
    const detail = siteDetail(columns(rows), filter, utc, options({ speedLimits: [] }));

    const hourly = new Map<string, number>();
    for (const [time, direction] of rows) {
      const key = `${time.slice(0, 13)}:00:00|${direction}`;
      hourly.set(key, (hourly.get(key) ?? 0) + 1);
    }
    const fromDetail = new Map<string, number>();
    detail.bins.starts.forEach((start, at) => {
      for (const [direction, figures] of Object.entries(detail.bins.directions)) {
        const vehicles = figures.vehicles[at] ?? 0;
        if (vehicles > 0) fromDetail.set(`${start}|${direction}`, vehicles);
      }
    });
    expect(fromDetail).toEqual(hourly);

    // Virtual day: per hour of day, vehicles on whole days (all but the first and last) / whole days.
    const days = [...new Set(rows.map(([time]) => time.slice(0, 10)))].sort().slice(1, -1);
    const expected = Array.from(
      { length: 24 },
      (_, hour) =>
        rows.filter(
          ([time, direction]) =>
            direction === 1 &&
            days.includes(time.slice(0, 10)) &&
            Number(time.slice(11, 13)) === hour,
        ).length / days.length,
    );
    detail.virtualDay[1]?.forEach((value, hour) =>
      expect(value).toBeCloseTo(expected[hour] ?? 0, 10),
    );
  });
});

describe('the counting scan and the sorting path', () => {
  // London: BST from 30 March 01:00 UTC to 26 October 01:00 UTC 2025.
  const london: LocalClock = {
    offsetAt: (utcMs) =>
      utcMs >= Date.UTC(2025, 2, 30, 1) && utcMs < Date.UTC(2025, 9, 26, 1) ? 3_600_000 : 0,
  };
  let seed = 29;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  function survey(startMs: number, days: number, vehicles: number, sorted: boolean) {
    const builder = new VehicleColumnsBuilder();
    const times = Array.from({ length: vehicles }, () =>
      Math.floor(startMs + random() * days * 86_400_000),
    );
    if (sorted) times.sort((a, b) => a - b);
    for (const time of times) {
      const headway =
        random() < 0.01 ? 700 + Math.round(random() * 5000) : Math.round(random() * 300) / 10;
      builder.push({
        timeMs: time,
        lane: random() < 0.05 ? Number.NaN : 1 + Math.floor(random() * 2),
        direction: random() < 0.5 ? 1 : 5,
        classIndex: 1 + Math.floor(random() * 5),
        // Counters record 0.1 km/h.
        speedMps: kmh(Math.round(100 + random() * 1000) / 10),
        lengthM: 4.5,
        headwayS: headway,
        gapS: random() < 0.02 ? Number.NaN : Math.max(0, headway - 0.3),
        axles: 2,
        wheelbaseM: 2.7,
        rho: 0.9,
      });
    }
    return builder.batches();
  }
  const batches = [
    ...survey(Date.UTC(2025, 2, 20), 20, 20_000, true),
    ...survey(Date.UTC(2025, 9, 20), 12, 8_000, false),
  ];
  const limits = [
    { effectiveFromMs: Date.UTC(2025, 2, 25), limitMps: kmh(50) },
    { effectiveFromMs: Date.UTC(2025, 9, 24), limitMps: kmh(40) },
  ];

  it('codes counter speeds and headways exactly, so the fast scan answers', () => {
    const prepared = prepareColumns(batches);
    expect(prepared.speed).not.toBeNull();
    expect(prepared.headway).not.toBeNull();
    // One batch per file and direction; the second file's times are not in order.
    expect(prepared.ascendingRuns.map((bounds) => bounds?.length ?? null)).toEqual([
      2,
      2,
      null,
      null,
    ]);
    expect(scanSiteDetail(prepared, filter, london, options())).not.toBeNull();
  });

  it.each([
    ['hourly, everything', 60, 'metric', {}],
    [
      '15 minutes, a window across the clock change',
      15,
      'metric',
      {
        startMs: Date.UTC(2025, 2, 28, 6),
        endMs: Date.UTC(2025, 9, 25, 18),
      },
    ],
    [
      'weekly in mph, speed range, separation and lanes',
      10_080,
      'imperial',
      {
        speedMinMps: kmh(30),
        speedMaxMps: kmh(90),
        minHeadwayS: 2,
        lanesByDirection: { 5: [2] },
      },
    ],
    [
      'daily with vehicle and time exclusions',
      1440,
      'metric',
      {
        classes: [1, 2, 3, 4],
        directions: [5],
        vehicleExclusions: [{ minSpeedMps: kmh(80), classes: [2] }, { headwayGreaterThanS: 25 }],
        timeExclusions: [{ days: [5, 6], fromMinute: 0, toMinute: 12 * 60 }],
      },
    ],
    [
      'hourly, a separation beyond the coded headways (over 655 s)',
      60,
      'metric',
      { minHeadwayS: 1000 },
    ],
    [
      'hourly, one limit throughout (from the instant it takes effect)',
      60,
      'metric',
      { startMs: Date.UTC(2025, 9, 24) },
    ],
    [
      'daily in mph, one limit throughout',
      1440,
      'imperial',
      { startMs: Date.UTC(2025, 2, 26), endMs: Date.UTC(2025, 3, 9) },
    ],
    ['hourly, before any limit takes effect', 60, 'metric', { endMs: Date.UTC(2025, 2, 25) }],
  ] as const)('agree to the last figure: %s', (_name, binMinutes, units, overrides) => {
    const chosen = { ...filter, classes: [1, 2, 3, 4, 5], ...overrides } as VehicleFilter;
    const settings = options({ binMinutes, units, speedLimits: limits });
    const fast = scanSiteDetail(prepareColumns(batches), chosen, london, settings);
    const sorting = siteDetailBySorting(batches, chosen, london, settings);
    expect(fast?.summary.vehicles).toBeGreaterThan(100);
    expect(fast).toEqual(sorting);
  });
  // Times ascending in every batch: bins come in order, so each bin's speeds are selected in
  // place; London's clocks going back repeat an hour, and 30-minute bins then come out of order.
  const ascending = [
    ...survey(Date.UTC(2025, 9, 18), 16, 24_000, true),
    ...survey(Date.UTC(2025, 10, 3), 5, 3_000, true),
  ];

  /** Classes 1 to 5, at least 1 s apart, with the case's own window and settings. */
  const separatedFilter = (overrides: object): VehicleFilter => ({
    ...filter,
    classes: [1, 2, 3, 4, 5],
    minHeadwayS: 1,
    ...overrides,
  });

  it.each([
    ['hourly across the clocks going back', 60, {}],
    ['30 minutes across the clocks going back', 30, {}],
    ['daily', 1440, {}],
    ['5 minutes before the change', 5, { endMs: Date.UTC(2025, 9, 25) }],
    ['hourly, one limit throughout', 60, { startMs: Date.UTC(2025, 9, 24, 12) }],
    ['30 minutes, one limit throughout', 30, { startMs: Date.UTC(2025, 9, 24, 12) }],
    [
      'hourly, weekends left out (the first days too)',
      60,
      { timeExclusions: [{ days: [5, 6], fromMinute: 0, toMinute: 24 * 60 }] },
    ],
  ] as const)('agree on times in order: %s', (_name, binMinutes, window) => {
    const chosen = separatedFilter(window);
    const settings = options({ binMinutes, speedLimits: limits });
    const fast = scanSiteDetail(prepareColumns(ascending), chosen, london, settings);
    expect(fast?.bins.starts.length).toBeGreaterThan(10);
    expect(fast).toEqual(siteDetailBySorting(ascending, chosen, london, settings));
  });

  /** The answer from a scan cut at `splitTimes`, each part planned on its own as a thread would. */
  function scannedInParts(
    batches: typeof ascending,
    chosen: VehicleFilter,
    settings: SiteDetailOptions,
    count: number,
  ) {
    const prepared = prepareColumns(batches);
    const plan = planSiteDetailScan(prepared, chosen, london, settings);
    if (!plan) throw new Error('not coded');
    const cuts = splitTimes(plan, count);
    const bounds = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
    const parts = cuts.concat(Number.POSITIVE_INFINITY).map((end, index) => {
      const own = planSiteDetailScan(prepared, chosen, london, settings);
      if (!own) throw new Error('not coded');
      return scanPart(own, bounds[index] as number, end);
    });
    const merged = mergePartialScans(parts);
    return { cuts, parts, detail: merged && finishSiteDetail(plan, merged) };
  }

  it.each([
    ['hourly across the clocks going back, in two', ascending, 60, 2, {}],
    ['30 minutes across the clocks going back, in three', ascending, 30, 3, {}],
    ['daily, in two', ascending, 1440, 2, {}],
    [
      'hourly under one limit throughout, in two',
      ascending,
      60,
      2,
      { startMs: Date.UTC(2025, 9, 24, 12) },
    ],
    ['weekly in three', ascending, 10_080, 3, {}],
    ['45-minute bins in two', ascending, 45, 2, { endMs: Date.UTC(2025, 9, 25) }],
    ['hourly, batches out of order, in two', batches, 60, 2, {}],
    [
      '15 minutes across the clocks going forward, weekends and lanes left out, in three',
      batches,
      15,
      3,
      {
        startMs: Date.UTC(2025, 2, 28, 6),
        endMs: Date.UTC(2025, 3, 5),
        lanesByDirection: { 5: [2] },
        timeExclusions: [{ days: [5, 6], fromMinute: 0, toMinute: 24 * 60 }],
      },
    ],
  ] as const)(
    'a scan cut at bin starts adds up to the whole scan: %s',
    (_name, data, binMinutes, count, window) => {
      const chosen = separatedFilter(window);
      const settings = options({ binMinutes, speedLimits: limits });
      const { cuts, parts, detail } = scannedInParts(data, chosen, settings, count);
      expect(cuts).toHaveLength(count - 1);
      for (const part of parts) expect(part.vehicles).toBeGreaterThan(100);
      expect(detail).toEqual(scanSiteDetail(prepareColumns(data), chosen, london, settings));
      expect(detail).toEqual(siteDetailBySorting(data, chosen, london, settings));
    },
  );

  it.each([
    ['hourly, times in order', ascending, 60, {}],
    [
      '30 minutes, batches out of order, lanes left out',
      batches,
      30,
      { lanesByDirection: { 5: [2] } },
    ],
  ] as const)(
    'pieces two threads claim in turn add up to the whole scan: %s',
    (_name, data, binMinutes, window) => {
      const chosen = separatedFilter(window);
      const settings = options({ binMinutes, speedLimits: limits });
      const prepared = prepareColumns(data);
      const plan = planSiteDetailScan(prepared, chosen, london, settings);
      if (!plan) throw new Error('not coded');
      const cuts = splitTimes(plan, 6);
      expect(cuts).toHaveLength(5);
      const bounds = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
      // One thread is slowed down after its first piece: the other claims the next two.
      const order = [0, 1, 2, 3, 4, 5];
      const claimedBy = ['first', 'second', 'second', 'first', 'first', 'second'];
      const claimer = (thread: string) => () => {
        const next = order.findIndex((piece) => piece >= 0 && claimedBy[piece] === thread);
        if (next < 0) return -1;
        order[next] = -1;
        return next;
      };
      const parts = ['first', 'second'].map((thread) => {
        const own = planSiteDetailScan(prepared, chosen, london, settings);
        if (!own) throw new Error('not coded');
        return scanClaimedParts(own, bounds, claimer(thread));
      });
      for (const part of parts) expect(part.vehicles).toBeGreaterThan(100);
      const merged = mergePartialScans(parts);
      expect(merged && finishSiteDetail(plan, merged)).toEqual(
        siteDetailBySorting(data, chosen, london, settings),
      );
    },
  );

  it('never cuts within three hours of a clock change, and refuses parts that share a bin', () => {
    // The vehicles' middle is the night the clocks go back (26 October 01:00 UTC).
    const chosen = {
      ...filter,
      classes: [1, 2, 3, 4, 5],
      startMs: Date.UTC(2025, 9, 25, 13),
      endMs: Date.UTC(2025, 9, 26, 13),
    };
    const settings = options({ binMinutes: 60, speedLimits: limits });
    const plan = planSiteDetailScan(prepareColumns(ascending), chosen, london, settings);
    if (!plan) throw new Error('not coded');
    const [cut] = splitTimes(plan, 2);
    expect(cut).toBeDefined();
    expect(Math.abs((cut as number) - Date.UTC(2025, 9, 26, 1))).toBeGreaterThanOrEqual(
      3 * 3_600_000,
    );
    expect(cut).toBeLessThan(chosen.endMs);
    // Cut in the middle of an hour, both parts have vehicles in that hour's bins.
    const middle = Date.UTC(2025, 9, 25, 20, 30);
    const merged = mergePartialScans([
      scanPart(plan, Number.NEGATIVE_INFINITY, middle),
      scanPart(plan, middle, Number.POSITIVE_INFINITY),
    ]);
    expect(merged).toBeNull();
  });

  it('works out only the parts asked for, each as the whole answer gives it', () => {
    const chosen = { ...filter, classes: [1, 2, 3, 4, 5], speedMinMps: kmh(20) };
    const settings = options({ speedLimits: limits });
    const whole = siteDetailBySorting(ascending, chosen, london, settings);
    const parts = ['summary', 'bins', 'classes', 'headwayPercentiles', 'virtualDay'] as const;
    const some = scanSiteDetail(prepareColumns(ascending), chosen, london, {
      ...settings,
      parts,
    });
    for (const part of parts) expect(some?.[part]).toEqual(whole[part]);
    expect(some).toMatchObject({
      speeding: null,
      gapPercentiles: null,
      availability: [],
      speedByClass: { bins: [] },
    });
    const speedingOnly = scanSiteDetail(prepareColumns(ascending), chosen, london, {
      ...settings,
      parts: ['speeding', 'headwayGapMatrix', 'gapPercentiles', 'availability', 'speedByClass'],
    });
    for (const part of [
      'speeding',
      'headwayGapMatrix',
      'gapPercentiles',
      'availability',
      'speedByClass',
    ] as const)
      expect(speedingOnly?.[part]).toEqual(whole[part]);
    expect(speedingOnly).toMatchObject({
      bins: { starts: [], directions: {} },
      classes: [],
      headwayPercentiles: null,
    });
  });
});

describe('the counting scan and the sorting path, against figures worked out by hand', () => {
  // Both paths share the filter's definition (and `excludedByAny`, `inAnyTimeExclusion`): a
  // slip there could pass a comparison of one with the other, not these literals.
  const at = (time: string) => Date.parse(`2025-06-02T${time}Z`); // a Monday
  // [utc time, direction, lane, class, speed m/s, headway s]; the gap is the headway less 0.5 s.
  const rows: [string, number, number, number, number, number][] = [
    ['07:59:59.999', 1, 1, 1, 15, 2], // before the window: out
    ['08:00:00.000', 1, 1, 1, 10, 2], // at the window's start: in
    ['08:15:00.000', 1, 1, 1, 12.5, 4],
    ['08:30:00.000', 5, 2, 3, 15, 1], // headway at the separation: in; heavy
    ['08:45:00.000', 1, 1, 2, 17.5, 8], // at the vehicle exclusion's end: in
    ['08:50:00.000', 5, 2, 1, 5, 2.5], // at the speed minimum: in
    ['09:05:00.000', 1, 1, 1, 4.5, 3], // below the speed minimum: out
    ['09:10:00.000', 1, 1, 1, 25, 3], // at the speed maximum: in
    ['09:20:00.000', 5, 2, 1, 25.5, 6], // above the speed maximum: out
    ['09:30:00.000', 1, 1, 1, 20, 0.5], // below the separation: out
    ['09:40:00.000', 1, 1, 4, 15, 5], // class 4 not chosen: out
    ['09:50:00.000', 5, 2, 2, 20, Number.NaN], // no headway measured: in
    ['09:59:59.999', 5, 2, 1, 22.5, 16], // the window's last instant: in
    ['10:00:00.000', 1, 1, 1, 12.5, 5], // at the window's end: out
  ];
  const builder = new VehicleColumnsBuilder();
  for (const [time, direction, lane, classIndex, speedMps, headwayS] of rows)
    builder.push({
      timeMs: at(time),
      lane,
      direction,
      classIndex,
      speedMps,
      lengthM: 4.5,
      headwayS,
      gapS: headwayS - 0.5,
      axles: 2,
      wheelbaseM: 2.7,
      rho: 0.9,
    });
  const batches = builder.batches();
  const window: VehicleFilter = {
    startMs: at('08:00:00.000'),
    endMs: at('10:00:00.000'),
    speedMinMps: 5,
    speedMaxMps: 25,
    classes: [1, 2, 3],
    minHeadwayS: 1,
    directions: [1, 5],
  };
  const twentyMps = options({ speedLimits: [{ effectiveFromMs: 0, limitMps: 20 }] });
  // The same selection with every check of the row loop on: lanes, exclusions and a limit that
  // takes effect within the window, none of which leaves any of the vehicles above out.
  const everyCheck: VehicleFilter = {
    ...window,
    lanesByDirection: { 1: [1], 5: [2] },
    vehicleExclusions: [{ classes: [2], startMs: at('08:40:00.000'), endMs: at('08:45:00.000') }],
    timeExclusions: [{ days: [0], fromMinute: 7 * 60, toMinute: 8 * 60 }],
  };
  const twentyMpsTwice = options({
    speedLimits: [
      { effectiveFromMs: 0, limitMps: 20 },
      { effectiveFromMs: at('09:00:00.000'), limitMps: 20 },
    ],
  });

  /** Checks the answer against the figures worked out by hand for the eight vehicles in. */
  function expectHandWorked(detail: SiteDetail | null) {
    // In: 08:00 (10), 08:15 (12.5), 08:30 (15), 08:45 (17.5), 08:50 (5), 09:10 (25),
    // 09:50 (20), 09:59:59.999 (22.5) m/s.
    expect(detail?.summary.vehicles).toBe(8);
    // (10 + 12.5 + 15 + 17.5 + 5 + 25 + 20 + 22.5) / 8 = 127.5 / 8
    expect(detail?.summary.averageSpeedMps).toBe(15.9375);
    // Sorted 5 10 12.5 15 17.5 20 22.5 25; rank 0.85 * 7 = 5.95: 20 + 0.95 * (22.5 - 20).
    expect(detail?.summary.speed85thMps).toBeCloseTo(22.375, 10);
    // Class 3 is heavy: the 08:30 vehicle, 1 of 8.
    expect(detail?.summary.totalCommercial).toBe(1);
    expect(detail?.summary.percentCommercial).toBe(12.5);
    // Above 20 m/s: 22.5 and 25 (20 itself is not above), 2 of 8; above 20 + 10 km/h
    // (22.78 m/s): 25 only; above 20 + 20 km/h (25.56 m/s): none.
    expect(detail?.speeding).toMatchObject({
      vehicles: 8,
      aboveLimit: { vehicles: 2, sharePercent: 25 },
      aboveFirstStep: { vehicles: 1, sharePercent: 12.5 },
      aboveSecondStep: { vehicles: 0, sharePercent: 0 },
    });
    // Headways measured: 2 4 1 8 2.5 3 16 (the 09:50 one has none), sorted 1 2 2.5 3 4 8 16.
    // 15th: rank 0.15 * 6 = 0.9, 1 + 0.9 * 1; 50th: rank 3, 3; 85th: rank 5.1, 8 + 0.1 * 8.
    expect(detail?.headwayPercentiles?.[15]).toBeCloseTo(1.9, 10);
    expect(detail?.headwayPercentiles?.[50]).toBeCloseTo(3, 10);
    expect(detail?.headwayPercentiles?.[85]).toBeCloseTo(8.8, 10);
    expect(detail?.classes.map(({ classIndex, vehicles }) => [classIndex, vehicles])).toEqual([
      [1, 5],
      [2, 2],
      [3, 1],
    ]);
    // 08:00 to 09:00, direction 1: 10, 12.5 and 17.5 m/s; none above 20. Average 40 / 3;
    // 85th: rank 0.85 * 2 = 1.7, 12.5 + 0.7 * (17.5 - 12.5) = 16.
    // 09:00 to 10:00, direction 5: 20 and 22.5 m/s, 1 of 2 above 20; 85th 20 + 0.85 * 2.5.
    expect(detail?.bins.starts).toEqual(['2025-06-02T08:00:00', '2025-06-02T09:00:00']);
    const north = detail?.bins.directions[1];
    const south = detail?.bins.directions[5];
    expect(north?.vehicles).toEqual([3, 1]);
    expect(north?.averageSpeedMps[0]).toBeCloseTo(40 / 3, 10);
    expect(north?.speed85thMps[0]).toBeCloseTo(16, 10);
    expect(north?.speedingPercent[0]).toBe(0);
    expect(south?.vehicles).toEqual([2, 2]);
    expect(south?.speed85thMps[1]).toBeCloseTo(22.125, 10);
    expect(south?.speedingPercent[1]).toBe(50);
  }

  it.each([
    ['no lanes, exclusions or limit changes', window, twentyMps],
    ['lanes, exclusions and a limit from 09:00', everyCheck, twentyMpsTwice],
  ] as const)('%s', (_name, chosen, settings) => {
    const fast = scanSiteDetail(prepareColumns(batches), chosen, utc, settings, new ScanScratch());
    const sorting = siteDetailBySorting(batches, chosen, utc, settings);
    expect(fast).toEqual(sorting);
    expectHandWorked(fast);
    expectHandWorked(sorting);
  });

  it('gives the same figures from two parts cut at 09:00', () => {
    const plan = planSiteDetailScan(prepareColumns(batches), window, utc, twentyMps);
    if (!plan) throw new Error('not coded');
    const scratch = new ScanScratch();
    const cut = at('09:00:00.000');
    const merged = mergePartialScans([
      scanPart(plan, Number.NEGATIVE_INFINITY, cut, scratch),
      scanPart(plan, cut, Number.POSITIVE_INFINITY, scratch),
    ]);
    expectHandWorked(merged && finishSiteDetail(plan, merged));
  });
});

describe('time bins as the API sends them', () => {
  it('keep counts and nulls, and give speeds and percentages to five decimal places', () => {
    const bins = {
      starts: ['2025-06-02T08:00:00', '2025-06-02T09:00:00'],
      directions: {
        1: {
          vehicles: [3, 0],
          averageSpeedMps: [16.843698188440122, null],
          speed85thMps: [19.30555534362793, null],
          speedingPercent: [33.333333333333336, null],
        },
      },
    };
    expect(JSON.parse(timeBinsJson(bins))).toEqual({
      starts: bins.starts,
      directions: {
        1: {
          vehicles: [3, 0],
          averageSpeedMps: [16.8437, null],
          speed85thMps: [19.30556, null],
          speedingPercent: [33.33333, null],
        },
      },
    });
  });
});
