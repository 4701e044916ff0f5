import { BAD_DATA_THRESHOLDS, type BadDataRule } from '@roadcount/domain';

const HOUR_MS = 3_600_000;

/** One hour of a site's record, in the site's local time, with its vehicles counted. */
export interface HourCounts {
  /** The hour's start, UTC milliseconds. */
  startMs: number;
  /** The local day (YYYY-MM-DD) and hour of the day (0 to 23) the hour falls in. */
  localDay: string;
  localHour: number;
  /** Vehicles per direction (0 to 8). */
  byDirection: Map<number, number>;
  /** Vehicles per lane of a direction, keyed by `laneKey` (known lanes only). */
  byLane: Map<number, number>;
}

/** The key of a direction's lane in `HourCounts.byLane`: a number, not a string per vehicle. */
export const laneKey = (direction: number, lane: number) => direction * 65_536 + lane;

/** A stretch a rule flags: `value` is what the rule measured (hours, share, or vehicles/h). */
export interface DetectedPeriod {
  rule: BadDataRule;
  direction: number | null;
  lane: number | null;
  startMs: number;
  /** Exclusive. */
  endMs: number;
  value: number;
}

const total = (hour: HourCounts) => [...hour.byDirection.values()].reduce((a, b) => a + b, 0);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The local hours of the day whose median volume over the record is at least
 * `silentMinExpectedVehicles`: the hours at which an empty hour says the counter was silent.
 */
function trafficHours(hours: readonly HourCounts[]): Set<number> {
  const byHour = new Map<number, number[]>();
  for (const hour of hours) {
    const list = byHour.get(hour.localHour) ?? [];
    list.push(total(hour));
    byHour.set(hour.localHour, list);
  }
  const { silentMinExpectedVehicles } = BAD_DATA_THRESHOLDS;
  return new Set(
    [...byHour]
      .filter(([, volumes]) => median(volumes) >= silentMinExpectedVehicles)
      .map(([hour]) => hour),
  );
}

/**
 * Runs of consecutive empty hours that hold at least `silentMinHours` checked hours (between
 * 04:00 and 22:00 local, at an hour of the day that normally carries traffic). A run goes on
 * through empty night hours, so a road closed for days is one period, which a person may mark
 * real zero; the period runs from its first checked hour to the end of its last, so that it
 * never starts or ends in hours the rule does not check.
 */
function silentPeriods(hours: readonly HourCounts[]): DetectedPeriod[] {
  const { silentMinHours, silentFromHour, silentToHour } = BAD_DATA_THRESHOLDS;
  const normal = trafficHours(hours);
  const periods: DetectedPeriod[] = [];
  /** The run of empty hours so far, and the stretch of it from its first checked hour to its last. */
  let run: { endMs: number; checked: number; fromMs: number; toMs: number } | null = null;
  const close = () => {
    if (run && run.checked >= silentMinHours) {
      const { fromMs, toMs, checked } = run;
      periods.push({
        rule: 'silent',
        direction: null,
        lane: null,
        startMs: fromMs,
        endMs: toMs,
        value: checked,
      });
    }
    run = null;
  };
  for (const hour of hours) {
    const empty = total(hour) === 0;
    if (!empty || (run && run.endMs !== hour.startMs)) close();
    if (!empty) continue;
    run ??= { endMs: hour.startMs, checked: 0, fromMs: Number.NaN, toMs: Number.NaN };
    run.endMs = hour.startMs + HOUR_MS;
    const checked =
      hour.localHour >= silentFromHour &&
      hour.localHour < silentToHour &&
      normal.has(hour.localHour);
    if (!checked) continue;
    if (run.checked === 0) run.fromMs = hour.startMs;
    run.toMs = hour.startMs + HOUR_MS;
    run.checked += 1;
  }
  close();
  return periods;
}

/**
 * Whole local days (24 hours on record) of at least `directionMinDailyVehicles` two-way
 * vehicles on which a direction carries under `directionMinShare` of them; only at sites whose
 * record has two directions or more.
 */
function directionSharePeriods(hours: readonly HourCounts[]): DetectedPeriod[] {
  const { directionMinShare, directionMinDailyVehicles } = BAD_DATA_THRESHOLDS;
  const directions = new Set<number>();
  for (const hour of hours)
    for (const [direction, vehicles] of hour.byDirection)
      if (vehicles > 0) directions.add(direction);
  if (directions.size < 2) return [];
  const days = new Map<string, HourCounts[]>();
  for (const hour of hours) days.set(hour.localDay, [...(days.get(hour.localDay) ?? []), hour]);
  const periods: DetectedPeriod[] = [];
  for (const dayHours of days.values()) {
    if (dayHours.length < 24) continue;
    const twoWay = dayHours.reduce((sum, hour) => sum + total(hour), 0);
    if (twoWay < directionMinDailyVehicles) continue;
    for (const direction of [...directions].sort((a, b) => a - b)) {
      const vehicles = dayHours.reduce(
        (sum, hour) => sum + (hour.byDirection.get(direction) ?? 0),
        0,
      );
      const share = vehicles / twoWay;
      if (share < directionMinShare)
        periods.push({
          rule: 'direction_share',
          direction,
          lane: null,
          startMs: (dayHours[0] as HourCounts).startMs,
          endMs: (dayHours.at(-1) as HourCounts).startMs + HOUR_MS,
          value: share,
        });
    }
  }
  return periods;
}

/** Consecutive hours in which a lane carries more than `laneMaxVehiclesPerHour`. */
function laneFlowPeriods(hours: readonly HourCounts[]): DetectedPeriod[] {
  const { laneMaxVehiclesPerHour } = BAD_DATA_THRESHOLDS;
  const open = new Map<number, DetectedPeriod>();
  const periods: DetectedPeriod[] = [];
  for (const hour of hours) {
    for (const [key, vehicles] of hour.byLane) {
      if (vehicles <= laneMaxVehiclesPerHour) continue;
      const current = open.get(key);
      if (current && current.endMs === hour.startMs) {
        current.endMs = hour.startMs + HOUR_MS;
        current.value = Math.max(current.value, vehicles);
        continue;
      }
      const period: DetectedPeriod = {
        rule: 'lane_flow',
        direction: Math.floor(key / 65_536),
        lane: key % 65_536,
        startMs: hour.startMs,
        endMs: hour.startMs + HOUR_MS,
        value: vehicles,
      };
      open.set(key, period);
      periods.push(period);
    }
  }
  return periods;
}

/**
 * Issue 25: the bad-data periods of a site's record, by the rules of BAD_DATA_THRESHOLDS.
 * `hours` are the hours the site's files cover, in time order, empty ones included; an hour no
 * file covers is not on record and is never flagged.
 */
export function detectBadDataPeriods(hours: readonly HourCounts[]): DetectedPeriod[] {
  return [...silentPeriods(hours), ...directionSharePeriods(hours), ...laneFlowPeriods(hours)];
}
