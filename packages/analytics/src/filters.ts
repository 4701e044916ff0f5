import type { ScanColumns } from './vehicleColumns.ts';

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
  /** Only this direction's vehicles (a direction-share bad-data period). */
  direction?: number;
  /** Only this lane's vehicles, of `direction` when given (a lane-flow bad-data period). */
  lane?: number;
  /** An excluded bad-data period of the site (issue 25): named apart among the left-out reasons. */
  badDataPeriod?: boolean;
}

/**
 * A time window whose vehicles count in no figure of a site: an excluded bad-data period. A
 * period found on one direction or one lane leaves out only that direction's or lane's vehicles.
 */
export interface ExcludedWindow {
  startMs: number;
  /** Exclusive. */
  endMs: number;
  direction?: number | null;
  lane?: number | null;
}

/**
 * Whether a vehicle (or a count) at `time` in `direction` and `lane` falls in one of the
 * windows: the one test every figure of a site (detail, rollups, map, reports, AADT, TMG
 * export) leaves excluded bad-data periods out by. Few windows per site: a plain search.
 */
export function inExcludedWindow(
  windows: readonly ExcludedWindow[],
  time: number,
  direction: number,
  lane: number,
): boolean {
  for (const window of windows)
    if (
      time >= window.startMs &&
      time < window.endMs &&
      (window.direction === undefined ||
        window.direction === null ||
        window.direction === direction) &&
      (window.lane === undefined || window.lane === null || window.lane === lane)
    )
      return true;
  return false;
}

/** The analysis's form of excluded windows: vehicle exclusions named as bad-data periods. */
export function badDataExclusions(windows: readonly ExcludedWindow[]): VehicleExclusion[] {
  return windows.map(({ startMs, endMs, direction, lane }) => ({
    startMs,
    endMs,
    ...(direction === undefined || direction === null ? {} : { direction }),
    ...(lane === undefined || lane === null ? {} : { lane }),
    badDataPeriod: true,
  }));
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

const localTimes = new WeakMap<LocalClock, (utcMs: number) => number>();

/**
 * Local ms (the instant plus the zone's offset), cached per UTC hour; one function per clock,
 * so that a scan meets the same function request after request.
 */
export function localTimeOf(clock: LocalClock): (utcMs: number) => number {
  const known = localTimes.get(clock);
  if (known) return known;
  const offsetByHour = new Map<number, number>();
  let lastHour = Number.NaN;
  let lastOffset = 0;
  const local = (utcMs: number): number => {
    const hour = Math.floor(utcMs / 3_600_000);
    if (hour === lastHour) return utcMs + lastOffset;
    let offset = offsetByHour.get(hour);
    if (offset === undefined) {
      offset = clock.offsetAt(hour * 3_600_000);
      offsetByHour.set(hour, offset);
    }
    lastHour = hour;
    lastOffset = offset;
    return utcMs + offset;
  };
  localTimes.set(clock, local);
  return local;
}

/** Monday 0 ... Sunday 6 of a local time (1970-01-01 was a Thursday). */
export function weekdayOfLocal(localMs: number): Weekday {
  return ((Math.floor(localMs / 86_400_000) + 3) % 7) as Weekday;
}

/** A filter made ready for scanning: lookup tables instead of lists. */
export interface CompiledFilter {
  filter: VehicleFilter;
  classes: Uint8Array;
  directions: Uint8Array;
  lanes: Map<number, Set<number>>;
  local: (utcMs: number) => number;
}

export function compileFilter(filter: VehicleFilter, clock: LocalClock): CompiledFilter {
  const classes = new Uint8Array(256);
  for (const classIndex of filter.classes)
    if (classIndex >= 0 && classIndex < 256) classes[classIndex] = 1;
  const directions = new Uint8Array(256);
  for (const direction of filter.directions)
    if (direction >= 0 && direction < 256) directions[direction] = 1;
  const lanes = new Map(
    Object.entries(filter.lanesByDirection ?? {}).map(([direction, list]) => [
      Number(direction),
      new Set(list),
    ]),
  );
  return { filter, classes, directions, lanes, local: localTimeOf(clock) };
}

/** First index in `from..to` of an ascending `times` whose time is not before `time`. */
export function lowerBound(
  times: Float64Array | Int32Array,
  time: number,
  from = 0,
  to = times.length,
): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Writes the indexes (within `from..to`) of the batch's vehicles that pass the filter into `rows`
 * and their local times into `locals`; returns how many. The tests are ordered cheapest first.
 */
export function selectRows(
  batch: ScanColumns,
  compiled: CompiledFilter,
  from: number,
  to: number,
  rows: Int32Array,
  locals: Float64Array,
): number {
  const { filter, classes, directions, lanes, local } = compiled;
  const { timeMs, speedMps, classIndex, direction, lane, headwayS } = batch;
  const exclusions = filter.vehicleExclusions ?? [];
  const timeExclusions = filter.timeExclusions ?? [];
  const { startMs, endMs, speedMinMps, speedMaxMps, minHeadwayS } = filter;
  const checkLanes = lanes.size > 0;
  let count = 0;
  for (let index = from; index < to; index += 1) {
    const time = timeMs[index] as number;
    if (time < startMs || time >= endMs) continue;
    const speed = speedMps[index] as number;
    if (!(speed >= speedMinMps && speed <= speedMaxMps)) continue;
    const vehicleClass = classIndex[index] as number;
    if (vehicleClass < 0 || classes[vehicleClass] !== 1) continue;
    const vehicleDirection = direction[index] as number;
    if (directions[vehicleDirection] !== 1) continue;
    const headway = headwayS[index] as number;
    if (minHeadwayS > 0 && headway < minHeadwayS) continue;
    if (checkLanes) {
      const laneSet = lanes.get(vehicleDirection);
      if (laneSet && !laneSet.has(lane[index] as number)) continue;
    }
    if (
      exclusions.length > 0 &&
      excludedByAny(
        exclusions,
        time,
        speed,
        headway,
        vehicleClass,
        vehicleDirection,
        lane[index] as number,
      )
    )
      continue;
    const localMs = local(time);
    if (timeExclusions.length > 0 && inAnyTimeExclusion(timeExclusions, localMs)) continue;
    rows[count] = index;
    locals[count] = localMs;
    count += 1;
  }
  return count;
}

/**
 * Calls `visit` with the index of every vehicle that passes the filter, batch by batch, in one
 * pass.
 */
export function forEachSelected(
  batches: ScanColumns[],
  filter: VehicleFilter,
  clock: LocalClock,
  visit: (batch: ScanColumns, index: number, localMs: number) => void,
): void {
  const compiled = compileFilter(filter, clock);
  for (const batch of batches) {
    const size = batch.timeMs.length;
    const rows = new Int32Array(size);
    const locals = new Float64Array(size);
    const count = selectRows(batch, compiled, 0, size, rows, locals);
    for (let at = 0; at < count; at += 1) visit(batch, rows[at] as number, locals[at] as number);
  }
}

/**
 * Whether any of the saved vehicle exclusions leaves this vehicle out. A plain function rather
 * than a closure in the scan loops, whose per-vehicle values would otherwise live in a context
 * allocated for each vehicle.
 */
export function excludedByAny(
  rules: VehicleExclusion[],
  time: number,
  speed: number,
  headway: number,
  vehicleClass: number,
  direction: number,
  lane: number,
): boolean {
  for (const rule of rules)
    if (excludes(rule, time, speed, headway, vehicleClass, direction, lane)) return true;
  return false;
}

/** Whether a local time falls in any of the time exclusions. */
export function inAnyTimeExclusion(rules: TimeExclusion[], localMs: number): boolean {
  for (const rule of rules) if (inTimeExclusion(rule, localMs)) return true;
  return false;
}

/** Whether a saved vehicle exclusion leaves this vehicle out. */
function excludes(
  rule: VehicleExclusion,
  time: number,
  speed: number,
  headway: number,
  vehicleClass: number,
  direction: number,
  lane: number,
): boolean {
  if (rule.startMs !== undefined && time < rule.startMs) return false;
  if (rule.direction !== undefined && direction !== rule.direction) return false;
  if (rule.lane !== undefined && lane !== rule.lane) return false;
  if (rule.endMs !== undefined && time >= rule.endMs) return false;
  if (rule.minSpeedMps !== undefined && !(speed >= rule.minSpeedMps)) return false;
  if (rule.maxSpeedMps !== undefined && !(speed <= rule.maxSpeedMps)) return false;
  if (rule.headwayGreaterThanS !== undefined && !(headway > rule.headwayGreaterThanS)) return false;
  if (rule.classes !== undefined && !rule.classes.includes(vehicleClass)) return false;
  return true;
}

/** Whether a local time falls in a time exclusion. */
function inTimeExclusion(rule: TimeExclusion, localMs: number): boolean {
  if (!rule.days.includes(weekdayOfLocal(localMs))) return false;
  const minute = Math.floor((((localMs % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
  return minute >= rule.fromMinute && minute < rule.toMinute;
}
