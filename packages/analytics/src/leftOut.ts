import {
  compileFilter,
  excludedByAny,
  inAnyTimeExclusion,
  lowerBound,
  type LocalClock,
  type VehicleFilter,
} from './filters.ts';
import type { PreparedColumns } from './preparedColumns.ts';
import type { ScanColumns } from './vehicleColumns.ts';

/**
 * The vehicles of the filter's time range and why those the page does not count were left
 * out. Each is counted under the first test it fails, in the order the filter applies them
 * (speed range, classes, directions, separation, lanes, vehicle exclusions, time exclusions), so
 * that the reasons add up to `total - selected`. Vehicles of the site's excluded bad-data periods
 * are counted apart from those of saved exclusion filters.
 */
export interface LeftOutCounts {
  /** Vehicles whose time lies in the filter's range. */
  total: number;
  /** Those that pass every test: the page's vehicle total. */
  selected: number;
  speedRange: number;
  /**
   * Of `speedRange`, how many of each class (class index to vehicles), so the reason can name
   * the class: Jamar writes its 0 mph records as class 15, which the default 1 km/h minimum
   * leaves out.
   */
  speedRangeByClass: Record<number, number>;
  classes: number;
  /** Of `classes`, those unclassified (class 0). */
  unclassified: number;
  directions: number;
  separation: number;
  lanes: number;
  /** In an excluded bad-data period of the site. */
  badDataPeriods: number;
  exclusions: number;
  timeExclusions: number;
}

export function emptyLeftOut(): LeftOutCounts {
  return {
    total: 0,
    selected: 0,
    speedRange: 0,
    speedRangeByClass: {},
    classes: 0,
    unclassified: 0,
    directions: 0,
    separation: 0,
    lanes: 0,
    badDataPeriods: 0,
    exclusions: 0,
    timeExclusions: 0,
  };
}

/** Rows `start..end` of each batch whose times may lie in `startMs..endMs`. */
function rangesOf(
  input: ScanColumns[] | PreparedColumns,
  startMs: number,
  endMs: number,
): { batch: ScanColumns; start: number; end: number }[] {
  if (Array.isArray(input))
    return input.map((batch) => ({ batch, start: 0, end: batch.timeMs.length }));
  const ranges: { batch: ScanColumns; start: number; end: number }[] = [];
  input.batches.forEach((batch, index) => {
    const runs = input.ascendingRuns[index];
    if (!runs) {
      ranges.push({ batch, start: 0, end: batch.timeMs.length });
      return;
    }
    for (let run = 0; run + 1 < runs.length; run += 1) {
      const start = lowerBound(batch.timeMs, startMs, runs[run], runs[run + 1]);
      const end = lowerBound(batch.timeMs, endMs, start, runs[run + 1]);
      if (end > start) ranges.push({ batch, start, end });
    }
  });
  return ranges;
}

/**
 * Counts, in one pass over the vehicles of the filter's time range, those the filter keeps and
 * why each other one was left out. A pass of its own, run only when the page asks for it, so the
 * site-detail scan's loops stay as they are.
 */
export function countLeftOut(
  input: ScanColumns[] | PreparedColumns,
  filter: VehicleFilter,
  clock: LocalClock,
): LeftOutCounts {
  const counts = emptyLeftOut();
  const { classes, directions, lanes, local } = compileFilter(filter, clock);
  const { startMs, endMs, speedMinMps, speedMaxMps, minHeadwayS } = filter;
  const exclusions = filter.vehicleExclusions ?? [];
  const badData = exclusions.filter((exclusion) => exclusion.badDataPeriod);
  const timeExclusions = filter.timeExclusions ?? [];
  for (const { batch, start, end } of rangesOf(input, startMs, endMs)) {
    const { timeMs, speedMps, classIndex, direction, lane, headwayS } = batch;
    for (let index = start; index < end; index += 1) {
      const time = timeMs[index] as number;
      if (time < startMs || time >= endMs) continue;
      counts.total += 1;
      const speed = speedMps[index] as number;
      const vehicleClass = classIndex[index] as number;
      if (!(speed >= speedMinMps && speed <= speedMaxMps)) {
        counts.speedRange += 1;
        counts.speedRangeByClass[vehicleClass] = (counts.speedRangeByClass[vehicleClass] ?? 0) + 1;
        continue;
      }
      if (vehicleClass < 0 || classes[vehicleClass] !== 1) {
        counts.classes += 1;
        if (vehicleClass === 0) counts.unclassified += 1;
        continue;
      }
      const vehicleDirection = direction[index] as number;
      if (directions[vehicleDirection] !== 1) {
        counts.directions += 1;
        continue;
      }
      const headway = headwayS[index] as number;
      if (minHeadwayS > 0 && headway < minHeadwayS) {
        counts.separation += 1;
        continue;
      }
      const laneSet = lanes.get(vehicleDirection);
      if (laneSet && !laneSet.has(lane[index] as number)) {
        counts.lanes += 1;
        continue;
      }
      const vehicleLane = lane[index] as number;
      if (
        exclusions.length > 0 &&
        excludedByAny(exclusions, time, speed, headway, vehicleClass, vehicleDirection, vehicleLane)
      ) {
        if (
          badData.length > 0 &&
          excludedByAny(badData, time, speed, headway, vehicleClass, vehicleDirection, vehicleLane)
        )
          counts.badDataPeriods += 1;
        else counts.exclusions += 1;
        continue;
      }
      if (timeExclusions.length > 0 && inAnyTimeExclusion(timeExclusions, local(time))) {
        counts.timeExclusions += 1;
        continue;
      }
      counts.selected += 1;
    }
  }
  return counts;
}
