import type { ScanLayout } from './scanPlan.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

/**
 * A stretch of time in which the zone's offset, the local quarter hour and the bin stay the
 * same: its UTC bounds `from..to`, its local day, its first day-hour cell, its first slot and its
 * quarter-hour cell (the peak hour factor's counts, whatever the bins).
 */
export interface Stretch {
  from: number;
  to: number;
  day: number;
  hourCellBase: number;
  slotBase: number;
  quarterCell: number;
}

/** A stretch no time falls in: a scan's first row enters its own. */
export const emptyStretch = (): Stretch => ({
  from: Number.POSITIVE_INFINITY,
  to: Number.NEGATIVE_INFINITY,
  day: 0,
  hourCellBase: 0,
  slotBase: 0,
  quarterCell: 0,
});

/** Makes `into` the stretch of time `time` falls in (local time worked out once for it). */
export function enterStretch(
  into: Stretch,
  time: number,
  local: (utcMs: number) => number,
  layout: ScanLayout,
): void {
  const { origin, widthMs, originDay, directionCount, countBins } = layout;
  const hourStart = Math.floor(time / HOUR_MS) * HOUR_MS;
  const offset = local(hourStart) - hourStart;
  const localMs = time + offset;
  const absoluteDay = Math.floor(localMs / DAY_MS);
  const localQuarterStart = Math.floor(localMs / QUARTER_MS) * QUARTER_MS;
  let localFrom = localQuarterStart;
  let localTo = localQuarterStart + QUARTER_MS;
  if (countBins) {
    const bin = Math.floor((localMs - origin) / widthMs);
    into.slotBase = bin * directionCount;
    const binStart = origin + bin * widthMs;
    if (binStart > localFrom) localFrom = binStart;
    if (binStart + widthMs < localTo) localTo = binStart + widthMs;
  }
  into.from = Math.max(hourStart, localFrom - offset);
  into.to = Math.min(hourStart + HOUR_MS, localTo - offset);
  into.day = absoluteDay;
  into.quarterCell =
    (absoluteDay - originDay) * 96 + Math.floor((localMs - absoluteDay * DAY_MS) / QUARTER_MS);
  into.hourCellBase =
    (absoluteDay - originDay) * directionCount * 24 +
    Math.floor((localMs - absoluteDay * DAY_MS) / HOUR_MS);
}
