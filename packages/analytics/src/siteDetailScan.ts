import { PERCENTILES } from '@roadcount/domain';
import {
  compileFilter,
  lowerBound,
  excludedByAny,
  inAnyTimeExclusion,
  type CompiledFilter,
  type LocalClock,
  type VehicleFilter,
} from './filters.ts';
import {
  CODE_MISSING,
  CODE_OVERFLOW,
  type CodedMeasure,
  type PreparedColumns,
} from './preparedColumns.ts';
import {
  MATRIX_EDGES_S,
  SITE_DETAIL_PARTS,
  assembleVirtualProfiles,
  share,
  speedingSteps,
  type ClassMetrics,
  type SiteDetail,
  type SiteDetailOptions,
  type SiteDetailPart,
  type SpeedLimit,
  directionColumns,
  type TimeBins,
} from './siteDetailShape.ts';
import { summaryFromCounts } from './summaryStatistics.ts';
import type { ScanColumns } from './vehicleColumns.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CODES = 65_536;
const LANE_SLOTS = 64;

/** Scratch buffers reused between scans (a scan runs to completion without yielding). */
let scratchSlots = new Int32Array(0);
let scratchCodes = new Uint16Array(0);

function ensureScratch(selected: number, keep = 0): void {
  if (scratchSlots.length < selected) {
    const size = Math.max(selected, scratchSlots.length * 2);
    const slots = new Int32Array(size);
    const codes = new Uint16Array(size);
    slots.set(scratchSlots.subarray(0, keep));
    codes.set(scratchCodes.subarray(0, keep));
    scratchSlots = slots;
    scratchCodes = codes;
  }
}

/**
 * Grows this thread's scan scratch to hold `vehicles` selected vehicles and touches it, so that
 * a first scan of that many does not pay for new memory (milliseconds a megabyte on some VMs).
 */
export function reserveScanScratch(vehicles: number): void {
  ensureScratch(vehicles);
  scratchSlots.fill(0);
  scratchCodes.fill(0);
}

/**
 * Values at ascending 0-based positions of the sorted selection, read off a histogram of
 * `codeCount` codes (`values[code]` each): positions past them fall in the sorted overflow values.
 */
function valuesAtPositions(
  histogram: Int32Array,
  offset: number,
  codeCount: number,
  values: Float64Array,
  overflow: Float64Array,
  positions: number[],
): number[] {
  const out: number[] = [];
  let cumulative = 0;
  let code = 0;
  for (const position of positions) {
    while (code < codeCount && cumulative + (histogram[offset + code] as number) <= position) {
      cumulative += histogram[offset + code] as number;
      code += 1;
    }
    out.push(
      code < codeCount ? (values[code] as number) : (overflow[position - cumulative] as number),
    );
  }
  return out;
}

/** PERCENTILE.INC (ARCHITECTURE.md) of the counted values, for several percents at once. */
function histogramPercentiles(
  histogram: Int32Array,
  offset: number,
  count: number,
  codeCount: number,
  values: Float64Array,
  overflow: Float64Array,
  percents: readonly number[],
): number[] {
  const ranks = percents.map((percent) => (percent / 100) * (count - 1));
  const positions = [
    ...new Set(
      ranks.flatMap((rank) => [Math.floor(rank), Math.min(Math.floor(rank) + 1, count - 1)]),
    ),
  ].sort((a, b) => a - b);
  const found = valuesAtPositions(histogram, offset, codeCount, values, overflow, positions);
  const valueAt = (position: number) => found[positions.indexOf(position)] as number;
  return ranks.map((rank) => {
    const lower = Math.floor(rank);
    const lowerValue = valueAt(lower);
    if (lower === count - 1) return lowerValue;
    return lowerValue + (rank - lower) * (valueAt(lower + 1) - lowerValue);
  });
}

/** Buckets of codes for finding a percentile's neighbourhood before sorting it. */
const BUCKETS = 256;
let nearRank = new Uint16Array(64);

/**
 * PERCENTILE.INC of the values of `codes[from..from + count)`, whose codes were counted in
 * `bucketCounts[bucketsFrom..bucketsFrom + 256)` by buckets of consecutive codes
 * (`code >> shift`): only the bucket(s) holding the two closest ranks are gathered and sorted.
 */
function codesPercentile(
  codes: Uint16Array,
  from: number,
  count: number,
  shift: number,
  bucketCounts: Int32Array,
  bucketsFrom: number,
  values: Float64Array,
  percent: number,
): number {
  const rank = (percent / 100) * (count - 1);
  const lower = Math.floor(rank);
  const upper = lower === count - 1 ? lower : lower + 1;
  const end = from + count;
  // The buckets holding positions `lower` and `upper`, and how many codes come before the first.
  let before = 0;
  let first = 0;
  while (before + (bucketCounts[bucketsFrom + first] as number) <= lower) {
    before += bucketCounts[bucketsFrom + first] as number;
    first += 1;
  }
  let last = first;
  let through = before + (bucketCounts[bucketsFrom + first] as number);
  while (through <= upper) {
    last += 1;
    through += bucketCounts[bucketsFrom + last] as number;
  }
  const wanted = through - before;
  if (nearRank.length < wanted) nearRank = new Uint16Array(Math.max(wanted, nearRank.length * 2));
  let gathered = 0;
  for (let at = from; at < end; at += 1) {
    const code = codes[at] as number;
    const bucket = code >> shift;
    if (bucket >= first && bucket <= last) {
      nearRank[gathered] = code;
      gathered += 1;
    }
  }
  const near = nearRank.subarray(0, gathered).sort();
  const lowerValue = values[near[lower - before] as number] as number;
  if (lower === count - 1) return lowerValue;
  return (
    lowerValue + (rank - lower) * ((values[near[upper - before] as number] as number) - lowerValue)
  );
}

/** The shift that puts `codeCount` codes into at most 256 buckets. */
function bucketShift(codeCount: number): number {
  let shift = 0;
  while ((codeCount - 1) >> shift >= BUCKETS) shift += 1;
  return shift;
}

/**
 * Vehicles, speed sum and 85th percentile speed of each slot, and its speeding vehicles. Where a
 * slot's vehicles follow one another in the selection (as they do while a direction's times
 * ascend), one pass over the run counts its codes by bucket and adds its speeds in the order
 * met (as a vehicle-by-vehicle sum would), and the percentile is read off the buckets. Slots met
 * again after another (times out of order, a bin across two record batches, or the hour the
 * clocks go back met twice by bins shorter than an hour) are worked out afterwards from their
 * runs, gathered in order.
 */
function slotFigures(
  selected: number,
  slots: Int32Array,
  codes: Uint16Array,
  values: Float64Array,
  acc: PartialScan,
  speeding: SlotSpeeding | null,
): void {
  const { slotVehicles, slotSpeedSum, slot85th } = acc;
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
    slot85th[slot] = codesPercentile(codes, start, count, shift, bucketCounts, 0, values, 85);
    if (speeding) speeding.out[slot] = above;
    firstStart[slot] = start;
    firstEnd[slot] = at;
  }
  if (laterRuns.length > 0)
    slotFiguresOfRuns(codes, values, acc, speeding, firstStart, firstEnd, laterRuns);
}

/**
 * `slotFigures` for the slots met again: each slot's vehicles gathered from its first run and
 * its later ones (`laterRuns`: slot, start, end, in the order met), so in the order met.
 */
function slotFiguresOfRuns(
  codes: Uint16Array,
  values: Float64Array,
  acc: PartialScan,
  speeding: SlotSpeeding | null,
  firstStart: Int32Array,
  firstEnd: Int32Array,
  laterRuns: number[],
): void {
  const { slotVehicles, slotSpeedSum, slot85th } = acc;
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
interface SlotSpeeding {
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

/** Headway–gap matrix row or column of each code, worked out once per measure. */
const matrixBinsCache = new WeakMap<CodedMeasure, Int8Array>();
function matrixBinsOf(measure: CodedMeasure): Int8Array {
  const cached = matrixBinsCache.get(measure);
  if (cached) return cached;
  const bins = new Int8Array(CODES);
  for (let code = 0; code < CODES; code += 1) {
    const value =
      code === CODE_OVERFLOW ? Number.POSITIVE_INFINITY : (measure.values[code] as number);
    let bin = 0;
    for (let index = MATRIX_EDGES_S.length - 1; index >= 0; index -= 1)
      if (value >= (MATRIX_EDGES_S[index] as number)) {
        bin = index;
        break;
      }
    bins[code] = bin;
  }
  matrixBinsCache.set(measure, bins);
  return bins;
}

function binOrigin(localMs: number, widthMs: number, weekly: boolean): number {
  if (weekly) {
    const day = Math.floor(localMs / DAY_MS);
    return (day - ((day + 3) % 7)) * DAY_MS;
  }
  return Math.floor(localMs / widthMs) * widthMs;
}

/** Values collected in a loop: a typed array that grows, so the loop keeps one shape. */
interface ValueList {
  values: Float64Array;
  length: number;
}

function valueList(): ValueList {
  return { values: new Float64Array(16), length: 0 };
}

function pushValue(list: ValueList, value: number): void {
  if (list.length === list.values.length) {
    const bigger = new Float64Array(list.values.length * 2);
    bigger.set(list.values);
    list.values = bigger;
  }
  list.values[list.length] = value;
  list.length += 1;
}

function valuesOf(list: ValueList): Float64Array {
  return list.values.subarray(0, list.length);
}

/** What a scan counts into. */
interface Accumulators {
  slotVehicles: Int32Array;
  slotSpeedSum: Float64Array;
  slotLimited: Int32Array;
  slotSpeeding: Int32Array;
  classHistogram: Int32Array;
  headwayHistogram: Int32Array;
  gapHistogram: Int32Array;
  headwayOverflow: ValueList;
  gapOverflow: ValueList;
  matrix: Int32Array;
  dayHours: Int32Array;
  availability: Int32Array;
  otherLanes: Map<string, number>;
  vehicles: number;
  headwayCount: number;
  gapCount: number;
  firstDay: number;
  lastDay: number;
  limited: number;
  above: number;
  aboveFirst: number;
  aboveSecond: number;
}

/** Where each vehicle is counted: bins, days, direction and class slots, limits. */
interface Layout {
  origin: number;
  widthMs: number;
  originDay: number;
  directionCount: number;
  classCount: number;
  directionSlot: Int8Array;
  classSlot: Int16Array;
  limits: SpeedLimit[];
  firstStepMps: number;
  secondStepMps: number;
  speedBinMps: number;
  headwayBins: Int8Array;
  gapBins: Int8Array;
  /** Speed codes counted: `speedCodeLow` and the `speedCodeCount` after it. */
  speedCodeLow: number;
  speedCodeCount: number;
  /** The filter's speed range as codes, inclusive (empty when min > max). */
  speedCodeMin: number;
  speedCodeMax: number;
  /** The separation as the least headway code that passes (missing and overflow pass). */
  headwayCodeMin: number;
  /** The separation lies beyond the coded headways: overflow headways are then compared. */
  headwayByValue: boolean;
  /** Each speed code's value. */
  allSpeedValues: Float64Array;
  /** Which figures are wanted: the others are not counted. */
  countBins: boolean;
  countLimits: boolean;
  countSpeedByClass: boolean;
  countHeadway: boolean;
  countGap: boolean;
  countMatrix: boolean;
  countAvailability: boolean;
}

/**
 * A stretch of time in which the zone's offset, the local hour and the bin stay the same: its
 * UTC bounds `from..to`, its local day, its first day-hour cell and its first slot.
 */
interface Stretch {
  from: number;
  to: number;
  day: number;
  hourCellBase: number;
  slotBase: number;
}

const stretch = (): Stretch => ({
  from: Number.POSITIVE_INFINITY,
  to: Number.NEGATIVE_INFINITY,
  day: 0,
  hourCellBase: 0,
  slotBase: 0,
});

/** Makes `into` the stretch of time `time` falls in (local time worked out once for it). */
function enterStretch(
  into: Stretch,
  time: number,
  local: (utcMs: number) => number,
  layout: Layout,
): void {
  const { origin, widthMs, originDay, directionCount, countBins } = layout;
  const hourStart = Math.floor(time / HOUR_MS) * HOUR_MS;
  const offset = local(hourStart) - hourStart;
  const localMs = time + offset;
  const absoluteDay = Math.floor(localMs / DAY_MS);
  const localHourStart = Math.floor(localMs / HOUR_MS) * HOUR_MS;
  let localFrom = localHourStart;
  let localTo = localHourStart + HOUR_MS;
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
  into.hourCellBase =
    (absoluteDay - originDay) * directionCount * 24 +
    Math.floor((localMs - absoluteDay * DAY_MS) / HOUR_MS);
}

/** Counts a vehicle of a lane beyond the availability's lane slots (keyed by day, direction, lane). */
function countOtherLane(
  acc: Accumulators,
  layout: Layout,
  dayCell: number,
  direction: number,
  lane: number,
): void {
  const day = layout.originDay + Math.floor(dayCell / layout.directionCount);
  const key = `${day}|${direction}|${lane}`;
  acc.otherLanes.set(key, (acc.otherLanes.get(key) ?? 0) + 1);
}

/** Rows a scan filters before it counts them (small enough for the block's data to stay cached). */
const BLOCK_ROWS = 4096;
const blockRows = new Int32Array(BLOCK_ROWS);
const blockCodes = new Uint16Array(BLOCK_ROWS);
const blockHourCells = new Int32Array(BLOCK_ROWS);

/**
 * Filters the vehicles `from..to` of one batch as `selectRows` does (times within
 * `startMs..endMs`, the filter's window or a part of it) and counts those that pass, a block of
 * rows at a time: one loop filters the block, noting each selected row, its speed code and its
 * day-hour cell; then one short loop per wanted figure counts the selected rows. Each loop holds
 * few values, and a figure not wanted costs nothing per vehicle. Local time is worked out once
 * per stretch of time in which the offset, the local hour and the bin stay the same (a vehicle
 * outside the stretch starts a new one), so a vehicle costs two comparisons there.
 */
function scanBatch(
  acc: Accumulators,
  layout: Layout,
  compiled: CompiledFilter,
  batch: ScanColumns,
  from: number,
  to: number,
  speedCodes: Uint16Array,
  headwayCodes: Uint16Array,
  gapCodes: Uint16Array,
  startMs: number,
  endMs: number,
  checkTime: boolean,
): void {
  const { timeMs, classIndex, direction, lane, headwayS, gapS } = batch;
  const { filter, lanes, local } = compiled;
  const exclusions = filter.vehicleExclusions ?? [];
  const timeExclusions = filter.timeExclusions ?? [];
  const { minHeadwayS } = filter;
  const checkLanes = lanes.size > 0;
  const checkExclusions = exclusions.length > 0;
  const checkTimeExclusions = timeExclusions.length > 0;
  const { slotLimited, slotSpeeding, classHistogram } = acc;
  const { headwayHistogram, gapHistogram, matrix, dayHours, availability } = acc;
  const { directionSlot, classSlot } = layout;
  const { limits, firstStepMps, secondStepMps, headwayBins, gapBins } = layout;
  const { speedCodeLow, speedCodeCount, countBins, countLimits } = layout;
  const { countHeadway, countGap, countMatrix, countAvailability } = layout;
  const { speedCodeMin, speedCodeMax, headwayCodeMin, headwayByValue, allSpeedValues } = layout;
  const speedValues = allSpeedValues.subarray(speedCodeLow);
  const matrixSize = MATRIX_EDGES_S.length;
  let vehicles = acc.vehicles;
  let firstDay = acc.firstDay;
  let lastDay = acc.lastDay;
  let limit = Number.NaN;
  let limitFrom = Number.POSITIVE_INFINITY;
  let limitTo = Number.NEGATIVE_INFINITY;
  // The current stretch of time: its UTC bounds, offset, local day and hour, and bin.
  let stretchFrom = Number.POSITIVE_INFINITY;
  let stretchTo = Number.NEGATIVE_INFINITY;
  let hourCellBase = 0;
  let slotBase = 0;
  const current = stretch();
  for (let blockStart = from; blockStart < to; blockStart += BLOCK_ROWS) {
    const blockEnd = Math.min(to, blockStart + BLOCK_ROWS);
    const firstSelected = vehicles;
    let selected = 0;
    for (let index = blockStart; index < blockEnd; index += 1) {
      const time = timeMs[index] as number;
      // Rows of a stretch of ascending times were found within the times already.
      if (checkTime && (time < startMs || time >= endMs)) continue;
      // The speed range and the separation as ranges of codes (a missing speed is outside it, a
      // missing headway passes, as with the values).
      const rawSpeedCode = speedCodes[index] as number;
      if (rawSpeedCode < speedCodeMin || rawSpeedCode > speedCodeMax) continue;
      // A class or direction the filter leaves out has no slot (-1; undefined outside 0..255).
      const vehicleClass = classIndex[index] as number;
      if (!((classSlot[vehicleClass] as number) >= 0)) continue;
      const vehicleDirection = direction[index] as number;
      const directionAt = directionSlot[vehicleDirection] as number;
      if (!(directionAt >= 0)) continue;
      if ((headwayCodes[index] as number) < headwayCodeMin) continue;
      if (headwayByValue && (headwayS[index] as number) < minHeadwayS) continue;
      if (checkLanes) {
        const laneSet = lanes.get(vehicleDirection);
        if (laneSet && !laneSet.has(lane[index] as number)) continue;
      }
      if (
        checkExclusions &&
        excludedByAny(
          exclusions,
          time,
          allSpeedValues[rawSpeedCode] as number,
          headwayS[index] as number,
          vehicleClass,
        )
      )
        continue;
      if (checkTimeExclusions && inAnyTimeExclusion(timeExclusions, local(time))) continue;
      if (time < stretchFrom || time >= stretchTo) {
        enterStretch(current, time, local, layout);
        ({ from: stretchFrom, to: stretchTo, hourCellBase, slotBase } = current);
        if (current.day < firstDay) firstDay = current.day;
        if (current.day > lastDay) lastDay = current.day;
      }
      blockRows[selected] = index;
      blockCodes[selected] = rawSpeedCode - speedCodeLow;
      // The day-hour cell: ((day, direction) cell) * 24 + local hour.
      blockHourCells[selected] = hourCellBase + directionAt * 24;
      if (countBins) scratchSlots[vehicles] = slotBase + directionAt;
      selected += 1;
      vehicles += 1;
    }
    if (selected === 0) continue;

    for (let at = 0; at < selected; at += 1) {
      const row = blockRows[at] as number;
      const cell =
        (classSlot[classIndex[row] as number] as number) * speedCodeCount +
        (blockCodes[at] as number);
      classHistogram[cell] = (classHistogram[cell] as number) + 1;
      const hourCell = blockHourCells[at] as number;
      dayHours[hourCell] = (dayHours[hourCell] as number) + 1;
    }
    if (countBins) scratchCodes.set(blockCodes.subarray(0, selected), firstSelected);
    if (countLimits) {
      for (let at = 0; at < selected; at += 1) {
        const time = timeMs[blockRows[at] as number] as number;
        if (time < limitFrom || time >= limitTo) {
          limit = Number.NaN;
          limitFrom = Number.NEGATIVE_INFINITY;
          limitTo = Number.POSITIVE_INFINITY;
          for (const entry of limits) {
            if (entry.effectiveFromMs <= time) {
              limit = entry.limitMps;
              limitFrom = entry.effectiveFromMs;
            } else {
              limitTo = entry.effectiveFromMs;
              break;
            }
          }
        }
        if (limit !== limit) continue;
        const speed = speedValues[blockCodes[at] as number] as number;
        acc.limited += 1;
        const slot = countBins ? (scratchSlots[firstSelected + at] as number) : 0;
        if (countBins) slotLimited[slot] = (slotLimited[slot] as number) + 1;
        if (speed > limit) {
          if (countBins) slotSpeeding[slot] = (slotSpeeding[slot] as number) + 1;
          acc.above += 1;
        }
        if (speed > limit + firstStepMps) acc.aboveFirst += 1;
        if (speed > limit + secondStepMps) acc.aboveSecond += 1;
      }
    }
    if (countHeadway)
      acc.headwayCount += countCodes(
        selected,
        headwayCodes,
        headwayS,
        headwayHistogram,
        acc.headwayOverflow,
      );
    if (countGap)
      acc.gapCount += countCodes(selected, gapCodes, gapS, gapHistogram, acc.gapOverflow);
    if (countMatrix)
      for (let at = 0; at < selected; at += 1) {
        const row = blockRows[at] as number;
        const headwayCode = headwayCodes[row] as number;
        const gapCode = gapCodes[row] as number;
        if (headwayCode === CODE_MISSING || gapCode === CODE_MISSING) continue;
        const cell =
          (headwayBins[headwayCode] as number) * matrixSize + (gapBins[gapCode] as number);
        matrix[cell] = (matrix[cell] as number) + 1;
      }
    if (countAvailability) {
      for (let at = 0; at < selected; at += 1) {
        const row = blockRows[at] as number;
        // The (day, direction) cell of the day-hour cell.
        const dayCell = Math.floor((blockHourCells[at] as number) / 24);
        const laneSlot = (lane[row] as number) + 1;
        if (laneSlot >= 0 && laneSlot < LANE_SLOTS) {
          const laneCell = dayCell * LANE_SLOTS + laneSlot;
          availability[laneCell] = (availability[laneCell] as number) + 1;
        } else countOtherLane(acc, layout, dayCell, direction[row] as number, lane[row] as number);
      }
    }
  }
  acc.vehicles = vehicles;
  acc.firstDay = firstDay;
  acc.lastDay = lastDay;
}

/**
 * `scanBatch` in one loop, for the filters most pages use (no lanes, exclusions or time
 * exclusions chosen, and one speed limit over the window): each vehicle is filtered and counted
 * into every wanted figure as it is met, reading each of its columns once. Half the time of the
 * block-wise loops there, which must stay general.
 */
function scanBatchInOneLoop(
  acc: Accumulators,
  layout: Layout,
  compiled: CompiledFilter,
  batch: ScanColumns,
  from: number,
  to: number,
  speedCodes: Uint16Array,
  headwayCodes: Uint16Array,
  gapCodes: Uint16Array,
  startMs: number,
  endMs: number,
  checkTime: boolean,
): void {
  const { timeMs, classIndex, direction, lane, headwayS, gapS } = batch;
  const { local } = compiled;
  const { minHeadwayS } = compiled.filter;
  const { classHistogram, headwayHistogram, gapHistogram, matrix, dayHours, availability } = acc;
  const { directionSlot, classSlot } = layout;
  const { headwayBins, gapBins, speedCodeLow, speedCodeCount, countBins } = layout;
  const { countHeadway, countGap, countMatrix, countAvailability } = layout;
  const { speedCodeMin, speedCodeMax, headwayCodeMin, headwayByValue } = layout;
  const matrixSize = MATRIX_EDGES_S.length;
  const slots = scratchSlots;
  const codes = scratchCodes;
  let vehicles = acc.vehicles;
  let headwayCount = acc.headwayCount;
  let gapCount = acc.gapCount;
  let firstDay = acc.firstDay;
  let lastDay = acc.lastDay;
  // The current stretch of time: its UTC bounds, offset, local day and hour, and bin.
  let stretchFrom = Number.POSITIVE_INFINITY;
  let stretchTo = Number.NEGATIVE_INFINITY;
  let hourCellBase = 0;
  let slotBase = 0;
  const current = stretch();
  // A stretch at a time: worked out at its first row (the only call in the loop), then its rows
  // until a time outside it.
  let index = from;
  while (index < to) {
    enterStretch(current, timeMs[index] as number, local, layout);
    ({ from: stretchFrom, to: stretchTo, hourCellBase, slotBase } = current);
    const stretchDay = current.day;
    const selectedBefore = vehicles;
    for (; index < to; index += 1) {
      const time = timeMs[index] as number;
      if (time < stretchFrom || time >= stretchTo) break;
      if (checkTime && (time < startMs || time >= endMs)) continue;
      const rawSpeedCode = speedCodes[index] as number;
      if (rawSpeedCode < speedCodeMin || rawSpeedCode > speedCodeMax) continue;
      const classAt = classSlot[classIndex[index] as number] as number;
      if (!(classAt >= 0)) continue;
      const directionAt = directionSlot[direction[index] as number] as number;
      if (!(directionAt >= 0)) continue;
      const headwayCode = headwayCodes[index] as number;
      if (headwayCode < headwayCodeMin) continue;
      if (headwayByValue && (headwayS[index] as number) < minHeadwayS) continue;
      const code = rawSpeedCode - speedCodeLow;
      const classCell = classAt * speedCodeCount + code;
      classHistogram[classCell] = (classHistogram[classCell] as number) + 1;
      // The day-hour cell: ((day, direction) cell) * 24 + local hour.
      const hourCell = hourCellBase + directionAt * 24;
      dayHours[hourCell] = (dayHours[hourCell] as number) + 1;
      if (countBins) {
        slots[vehicles] = slotBase + directionAt;
        codes[vehicles] = code;
      }
      vehicles += 1;
      if (countHeadway && headwayCode !== CODE_MISSING) {
        headwayHistogram[headwayCode] = (headwayHistogram[headwayCode] as number) + 1;
        headwayCount += 1;
        if (headwayCode === CODE_OVERFLOW)
          pushValue(acc.headwayOverflow, headwayS[index] as number);
      }
      if (countGap || countMatrix) {
        const gapCode = gapCodes[index] as number;
        if (countGap && gapCode !== CODE_MISSING) {
          gapHistogram[gapCode] = (gapHistogram[gapCode] as number) + 1;
          gapCount += 1;
          if (gapCode === CODE_OVERFLOW) pushValue(acc.gapOverflow, gapS[index] as number);
        }
        if (countMatrix && headwayCode !== CODE_MISSING && gapCode !== CODE_MISSING) {
          const cell =
            (headwayBins[headwayCode] as number) * matrixSize + (gapBins[gapCode] as number);
          matrix[cell] = (matrix[cell] as number) + 1;
        }
      }
      if (countAvailability) {
        // The (day, direction) cell of the day-hour cell.
        const dayCell = Math.floor(hourCell / 24);
        const laneSlot = (lane[index] as number) + 1;
        if (laneSlot >= 0 && laneSlot < LANE_SLOTS) {
          const laneCell = dayCell * LANE_SLOTS + laneSlot;
          availability[laneCell] = (availability[laneCell] as number) + 1;
        } else
          countOtherLane(acc, layout, dayCell, direction[index] as number, lane[index] as number);
      }
    }
    if (vehicles > selectedBefore) {
      if (stretchDay < firstDay) firstDay = stretchDay;
      if (stretchDay > lastDay) lastDay = stretchDay;
    }
  }
  acc.vehicles = vehicles;
  acc.headwayCount = headwayCount;
  acc.gapCount = gapCount;
  acc.firstDay = firstDay;
  acc.lastDay = lastDay;
}

/**
 * Counts the codes of a block's selected rows into `histogram` (missing ones aside), collecting
 * the values of overflow codes; answers how many were counted.
 */
function countCodes(
  selected: number,
  codes: Uint16Array,
  values: Float32Array,
  histogram: Int32Array,
  overflow: ValueList,
): number {
  let counted = 0;
  for (let at = 0; at < selected; at += 1) {
    const row = blockRows[at] as number;
    const code = codes[row] as number;
    if (code === CODE_MISSING) continue;
    histogram[code] = (histogram[code] as number) + 1;
    counted += 1;
    if (code === CODE_OVERFLOW) pushValue(overflow, values[row] as number);
  }
  return counted;
}

/** Empty matrix bins, when the headway–gap matrix is not wanted. */
const NO_MATRIX_BINS = new Int8Array(0);

/**
 * How a site's scan counts, worked out from the columns, the filter and the options before any
 * vehicle is read: every part of a split scan works out the same plan.
 */
export interface ScanPlan {
  prepared: PreparedColumns;
  filter: VehicleFilter;
  compiled: CompiledFilter;
  layout: Layout;
  wanted: Set<SiteDetailPart>;
  /** The window met by the data: times `from..to`. */
  from: number;
  to: number;
  empty: boolean;
  binCount: number;
  dayCount: number;
  slots: number;
  directions: number[];
  classList: number[];
  heavy: Uint8Array;
  steps: ReturnType<typeof speedingSteps>;
  speedBinCount: number;
  speedValues: Float64Array;
  speedMeasure: CodedMeasure;
  headwayMeasure: CodedMeasure;
  gapMeasure: CodedMeasure;
  /**
   * The speed limit in force over the whole window (NaN when none is) if limits are wanted and
   * none takes effect within the window: the scan then counts the speeding vehicles from the
   * selected speed codes rather than one by one. Null otherwise.
   */
  fixedLimit: number | null;
}

/** What one part of a scan counted (a time range of the window, or the whole of it). */
export type PartialScan = Accumulators & {
  /** 85th percentile speed of each bin and direction counted in this part (NaN elsewhere). */
  slot85th: Float64Array;
};

/**
 * The plan of a site-detail scan; null when the site's measures could not be coded exactly
 * (the caller then uses the sorting path).
 */
export function planSiteDetailScan(
  prepared: PreparedColumns,
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
): ScanPlan | null {
  const { speed: speedMeasure, headway: headwayMeasure, gap: gapMeasure } = prepared;
  if (!speedMeasure || !headwayMeasure || !gapMeasure) return null;
  const wanted = new Set<SiteDetailPart>(options.parts ?? SITE_DETAIL_PARTS);
  const compiled = compileFilter(filter, clock);
  const local = compiled.local;
  const from = Math.max(filter.startMs, prepared.minTimeMs);
  const to = Math.min(filter.endMs, prepared.maxTimeMs + 1);
  const empty = !(from < to);

  const weekly = options.binMinutes >= 10_080;
  const widthMs = weekly ? 7 * DAY_MS : options.binMinutes * 60_000;
  const origin = empty ? 0 : binOrigin(local(from) - DAY_MS, widthMs, weekly);
  const countBins = wanted.has('bins');
  const binCount =
    empty || !countBins ? 0 : Math.floor((local(to) + DAY_MS - origin) / widthMs) + 1;
  const originDay = empty ? 0 : Math.floor(local(from) / DAY_MS) - 1;
  const dayCount = empty ? 0 : Math.floor(local(to) / DAY_MS) + 2 - originDay;

  const directions = [...new Set(filter.directions)]
    .filter((d) => d >= 0 && d < 256)
    .sort((a, b) => a - b);
  const directionSlot = new Int8Array(256).fill(-1);
  directions.forEach((direction, slot) => (directionSlot[direction] = slot));
  const directionCount = Math.max(directions.length, 1);
  const classList = [...new Set(filter.classes)]
    .filter((c) => c >= 0 && c < 256)
    .sort((a, b) => a - b);
  const classSlot = new Int16Array(256).fill(-1);
  classList.forEach((classIndex, slot) => (classSlot[classIndex] = slot));
  const classCount = Math.max(classList.length, 1);
  const heavy = new Uint8Array(256);
  for (const classIndex of options.heavyClasses)
    if (classIndex >= 0 && classIndex < 256) heavy[classIndex] = 1;

  const limits = [...options.speedLimits].sort((a, b) => a.effectiveFromMs - b.effectiveFromMs);
  const limitsWanted = limits.length > 0 && (wanted.has('bins') || wanted.has('speeding'));
  // The limit in force over the whole window (NaN: none), when none takes effect within it.
  let fixedLimit: number | null = null;
  if (
    limitsWanted &&
    !limits.some((entry) => entry.effectiveFromMs > from && entry.effectiveFromMs < to)
  ) {
    fixedLimit = Number.NaN;
    for (const entry of limits) if (entry.effectiveFromMs <= from) fixedLimit = entry.limitMps;
  }
  const steps = speedingSteps(options.units);
  const speedBinMps = steps.binMps;
  const countSpeedByClass = wanted.has('speedByClass');
  const speedBinCount = countSpeedByClass
    ? Math.floor(Math.min(prepared.maxSpeedMps, filter.speedMaxMps) / speedBinMps) + 1
    : 0;
  // Selected speeds lie within the filter's range, so only those codes are counted (a margin of
  // one code either side of the rounding).
  const speedCodeLow = Math.max(0, Math.floor(filter.speedMinMps * speedMeasure.scale) - 1);
  const speedCodeHigh = Math.min(
    CODE_OVERFLOW,
    Math.ceil(Math.min(filter.speedMaxMps, prepared.maxSpeedMps) * speedMeasure.scale) + 2,
  );
  const speedCodeCount = Math.max(1, speedCodeHigh - speedCodeLow);
  const speedValues = speedMeasure.values.subarray(speedCodeLow, speedCodeLow + speedCodeCount);
  // The speed range as codes: codes rise with the values they stand for.
  let speedCodeMin = speedCodeLow;
  while (
    speedCodeMin < speedCodeHigh &&
    !((speedMeasure.values[speedCodeMin] as number) >= filter.speedMinMps)
  )
    speedCodeMin += 1;
  let speedCodeMax = speedCodeHigh - 1;
  while (
    speedCodeMax >= speedCodeMin &&
    !((speedMeasure.values[speedCodeMax] as number) <= filter.speedMaxMps)
  )
    speedCodeMax -= 1;
  if (speedCodeMax < speedCodeMin) speedCodeMin = CODE_MISSING;
  // The separation as the least code that passes; overflow and missing headways pass it too,
  // unless it lies beyond the coded headways (then overflow headways are compared by value).
  const minHeadwayS = filter.minHeadwayS;
  const headwayByValue = minHeadwayS > headwayMeasure.maxCoded;
  let headwayCodeMin = 0;
  if (minHeadwayS > 0) {
    headwayCodeMin = headwayByValue
      ? CODE_OVERFLOW
      : Math.max(0, Math.floor(minHeadwayS * headwayMeasure.scale) - 1);
    while (
      headwayCodeMin < CODE_OVERFLOW &&
      !((headwayMeasure.values[headwayCodeMin] as number) >= minHeadwayS)
    )
      headwayCodeMin += 1;
  }
  const countMatrix = wanted.has('headwayGapMatrix');
  const countHeadway = countMatrix || wanted.has('headwayPercentiles');
  const countGap = countMatrix || wanted.has('gapPercentiles');
  const countAvailability = wanted.has('availability');

  const slots = binCount * directionCount;
  const layout: Layout = {
    origin,
    widthMs,
    originDay,
    directionCount,
    classCount,
    directionSlot,
    classSlot,
    limits,
    firstStepMps: steps.first,
    secondStepMps: steps.second,
    speedBinMps,
    // Worked out only when the matrix is wanted (a part scanned in another thread repeats it).
    headwayBins: countMatrix ? matrixBinsOf(headwayMeasure) : NO_MATRIX_BINS,
    gapBins: countMatrix ? matrixBinsOf(gapMeasure) : NO_MATRIX_BINS,
    speedCodeLow,
    speedCodeCount,
    speedCodeMin,
    speedCodeMax,
    headwayCodeMin,
    headwayByValue,
    allSpeedValues: speedMeasure.values,
    countBins,
    // Counted vehicle by vehicle only when the limit changes within the window; else read off
    // the speed histogram when the scan is finished (see `finishSiteDetail`).
    countLimits: limitsWanted && fixedLimit === null,
    countSpeedByClass,
    countHeadway,
    countGap,
    countMatrix,
    countAvailability,
  };

  return {
    prepared,
    filter,
    compiled,
    layout,
    wanted,
    from,
    to,
    empty,
    binCount,
    dayCount,
    slots,
    directions,
    classList,
    heavy,
    steps,
    speedBinCount,
    speedValues,
    speedMeasure,
    headwayMeasure,
    gapMeasure,
    fixedLimit,
  };
}

/**
 * The rows of times `from..to` to scan: in each stretch of ascending times, those found by
 * binary search; a batch in too little order whole (its times then checked row by row).
 */
function rowRanges(prepared: PreparedColumns, from: number, to: number) {
  const ranges: { batchIndex: number; start: number; end: number; checkTime: boolean }[] = [];
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

/**
 * Scans the vehicles of times `startMs..endMs` (within the plan's window) and works out the
 * 85th percentile of each bin met. Parts on either side of a bin boundary add up to the whole
 * scan (see `mergePartialScans`).
 */
export function scanPart(plan: ScanPlan, startMs: number, endMs: number): PartialScan {
  const pieces = [0];
  return scanClaimedParts(plan, [startMs, endMs], () => pieces.shift() ?? -1);
}

/**
 * Scans, as one part, the pieces of the window `claim` hands out one after another: piece `i`
 * is the times `bounds[i]..bounds[i + 1]`, and -1 means none is left. Threads that share a
 * window claim its pieces from one counter, so that one that is slowed down scans fewer of
 * them; pieces cut at bin starts (see `splitTimes`) keep every bin in one part.
 */
export function scanClaimedParts(
  plan: ScanPlan,
  bounds: readonly number[],
  claim: () => number,
): PartialScan {
  const { prepared, layout, compiled, slots, dayCount, speedValues } = plan;
  const { classCount, speedCodeCount, directionCount, countHeadway, countGap } = layout;
  const { countAvailability, countBins } = layout;
  const slotVehicles = new Int32Array(slots);
  const slotSpeedSum = new Float64Array(slots);
  const slotLimited = new Int32Array(slots);
  const slotSpeeding = new Int32Array(slots);
  const classHistogram = new Int32Array(classCount * speedCodeCount);
  const headwayHistogram = new Int32Array(countHeadway ? CODES : 0);
  const gapHistogram = new Int32Array(countGap ? CODES : 0);
  const headwayOverflow = valueList();
  const gapOverflow = valueList();
  const matrixSize = MATRIX_EDGES_S.length;
  const matrix = new Int32Array(matrixSize * matrixSize);
  const dayHours = new Int32Array(dayCount * directionCount * 24);
  const availability = new Int32Array(
    countAvailability ? dayCount * directionCount * LANE_SLOTS : 0,
  );
  const otherLanes = new Map<string, number>();
  const acc: PartialScan = {
    slotVehicles,
    slotSpeedSum,
    slotLimited,
    slotSpeeding,
    classHistogram,
    headwayHistogram,
    gapHistogram,
    headwayOverflow,
    gapOverflow,
    matrix,
    dayHours,
    availability,
    otherLanes,
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

  if (plan.empty) return acc;
  // The one-loop scan where the filter allows it (see `scanBatchInOneLoop`).
  const { filter, lanes } = compiled;
  const general =
    lanes.size > 0 ||
    (filter.vehicleExclusions ?? []).length > 0 ||
    (filter.timeExclusions ?? []).length > 0 ||
    layout.countLimits;
  const scanRows = general ? scanBatch : scanBatchInOneLoop;
  for (let piece = claim(); piece >= 0; piece = claim()) {
    const from = Math.max(plan.from, bounds[piece] as number);
    const to = Math.min(plan.to, bounds[piece + 1] as number);
    if (!(from < to)) continue;
    const ranges = rowRanges(prepared, from, to);
    if (countBins)
      ensureScratch(
        acc.vehicles + ranges.reduce((rows, range) => rows + range.end - range.start, 0),
        acc.vehicles,
      );
    for (const { batchIndex, start, end, checkTime } of ranges)
      scanRows(
        acc,
        layout,
        compiled,
        prepared.batches[batchIndex] as ScanColumns,
        start,
        end,
        plan.speedMeasure.codes[batchIndex] as Uint16Array,
        plan.headwayMeasure.codes[batchIndex] as Uint16Array,
        plan.gapMeasure.codes[batchIndex] as Uint16Array,
        from,
        to,
        checkTime,
      );
  }

  const limit = plan.fixedLimit;
  const speedingBySlot =
    limit !== null && limit === limit
      ? { leastCode: leastCodeAbove(speedValues, limit), out: acc.slotSpeeding }
      : null;
  // Vehicles, speed sums and 85th percentile per bin and direction.
  if (acc.vehicles > 0 && countBins)
    slotFigures(acc.vehicles, scratchSlots, scratchCodes, speedValues, acc, speedingBySlot);
  return acc;
}

/**
 * The speed distribution by class, from the class histograms: each code stands for one speed,
 * so its vehicles all fall in that speed's bin.
 */
function speedByClassOf(plan: ScanPlan, classHistogram: Int32Array): Int32Array {
  const { speedValues, speedBinCount, layout } = plan;
  const { classCount, speedCodeCount, speedBinMps } = layout;
  const speedByClass = new Int32Array(speedBinCount * classCount);
  for (let code = 0; code < speedCodeCount; code += 1) {
    const speedBin = Math.floor((speedValues[code] as number) / speedBinMps);
    if (!(speedBin >= 0 && speedBin < speedBinCount)) continue;
    for (let slot = 0; slot < classCount; slot += 1) {
      const cell = speedBin * classCount + slot;
      speedByClass[cell] =
        (speedByClass[cell] as number) + (classHistogram[slot * speedCodeCount + code] as number);
    }
  }
  return speedByClass;
}

/** The least code (relative to the counted ones) whose speed is above `speedMps`. */
function leastCodeAbove(speedValues: Float64Array, speedMps: number): number {
  let code = 0;
  while (code < speedValues.length && !((speedValues[code] as number) > speedMps)) code += 1;
  return code;
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

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * Local bin starts as ISO text without an offset (2025-06-02T08:15:00): the date's part is
 * worked out once per day, as a long window has thousands of bins.
 */
function binStartTexts(localStarts: number[]): string[] {
  let day = Number.NaN;
  let dayText = '';
  return localStarts.map((localMs) => {
    const startDay = Math.floor(localMs / DAY_MS);
    if (startDay !== day) {
      day = startDay;
      dayText = new Date(startDay * DAY_MS).toISOString().slice(0, 11);
    }
    const minutes = Math.floor((localMs - startDay * DAY_MS) / 60_000);
    return `${dayText}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:00`;
  });
}

/** The bins with vehicles, as columns: each direction met gets one figure per bin. */
function timeBinsOf(plan: ScanPlan, scan: PartialScan, underOneLimit: boolean): TimeBins {
  const { binCount, directions, layout } = plan;
  const { origin, widthMs, directionCount } = layout;
  const { slotVehicles, slotSpeedSum, slotLimited, slotSpeeding, slot85th } = scan;
  const withData: number[] = [];
  const directionMet = new Uint8Array(directionCount);
  for (let bin = 0; bin < binCount; bin += 1) {
    let any = false;
    for (let slotIndex = 0; slotIndex < directionCount; slotIndex += 1)
      if ((slotVehicles[bin * directionCount + slotIndex] as number) > 0) {
        any = true;
        directionMet[slotIndex] = 1;
      }
    if (any) withData.push(bin);
  }
  const byDirection: TimeBins['directions'] = {};
  for (let slotIndex = 0; slotIndex < directionCount; slotIndex += 1) {
    if (directionMet[slotIndex] === 0) continue;
    const columns = directionColumns(withData.length);
    withData.forEach((bin, at) => {
      const slot = bin * directionCount + slotIndex;
      const count = slotVehicles[slot] as number;
      if (count === 0) return;
      const limitedCount = underOneLimit ? count : (slotLimited[slot] as number);
      columns.vehicles[at] = count;
      columns.averageSpeedMps[at] = (slotSpeedSum[slot] as number) / count;
      columns.speed85thMps[at] = slot85th[slot] as number;
      columns.speedingPercent[at] =
        limitedCount === 0 ? null : share(slotSpeeding[slot] as number, limitedCount);
    });
    byDirection[directions[slotIndex] as number] = columns;
  }
  return {
    starts: binStartTexts(withData.map((bin) => origin + bin * widthMs)),
    directions: byDirection,
  };
}

/**
 * The site-detail answer from the (merged) counts of a scan: exact percentiles read off code
 * histograms; only the parts in the plan's options are worked out.
 */
export function finishSiteDetail(plan: ScanPlan, scan: PartialScan): SiteDetail {
  const { layout, wanted, dayCount, directions, classList, heavy, steps } = plan;
  const { speedBinCount, speedValues, headwayMeasure, gapMeasure } = plan;
  const { originDay, directionCount, classCount, speedCodeCount } = layout;
  const { speedBinMps, countAvailability } = layout;
  const { classHistogram, headwayHistogram, gapHistogram, matrix } = scan;
  const { dayHours, availability, otherLanes, headwayOverflow, gapOverflow } = scan;
  const { vehicles, headwayCount, gapCount, firstDay, lastDay } = scan;
  const matrixSize = MATRIX_EDGES_S.length;
  const classVehicles = new Int32Array(classCount);
  const classSpeedSum = new Float64Array(classCount);

  // Vehicles and speed sums per class, heavy vehicles and the speed histogram, from the class
  // histograms: each code stands for one value, so a sum is its count times the value, added
  // in code order (the same figure however the vehicles were met).
  const speedHistogram = new Int32Array(speedCodeCount);
  let heavyVehicles = 0;
  for (let slot = 0; slot < classCount; slot += 1) {
    let count = 0;
    let sum = 0;
    for (let code = 0; code < speedCodeCount; code += 1) {
      const codeCount = classHistogram[slot * speedCodeCount + code] as number;
      if (codeCount === 0) continue;
      speedHistogram[code] = (speedHistogram[code] as number) + codeCount;
      count += codeCount;
      sum += codeCount * (speedValues[code] as number);
    }
    classVehicles[slot] = count;
    classSpeedSum[slot] = sum;
    if (heavy[classList[slot] ?? -1] === 1) heavyVehicles += count;
  }
  // Under one limit throughout, every vehicle is under it, and those above it (and above it
  // plus the steps) are read off the speed histogram: a code stands for one speed.
  const fixedLimit = plan.fixedLimit;
  const underOneLimit = fixedLimit !== null && fixedLimit === fixedLimit;
  const aboveOf = (speedMps: number) => {
    let count = 0;
    for (let code = leastCodeAbove(speedValues, speedMps); code < speedCodeCount; code += 1)
      count += speedHistogram[code] as number;
    return count;
  };
  const limited = underOneLimit ? vehicles : scan.limited;
  const above = underOneLimit ? aboveOf(fixedLimit) : scan.above;
  const aboveFirst = underOneLimit ? aboveOf(fixedLimit + layout.firstStepMps) : scan.aboveFirst;
  const aboveSecond = underOneLimit ? aboveOf(fixedLimit + layout.secondStepMps) : scan.aboveSecond;
  let speedSum = 0;
  for (let code = 0; code < speedCodeCount; code += 1) {
    const codeCount = speedHistogram[code] as number;
    if (codeCount > 0) speedSum += codeCount * (speedValues[code] as number);
  }

  const noOverflow = new Float64Array(0);
  const speed85 =
    vehicles === 0
      ? null
      : (histogramPercentiles(
          speedHistogram,
          0,
          vehicles,
          speedCodeCount,
          speedValues,
          noOverflow,
          [85],
        )[0] as number);

  const dayTotals = (day: number) => {
    const index = day - originDay;
    if (index < 0 || index >= dayCount) return undefined;
    const hours = new Float64Array(24);
    for (let slot = 0; slot < directionCount; slot += 1)
      for (let hour = 0; hour < 24; hour += 1)
        hours[hour] =
          (hours[hour] as number) +
          (dayHours[(index * directionCount + slot) * 24 + hour] as number);
    return hours;
  };
  const wholeDays: number[] = [];
  for (let day = firstDay + 1; day < lastDay; day += 1) wholeDays.push(day);
  const hoursByDay = new Map(wholeDays.map((day) => [day, dayTotals(day)]));
  const summary = summaryFromCounts({
    vehicles,
    heavy: heavyVehicles,
    wholeDays,
    volumeOf: (day) => {
      const hours = hoursByDay.get(day);
      let total = 0;
      if (hours) for (const count of hours) total += count;
      return total;
    },
    hoursOf: (day) => hoursByDay.get(day),
    averageSpeedMps: vehicles === 0 ? null : speedSum / vehicles,
    speed85thMps: speed85,
  });

  const bins = timeBinsOf(plan, scan, underOneLimit);

  const classes: ClassMetrics[] = [];
  if (wanted.has('classes'))
    classList.forEach((classIndex, slot) => {
      const count = classVehicles[slot] as number;
      if (count === 0) return;
      classes.push({
        classIndex,
        vehicles: count,
        sharePercent: share(count, vehicles),
        averageSpeedMps: (classSpeedSum[slot] as number) / count,
        speed85thMps: histogramPercentiles(
          classHistogram,
          slot * speedCodeCount,
          count,
          speedCodeCount,
          speedValues,
          noOverflow,
          [85],
        )[0] as number,
      });
    });

  const speedByClass = speedByClassOf(plan, classHistogram);
  const speedBins: SiteDetail['speedByClass']['bins'] = [];
  for (let speedBin = 0; speedBin < speedBinCount; speedBin += 1) {
    let counts: Record<number, number> | undefined;
    classList.forEach((classIndex, slot) => {
      const count = speedByClass[speedBin * classCount + slot] as number;
      if (count > 0) (counts ??= {})[classIndex] = count;
    });
    if (counts) speedBins.push({ fromMps: speedBin * speedBinMps, counts });
  }

  const percentilesOf = (
    histogram: Int32Array,
    count: number,
    measure: CodedMeasure,
    overflow: ValueList,
  ) => {
    if (count === 0) return null;
    const values = histogramPercentiles(
      histogram,
      0,
      count,
      CODE_OVERFLOW,
      measure.values,
      valuesOf(overflow).slice().sort(),
      PERCENTILES,
    );
    return Object.fromEntries(
      PERCENTILES.map((percent, index) => [percent, values[index] as number]),
    );
  };

  const presentDirections = directions.filter((_direction, slotIndex) => {
    for (let day = 0; day < dayCount; day += 1)
      for (let hour = 0; hour < 24; hour += 1)
        if ((dayHours[(day * directionCount + slotIndex) * 24 + hour] as number) > 0) return true;
    return false;
  });
  const { virtualDay, virtualWeek } = assembleVirtualProfiles(
    presentDirections.map((directionValue) => {
      const slotIndex = directions.indexOf(directionValue);
      return [
        directionValue,
        (day: number) => {
          const index = day - originDay;
          if (index < 0 || index >= dayCount) return undefined;
          return dayHours.subarray(
            (index * directionCount + slotIndex) * 24,
            (index * directionCount + slotIndex + 1) * 24,
          );
        },
      ];
    }),
    wholeDays,
  );

  const availabilityRows: SiteDetail['availability'] = [];
  if (countAvailability)
    for (let day = 0; day < dayCount; day += 1)
      directions.forEach((directionValue, slotIndex) => {
        for (let laneSlot = 0; laneSlot < LANE_SLOTS; laneSlot += 1) {
          const count = availability[
            (day * directionCount + slotIndex) * LANE_SLOTS + laneSlot
          ] as number;
          if (count > 0)
            availabilityRows.push({
              day: new Date((originDay + day) * DAY_MS).toISOString().slice(0, 10),
              direction: directionValue,
              lane: laneSlot - 1,
              vehicles: count,
            });
        }
      });
  for (const [key, count] of otherLanes) {
    const [day = '0', directionValue = '0', laneValue = '0'] = key.split('|');
    availabilityRows.push({
      day: new Date(Number(day) * DAY_MS).toISOString().slice(0, 10),
      direction: Number(directionValue),
      lane: Number(laneValue),
      vehicles: count,
    });
  }
  availabilityRows.sort(
    (a, b) => a.day.localeCompare(b.day) || a.direction - b.direction || a.lane - b.lane,
  );

  return {
    summary,
    bins,
    classes,
    speedByClass: { binWidthMps: speedBinMps, bins: speedBins },
    headwayPercentiles: wanted.has('headwayPercentiles')
      ? percentilesOf(headwayHistogram, headwayCount, headwayMeasure, headwayOverflow)
      : null,
    gapPercentiles: wanted.has('gapPercentiles')
      ? percentilesOf(gapHistogram, gapCount, gapMeasure, gapOverflow)
      : null,
    headwayGapMatrix: {
      edgesS: MATRIX_EDGES_S,
      counts: MATRIX_EDGES_S.map((_edge, row) =>
        Array.from(matrix.subarray(row * matrixSize, (row + 1) * matrixSize)),
      ),
    },
    speeding:
      limited === 0 || !wanted.has('speeding')
        ? null
        : {
            vehicles: limited,
            stepsMps: [steps.first, steps.second],
            aboveLimit: { vehicles: above, sharePercent: share(above, limited) },
            aboveFirstStep: { vehicles: aboveFirst, sharePercent: share(aboveFirst, limited) },
            aboveSecondStep: { vehicles: aboveSecond, sharePercent: share(aboveSecond, limited) },
          },
    virtualDay,
    virtualWeek,
    availability: availabilityRows,
  };
}

/**
 * The site-detail answer from one scan of the selected vehicles into flat counters, with exact
 * percentiles read off code histograms (per bin by selection, or a counting sort when the bins
 * did not come in order). Null when the site's measures could not be coded exactly; the caller
 * then uses the sorting path. Only the parts in `options.parts` are worked out.
 */
export function scanSiteDetail(
  prepared: PreparedColumns,
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
): SiteDetail | null {
  const plan = planSiteDetailScan(prepared, filter, clock, options);
  if (!plan) return null;
  return finishSiteDetail(plan, scanPart(plan, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY));
}
