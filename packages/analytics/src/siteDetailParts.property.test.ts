import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocalClock, VehicleFilter } from './filters.ts';
import { prepareColumns } from './preparedColumns.ts';
import { siteDetail } from './siteDetail.ts';
import { SITE_DETAIL_PARTS } from './siteDetailShape.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

/** Europe/London-like: one hour ahead from the last Sunday of March 2025 01:00 UTC. */
const clock: LocalClock = {
  offsetAt: (utcMs) =>
    utcMs >= Date.UTC(2025, 2, 30, 1) && utcMs < Date.UTC(2025, 9, 26, 1) ? 3_600_000 : 0,
};
const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 2, 27);
const BINS = [5, 10, 15, 20, 30, 60, 1440, 10080];

const vehicle = fc.record({
  // Ten days from 27 March 2025 (across the clock change), to the second.
  second: fc.integer({ min: 0, max: 10 * 86_400 - 1 }),
  direction: fc.constantFrom(1, 3, 5, 7),
  lane: fc.integer({ min: 1, max: 3 }),
  classIndex: fc.integer({ min: 0, max: 6 }),
  // Speeds to 0.1 km/h, as counters give them, some outside the default range.
  decikmh: fc.integer({ min: 0, max: 1500 }),
  headwayDeciseconds: fc.integer({ min: 0, max: 600 }),
});

const filterOf = fc.record({
  fromDay: fc.integer({ min: 0, max: 4 }),
  days: fc.integer({ min: 1, max: 10 }),
  speedMinKmh: fc.constantFrom(1, 10, 30),
  speedMaxKmh: fc.constantFrom(80, 120, 180),
  classes: fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
  directions: fc.subarray([1, 3, 5, 7], { minLength: 1 }),
  minHeadwayS: fc.constantFrom(0, 1, 2.5),
});

const partsOf = fc.subarray([...SITE_DETAIL_PARTS], { minLength: 0 });

describe('site-detail figures do not depend on what else is asked', () => {
  it('every part asked for, and the summary, equal those of a question asking for everything', () => {
    fc.assert(
      fc.property(
        fc.array(vehicle, { minLength: 1, maxLength: 200 }),
        filterOf,
        partsOf,
        fc.constantFrom(...BINS),
        fc.constantFrom(...BINS),
        (vehicles, chosen, parts, binMinutes, otherBinMinutes) => {
          const builder = new VehicleColumnsBuilder();
          for (const entry of [...vehicles].sort((a, b) => a.second - b.second))
            builder.push({
              timeMs: START + entry.second * 1000,
              lane: entry.lane,
              direction: entry.direction,
              classIndex: entry.classIndex,
              speedMps: entry.decikmh / 36,
              lengthM: 4.5,
              headwayS: entry.headwayDeciseconds / 10,
              gapS: Math.max(0, entry.headwayDeciseconds / 10 - 0.3),
              axles: 2,
              wheelbaseM: 2.7,
              rho: 0.9,
            });
          const prepared = prepareColumns(builder.batches());
          const filter: VehicleFilter = {
            startMs: START + chosen.fromDay * DAY_MS,
            endMs: START + (chosen.fromDay + chosen.days) * DAY_MS,
            speedMinMps: chosen.speedMinKmh / 3.6,
            speedMaxMps: chosen.speedMaxKmh / 3.6,
            classes: chosen.classes,
            minHeadwayS: chosen.minHeadwayS,
            directions: chosen.directions,
          };
          const options = {
            binMinutes,
            speedLimits: [{ effectiveFromMs: START + 3 * DAY_MS, limitMps: 50 / 3.6 }],
            heavyClasses: new Set([3, 4, 5, 6]),
            units: 'metric' as const,
          };
          const everything = siteDetail(prepared, filter, clock, options);
          const asked = siteDetail(prepared, filter, clock, { ...options, parts });
          // The summary is always answered, and with every figure, whatever the parts.
          expect(asked.summary).toEqual(everything.summary);
          for (const part of parts)
            expect({ part, figure: asked[part] }).toEqual({ part, figure: everything[part] });
          // Nor does the summary depend on the bins' width.
          const otherBins = siteDetail(prepared, filter, clock, {
            ...options,
            binMinutes: otherBinMinutes,
            parts: ['summary'],
          });
          expect(otherBins.summary).toEqual(everything.summary);
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 60) },
    );
  }, 120_000);
});
