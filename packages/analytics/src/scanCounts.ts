import { MATRIX_EDGES_S } from './siteDetailShape.ts';
import { CODES, LANE_SLOTS, type ScanLayout, type ScanPlan } from './scanPlan.ts';
import { pushValue, valueList, valuesOf, type ValueList } from './valueList.ts';

/**
 * What one part of a scan counted (a time range of the window, or the whole of it), in the
 * plan's slots and cells. Plain typed arrays and numbers, so that a part scanned in another
 * thread comes back with its buffers handed over.
 */
export interface PartialScan {
  /** Per bin-and-direction slot: vehicles, speed sum, vehicles under a limit and above it. */
  slotVehicles: Int32Array;
  slotSpeedSum: Float64Array;
  slotLimited: Int32Array;
  slotSpeeding: Int32Array;
  /** Vehicles per class slot and counted speed code. */
  classHistogram: Int32Array;
  /** Vehicles per headway and gap code, and the values of overflow codes. */
  headwayHistogram: Int32Array;
  gapHistogram: Int32Array;
  headwayOverflow: ValueList;
  gapOverflow: ValueList;
  /** Headway–gap matrix cells. */
  matrix: Int32Array;
  /** Vehicles per (day, direction) cell and local hour. */
  dayHours: Int32Array;
  /** Vehicles (all directions) per local quarter hour of the days: the peak hour factor's. */
  quarters: Int32Array;
  /** Vehicles per (day, direction) cell and lane slot; lanes beyond the slots in `otherLanes`. */
  availability: Int32Array;
  otherLanes: Map<string, number>;
  vehicles: number;
  headwayCount: number;
  gapCount: number;
  /** The first and last local day with a selected vehicle. */
  firstDay: number;
  lastDay: number;
  /** Vehicles under a limit, and above it and its two steps (when counted one by one). */
  limited: number;
  above: number;
  aboveFirst: number;
  aboveSecond: number;
  /** 85th percentile speed of each bin and direction counted in this part (NaN elsewhere). */
  slot85th: Float64Array;
}

/** Counts of nothing yet, laid out as the plan counts. */
export function emptyPartialScan(plan: ScanPlan): PartialScan {
  const { layout, slots, dayCount } = plan;
  const { classCount, speedCodeCount, directionCount } = layout;
  const { countHeadway, countGap, countAvailability } = layout;
  const matrixSize = MATRIX_EDGES_S.length;
  return {
    slotVehicles: new Int32Array(slots),
    slotSpeedSum: new Float64Array(slots),
    slotLimited: new Int32Array(slots),
    slotSpeeding: new Int32Array(slots),
    classHistogram: new Int32Array(classCount * speedCodeCount),
    headwayHistogram: new Int32Array(countHeadway ? CODES : 0),
    gapHistogram: new Int32Array(countGap ? CODES : 0),
    headwayOverflow: valueList(),
    gapOverflow: valueList(),
    matrix: new Int32Array(matrixSize * matrixSize),
    dayHours: new Int32Array(dayCount * directionCount * 24),
    quarters: new Int32Array(dayCount * 96),
    availability: new Int32Array(countAvailability ? dayCount * directionCount * LANE_SLOTS : 0),
    otherLanes: new Map<string, number>(),
    vehicles: 0,
    headwayCount: 0,
    gapCount: 0,
    firstDay: Number.POSITIVE_INFINITY,
    lastDay: Number.NEGATIVE_INFINITY,
    limited: 0,
    above: 0,
    aboveFirst: 0,
    aboveSecond: 0,
    slot85th: new Float64Array(slots).fill(Number.NaN),
  };
}

/** Counts a vehicle of a lane beyond the availability's lane slots (keyed by day, direction, lane). */
export function countOtherLane(
  scan: PartialScan,
  layout: ScanLayout,
  dayCell: number,
  direction: number,
  lane: number,
): void {
  const day = layout.originDay + Math.floor(dayCell / layout.directionCount);
  const key = `${day}|${direction}|${lane}`;
  scan.otherLanes.set(key, (scan.otherLanes.get(key) ?? 0) + 1);
}

function addInto(target: Int32Array, source: Int32Array): void {
  for (let index = 0; index < target.length; index += 1)
    target[index] = (target[index] as number) + (source[index] as number);
}

/**
 * The whole scan from its parts, or null when a bin and direction has vehicles in two parts
 * (its percentile would need both): the caller then scans the window whole.
 */
export function mergePartialScans(parts: PartialScan[]): PartialScan | null {
  const [merged, ...others] = parts;
  if (!merged) return null;
  for (const part of others) {
    for (let slot = 0; slot < merged.slotVehicles.length; slot += 1) {
      const count = part.slotVehicles[slot] as number;
      if (count === 0) continue;
      if ((merged.slotVehicles[slot] as number) > 0) return null;
      merged.slotVehicles[slot] = count;
      merged.slotSpeedSum[slot] = part.slotSpeedSum[slot] as number;
      merged.slotLimited[slot] = part.slotLimited[slot] as number;
      merged.slotSpeeding[slot] = part.slotSpeeding[slot] as number;
      merged.slot85th[slot] = part.slot85th[slot] as number;
    }
    addInto(merged.classHistogram, part.classHistogram);
    addInto(merged.headwayHistogram, part.headwayHistogram);
    addInto(merged.gapHistogram, part.gapHistogram);
    addInto(merged.matrix, part.matrix);
    addInto(merged.dayHours, part.dayHours);
    addInto(merged.quarters, part.quarters);
    addInto(merged.availability, part.availability);
    for (const value of valuesOf(part.headwayOverflow)) pushValue(merged.headwayOverflow, value);
    for (const value of valuesOf(part.gapOverflow)) pushValue(merged.gapOverflow, value);
    for (const [key, count] of part.otherLanes)
      merged.otherLanes.set(key, (merged.otherLanes.get(key) ?? 0) + count);
    merged.vehicles += part.vehicles;
    merged.headwayCount += part.headwayCount;
    merged.gapCount += part.gapCount;
    merged.firstDay = Math.min(merged.firstDay, part.firstDay);
    merged.lastDay = Math.max(merged.lastDay, part.lastDay);
    merged.limited += part.limited;
    merged.above += part.above;
    merged.aboveFirst += part.aboveFirst;
    merged.aboveSecond += part.aboveSecond;
  }
  return merged;
}
