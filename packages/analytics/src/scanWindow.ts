import { lowerBound } from './filters.ts';
import type { PreparedColumns } from './preparedColumns.ts';
import type { ScanPlan } from './scanPlan.ts';

const HOUR_MS = 3_600_000;

/** Rows `start..end` of a batch to scan; `checkTime` when their times must be checked one by one. */
export interface RowRange {
  batchIndex: number;
  start: number;
  end: number;
  checkTime: boolean;
}

/**
 * The rows of times `from..to` to scan: in each stretch of ascending times, those found by
 * binary search; a batch in too little order whole (its times then checked row by row).
 */
export function rowRanges(prepared: PreparedColumns, from: number, to: number): RowRange[] {
  const ranges: RowRange[] = [];
  prepared.batches.forEach((batch, batchIndex) => {
    const bounds = prepared.ascendingRuns[batchIndex];
    if (!bounds) {
      ranges.push({ batchIndex, start: 0, end: batch.timeMs.length, checkTime: true });
      return;
    }
    for (let run = 0; run + 1 < bounds.length; run += 1) {
      const start = lowerBound(batch.timeMs, from, bounds[run], bounds[run + 1]);
      const end = lowerBound(batch.timeMs, to, start, bounds[run + 1]);
      if (end > start) ranges.push({ batchIndex, start, end, checkTime: false });
    }
  });
  return ranges;
}

/** Milliseconds either side of a split at which the zone's offset must not change. */
const SPLIT_CLEARANCE_MS = 3 * HOUR_MS;

/**
 * Instants that cut the plan's window into up to `most` parts of about as many vehicles (and
 * at least `leastVehiclesPerPart` each), each at the start of a bin where the clocks do not
 * change for three hours either side: every bin then falls wholly in one part. Fewer (or none)
 * when the window is too short to cut.
 */
export function splitTimes(plan: ScanPlan, most: number, leastVehiclesPerPart = 0): number[] {
  const { prepared, layout, compiled, from, to } = plan;
  if (plan.empty || most < 2) return [];
  const local = compiled.local;
  // Vehicles before an instant: exact for stretches of ascending times, by share of the span
  // for batches in too little order.
  const before = (time: number) => {
    let count = 0;
    for (const { start, end, checkTime } of rowRanges(prepared, from, Math.max(time, from))) {
      if (!checkTime) count += end - start;
      else if (end > start) {
        const span = prepared.maxTimeMs + 1 - prepared.minTimeMs;
        count += ((end - start) * Math.max(0, Math.min(time, to) - from)) / span;
      }
    }
    return count;
  };
  const total = before(to);
  const parts = Math.min(most, Math.floor(total / Math.max(1, leastVehiclesPerPart)));
  const cuts: number[] = [];
  let previous = from;
  for (let part = 1; part < parts; part += 1) {
    // The instant before which `part / parts` of the vehicles lie.
    let low = previous;
    let high = to;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 2);
      if (before(middle) < (total * part) / parts) low = middle;
      else high = middle;
    }
    // The nearest bin start inside the rest of the window where the clocks stay steady.
    const at = local(low);
    const bin = Math.floor((at - layout.origin) / layout.widthMs);
    const starts = [-3, -2, -1, 0, 1, 2, 3, 4]
      .map((step) => layout.origin + (bin + step) * layout.widthMs)
      .sort((a, b) => Math.abs(a - at) - Math.abs(b - at));
    for (const binStart of starts) {
      const guess = binStart - (at - low);
      const cut = binStart - (local(guess) - guess);
      const steady =
        local(cut) === binStart &&
        local(cut - SPLIT_CLEARANCE_MS) === binStart - SPLIT_CLEARANCE_MS &&
        local(cut + SPLIT_CLEARANCE_MS) === binStart + SPLIT_CLEARANCE_MS;
      if (steady && cut > previous && cut < to) {
        cuts.push(cut);
        previous = cut;
        break;
      }
    }
  }
  return cuts;
}
