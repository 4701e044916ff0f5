import type { VehicleColumns } from './vehicleColumns.ts';

/** Days of the week as the product counts them: Monday 0 to Sunday 6 (work week Monday to Friday). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A saved vehicle exclusion (SPEC section 3): vehicles matching every given condition are left out. */
export interface VehicleExclusion {
  minSpeedMps?: number;
  maxSpeedMps?: number;
  /** Excludes vehicles whose headway is greater than this. */
  headwayGreaterThanS?: number;
  classes?: number[];
  startMs?: number;
  endMs?: number;
}

/** Time exclusion: leaves out the given local days between two local times (minutes of the day). */
export interface TimeExclusion {
  days: Weekday[];
  fromMinute: number;
  toMinute: number;
}

/** SPEC section 3 filter set, in SI units and UTC milliseconds. */
export interface VehicleFilter {
  startMs: number;
  /** Exclusive. */
  endMs: number;
  speedMinMps: number;
  speedMaxMps: number;
  /** Included classes; never class 0 (unclassified) unless listed. */
  classes: number[];
  /** Separation: minimum headway, s. Vehicles without a measured headway pass. */
  minHeadwayS: number;
  directions: number[];
  /** Lanes per direction; a direction not listed keeps all its lanes. */
  lanesByDirection?: Record<number, number[]>;
  vehicleExclusions?: VehicleExclusion[];
  timeExclusions?: TimeExclusion[];
}

/** SPEC section 9 defaults: speed 1/3.6 to 50 m/s, separation 0, all four directions. */
export function defaultFilter(startMs: number, endMs: number, classes: number[]): VehicleFilter {
  return {
    startMs,
    endMs,
    speedMinMps: 1 / 3.6,
    speedMaxMps: 50,
    classes,
    minHeadwayS: 0,
    directions: [1, 3, 5, 7],
  };
}

/** Local wall-clock facts of an instant, for a site's time zone. */
export interface LocalClock {
  /** Offset of local time from UTC at the instant, ms. */
  offsetAt: (utcMs: number) => number;
}

/** Local ms (the instant plus the zone's offset), cached per UTC hour. */
export function localTimeOf(clock: LocalClock) {
  const offsetByHour = new Map<number, number>();
  return (utcMs: number): number => {
    const hour = Math.floor(utcMs / 3_600_000);
    let offset = offsetByHour.get(hour);
    if (offset === undefined) {
      offset = clock.offsetAt(hour * 3_600_000);
      offsetByHour.set(hour, offset);
    }
    return utcMs + offset;
  };
}

/** Monday 0 ... Sunday 6 of a local time (1970-01-01 was a Thursday). */
export function weekdayOfLocal(localMs: number): Weekday {
  return ((Math.floor(localMs / 86_400_000) + 3) % 7) as Weekday;
}

/**
 * Calls `visit` with the index of every vehicle that passes the filter, batch by batch, in one
 * pass. The tests are ordered cheapest first.
 */
export function forEachSelected(
  batches: VehicleColumns[],
  filter: VehicleFilter,
  clock: LocalClock,
  visit: (batch: VehicleColumns, index: number, localMs: number) => void,
): void {
  const classes = new Uint8Array(256);
  for (const classIndex of filter.classes)
    if (classIndex >= 0 && classIndex < 256) classes[classIndex] = 1;
  const directions = new Uint8Array(16);
  for (const direction of filter.directions) directions[direction] = 1;
  const lanes = new Map(
    Object.entries(filter.lanesByDirection ?? {}).map(([direction, list]) => [
      Number(direction),
      new Set(list),
    ]),
  );
  const exclusions = filter.vehicleExclusions ?? [];
  const timeExclusions = filter.timeExclusions ?? [];
  const local = localTimeOf(clock);
  for (const batch of batches) {
    const { timeMs, speedMps, classIndex, direction, lane, headwayS } = batch;
    for (let index = 0; index < timeMs.length; index += 1) {
      const time = timeMs[index] as number;
      if (time < filter.startMs || time >= filter.endMs) continue;
      const speed = speedMps[index] as number;
      if (!(speed >= filter.speedMinMps && speed <= filter.speedMaxMps)) continue;
      const vehicleClass = classIndex[index] as number;
      if (vehicleClass < 0 || classes[vehicleClass] !== 1) continue;
      const vehicleDirection = direction[index] as number;
      if (directions[vehicleDirection] !== 1) continue;
      const headway = headwayS[index] as number;
      if (filter.minHeadwayS > 0 && headway < filter.minHeadwayS) continue;
      const laneSet = lanes.get(vehicleDirection);
      if (laneSet && !laneSet.has(lane[index] as number)) continue;
      if (
        exclusions.length > 0 &&
        exclusions.some((rule) => excludes(rule, time, speed, headway, vehicleClass))
      )
        continue;
      const localMs = local(time);
      if (
        timeExclusions.length > 0 &&
        timeExclusions.some((rule) => inTimeExclusion(rule, localMs))
      )
        continue;
      visit(batch, index, localMs);
    }
  }
}

function excludes(
  rule: VehicleExclusion,
  time: number,
  speed: number,
  headway: number,
  vehicleClass: number,
): boolean {
  if (rule.startMs !== undefined && time < rule.startMs) return false;
  if (rule.endMs !== undefined && time >= rule.endMs) return false;
  if (rule.minSpeedMps !== undefined && !(speed >= rule.minSpeedMps)) return false;
  if (rule.maxSpeedMps !== undefined && !(speed <= rule.maxSpeedMps)) return false;
  if (rule.headwayGreaterThanS !== undefined && !(headway > rule.headwayGreaterThanS)) return false;
  if (rule.classes !== undefined && !rule.classes.includes(vehicleClass)) return false;
  return true;
}

function inTimeExclusion(rule: TimeExclusion, localMs: number): boolean {
  if (!rule.days.includes(weekdayOfLocal(localMs))) return false;
  const minute = Math.floor((((localMs % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
  return minute >= rule.fromMinute && minute < rule.toMinute;
}
