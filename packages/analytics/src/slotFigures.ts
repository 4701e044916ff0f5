import { BUCKETS, bucketShift, codesPercentile } from './codePercentiles.ts';
import { CODES } from './scanPlan.ts';
import type { PartialScan } from './scanCounts.ts';
import type { ScanScratch } from './scanScratch.ts';

/**
 * Vehicles, speed sum and 85th percentile speed of each slot, and its speeding vehicles. Where a
 * slot's vehicles follow one another in the selection (as they do while a direction's times
 * ascend), one pass over the run counts its codes by bucket and adds its speeds in the order
 * met (as a vehicle-by-vehicle sum would), and the percentile is read off the buckets. Slots met
 * again after another (times out of order, a bin across two record batches, or the hour the
 * clocks go back met twice by bins shorter than an hour) are worked out afterwards from their
 * runs, gathered in order. The selected vehicles are the scan's first `vehicles` in the
 * scratch.
 */
export function slotFigures(
  scan: PartialScan,
  scratch: ScanScratch,
  values: Float64Array,
  speeding: SlotSpeeding | null,
): void {
  const { slotVehicles, slotSpeedSum, slot85th, vehicles: selected } = scan;
  const { slots, codes } = scratch;
  const bucketCounts = new Int32Array(BUCKETS);
  const shift = bucketShift(values.length);
  const least = speeding ? speeding.leastCode : CODES;
  // Each slot's first run, and the runs of slots met again (slot, start, end).
  const firstStart = new Int32Array(slotVehicles.length);
  const firstEnd = new Int32Array(slotVehicles.length);
  const laterRuns: number[] = [];
  let at = 0;
  while (at < selected) {
    const slot = slots[at] as number;
    const start = at;
    if ((slotVehicles[slot] as number) > 0) {
      while (at < selected && slots[at] === slot) at += 1;
      laterRuns.push(slot, start, at);
      continue;
    }
    let sum = 0;
    let above = 0;
    bucketCounts.fill(0);
    for (; at < selected && slots[at] === slot; at += 1) {
      const code = codes[at] as number;
      const bucket = code >> shift;
      bucketCounts[bucket] = (bucketCounts[bucket] as number) + 1;
      sum += values[code] as number;
      if (code >= least) above += 1;
    }
    const count = at - start;
    slotVehicles[slot] = count;
    slotSpeedSum[slot] = sum;
    slot85th[slot] = codesPercentile(
      scratch,
      codes,
      start,
      count,
      shift,
      bucketCounts,
      0,
      values,
      85,
    );
    if (speeding) speeding.out[slot] = above;
    firstStart[slot] = start;
    firstEnd[slot] = at;
  }
  if (laterRuns.length > 0)
    slotFiguresOfRuns(codes, values, scan, speeding, firstStart, firstEnd, laterRuns);
}

/**
 * `slotFigures` for the slots met again: each slot's vehicles gathered from its first run and
 * its later ones (`laterRuns`: slot, start, end, in the order met), so in the order met.
 */
function slotFiguresOfRuns(
  codes: Uint16Array,
  values: Float64Array,
  scan: PartialScan,
  speeding: SlotSpeeding | null,
  firstStart: Int32Array,
  firstEnd: Int32Array,
  laterRuns: number[],
): void {
  const { slotVehicles, slotSpeedSum, slot85th } = scan;
  const runsOf = new Map<number, number[]>();
  for (let run = 0; run < laterRuns.length; run += 3) {
    const slot = laterRuns[run] as number;
    let runs = runsOf.get(slot);
    if (!runs) runsOf.set(slot, (runs = [firstStart[slot] as number, firstEnd[slot] as number]));
    runs.push(laterRuns[run + 1] as number, laterRuns[run + 2] as number);
  }
  let count = 0;
  for (const runs of runsOf.values())
    for (let run = 0; run < runs.length; run += 2)
      count += (runs[run + 1] as number) - (runs[run] as number);
  const ownSlots = new Int32Array(count);
  const ownCodes = new Uint16Array(count);
  const vehicles = new Int32Array(slotVehicles.length);
  const histogram = new Int32Array(values.length);
  let gathered = 0;
  for (const [slot, runs] of runsOf) {
    const slotStart = gathered;
    let sum = 0;
    for (let run = 0; run < runs.length; run += 2)
      for (let at = runs[run] as number; at < (runs[run + 1] as number); at += 1) {
        const code = codes[at] as number;
        ownSlots[gathered] = slot;
        ownCodes[gathered] = code;
        histogram[code] = (histogram[code] as number) + 1;
        sum += values[code] as number;
        gathered += 1;
      }
    vehicles[slot] = gathered - slotStart;
    slotVehicles[slot] = gathered - slotStart;
    slotSpeedSum[slot] = sum;
  }
  slotPercentilesBySorting(
    count,
    ownSlots,
    ownCodes,
    histogram,
    vehicles,
    values,
    slot85th,
    speeding,
  );
}

/** Where the speeding vehicles of each slot are counted: those of speed code `leastCode` up. */
export interface SlotSpeeding {
  leastCode: number;
  out: Int32Array;
}

/** How many of `count` codes from `from` are at least `least`. */
function countAtLeast(codes: Uint16Array, from: number, count: number, least: number): number {
  let found = 0;
  const end = from + count;
  for (let at = from; at < end; at += 1) if ((codes[at] as number) >= least) found += 1;
  return found;
}

/**
 * 85th percentile speed of each slot in any order: a counting sort of the selection by speed
 * code, then a stable one by slot, leaves each slot's codes ascending.
 */
function slotPercentilesBySorting(
  selected: number,
  slots: Int32Array,
  codes: Uint16Array,
  speedHistogram: Int32Array,
  slotVehicles: Int32Array,
  values: Float64Array,
  out: Float64Array,
  speeding: SlotSpeeding | null,
): void {
  const codeCount = speedHistogram.length;
  const slotCount = slotVehicles.length;
  const codeCursor = new Int32Array(codeCount);
  let running = 0;
  for (let code = 0; code < codeCount; code += 1) {
    codeCursor[code] = running;
    running += speedHistogram[code] as number;
  }
  const byCode = new Int32Array(selected);
  for (let at = 0; at < selected; at += 1) {
    const code = codes[at] as number;
    byCode[codeCursor[code] as number] = slots[at] as number;
    codeCursor[code] = (codeCursor[code] as number) + 1;
  }
  const slotCursor = new Int32Array(slotCount);
  running = 0;
  for (let slot = 0; slot < slotCount; slot += 1) {
    slotCursor[slot] = running;
    running += slotVehicles[slot] as number;
  }
  const slotStart = slotCursor.slice();
  const bySlot = new Uint16Array(selected);
  let position = 0;
  for (let code = 0; code < codeCount; code += 1) {
    const end = position + (speedHistogram[code] as number);
    for (; position < end; position += 1) {
      const slot = byCode[position] as number;
      bySlot[slotCursor[slot] as number] = code;
      slotCursor[slot] = (slotCursor[slot] as number) + 1;
    }
  }
  for (let slot = 0; slot < slotCount; slot += 1) {
    const count = slotVehicles[slot] as number;
    if (count === 0) continue;
    const base = slotStart[slot] as number;
    if (speeding) speeding.out[slot] = countAtLeast(bySlot, base, count, speeding.leastCode);
    const rank = 0.85 * (count - 1);
    const lower = Math.floor(rank);
    const lowerValue = values[bySlot[base + lower] as number] as number;
    out[slot] =
      lower === count - 1
        ? lowerValue
        : lowerValue +
          (rank - lower) * ((values[bySlot[base + lower + 1] as number] as number) - lowerValue);
  }
}
