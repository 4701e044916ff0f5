import { PERCENTILES } from '@roadcount/domain';
import {
  compileFilter,
  lowerBound,
  selectRows,
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
  assembleVirtualProfiles,
  share,
  speedingSteps,
  type ClassMetrics,
  type SiteDetail,
  type SiteDetailOptions,
  type SpeedLimit,
  type TimeBin,
} from './siteDetailShape.ts';
import { summaryFromCounts } from './summaryStatistics.ts';
import type { VehicleColumns } from './vehicleColumns.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CODES = 65_536;
const LANE_SLOTS = 64;

/** Scratch buffers reused between scans (a scan runs to completion without yielding). */
let scratchRows = new Int32Array(0);
let scratchLocals = new Float64Array(0);
let scratchSlots = new Int32Array(0);
let scratchCodes = new Uint16Array(0);

function ensureScratch(batchRows: number, selected: number): void {
  if (scratchRows.length < batchRows) {
    scratchRows = new Int32Array(batchRows);
    scratchLocals = new Float64Array(batchRows);
  }
  if (scratchSlots.length < selected) {
    const size = Math.max(selected, scratchSlots.length * 2);
    const slots = new Int32Array(size);
    slots.set(scratchSlots);
    const codes = new Uint16Array(size);
    codes.set(scratchCodes);
    scratchSlots = slots;
    scratchCodes = codes;
  }
}

/**
 * Values at ascending 0-based positions of the sorted selection, read off a code histogram:
 * positions past the coded values fall in the sorted overflow values.
 */
function valuesAtPositions(
  histogram: Uint32Array,
  offset: number,
  values: Float64Array,
  overflow: Float64Array,
  positions: number[],
): number[] {
  const out: number[] = [];
  let cumulative = 0;
  let code = 0;
  for (const position of positions) {
    while (code < CODE_OVERFLOW && cumulative + (histogram[offset + code] as number) <= position) {
      cumulative += histogram[offset + code] as number;
      code += 1;
    }
    out.push(
      code < CODE_OVERFLOW ? (values[code] as number) : (overflow[position - cumulative] as number),
    );
  }
  return out;
}

/** PERCENTILE.INC (ARCHITECTURE.md) of the counted values, for several percents at once. */
function histogramPercentiles(
  histogram: Uint32Array,
  offset: number,
  count: number,
  measure: CodedMeasure,
  overflow: Float64Array,
  percents: readonly number[],
): number[] {
  const ranks = percents.map((percent) => (percent / 100) * (count - 1));
  const positions = [
    ...new Set(
      ranks.flatMap((rank) => [Math.floor(rank), Math.min(Math.floor(rank) + 1, count - 1)]),
    ),
  ].sort((a, b) => a - b);
  const found = valuesAtPositions(histogram, offset, measure.values, overflow, positions);
  const valueAt = (position: number) => found[positions.indexOf(position)] as number;
  return ranks.map((rank) => {
    const lower = Math.floor(rank);
    const lowerValue = valueAt(lower);
    if (lower === count - 1) return lowerValue;
    return lowerValue + (rank - lower) * (valueAt(lower + 1) - lowerValue);
  });
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

/** What a scan counts into. */
interface Accumulators {
  slotVehicles: Uint32Array;
  slotSpeedSum: Float64Array;
  slotLimited: Uint32Array;
  slotSpeeding: Uint32Array;
  classVehicles: Uint32Array;
  classSpeedSum: Float64Array;
  classHistogram: Uint32Array;
  speedHistogram: Uint32Array;
  speedByClass: Uint32Array;
  headwayHistogram: Uint32Array;
  gapHistogram: Uint32Array;
  headwayOverflow: number[];
  gapOverflow: number[];
  matrix: Uint32Array;
  dayHours: Uint32Array;
  availability: Uint32Array;
  otherLanes: Map<string, number>;
  vehicles: number;
  heavyVehicles: number;
  speedSum: number;
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
  heavy: Uint8Array;
  limits: SpeedLimit[];
  firstStepMps: number;
  secondStepMps: number;
  speedBinMps: number;
  headwayBins: Int8Array;
  gapBins: Int8Array;
}

/**
 * Counts the selected vehicles of one batch (indexes and local times in the scratch buffers).
 * The hot loop: plain locals, typed arrays, no allocation.
 */
function accumulate(
  acc: Accumulators,
  layout: Layout,
  batch: VehicleColumns,
  selected: number,
  speedCodes: Uint16Array,
  headwayCodes: Uint16Array,
  gapCodes: Uint16Array,
): void {
  const { timeMs, speedMps, classIndex, direction, lane, headwayS, gapS } = batch;
  const {
    slotVehicles,
    slotSpeedSum,
    slotLimited,
    slotSpeeding,
    classVehicles,
    classSpeedSum,
    classHistogram,
    speedHistogram,
    speedByClass,
    headwayHistogram,
    gapHistogram,
    matrix,
    dayHours,
    availability,
  } = acc;
  const { origin, widthMs, originDay, directionCount, classCount, directionSlot, classSlot } =
    layout;
  const { heavy, limits, firstStepMps, secondStepMps, speedBinMps, headwayBins, gapBins } = layout;
  const rows = scratchRows;
  const locals = scratchLocals;
  const codesOut = scratchCodes;
  const slotsOut = scratchSlots;
  const matrixSize = MATRIX_EDGES_S.length;
  let vehicles = acc.vehicles;
  let heavyVehicles = acc.heavyVehicles;
  let speedSum = acc.speedSum;
  let headwayCount = acc.headwayCount;
  let gapCount = acc.gapCount;
  let firstDay = acc.firstDay;
  let lastDay = acc.lastDay;
  let limited = acc.limited;
  let above = acc.above;
  let aboveFirst = acc.aboveFirst;
  let aboveSecond = acc.aboveSecond;
  let limit = Number.NaN;
  let limitFrom = Number.POSITIVE_INFINITY;
  let limitTo = Number.NEGATIVE_INFINITY;
  for (let at = 0; at < selected; at += 1) {
    const row = rows[at] as number;
    const localMs = locals[at] as number;
    const time = timeMs[row] as number;
    const speed = speedMps[row] as number;
    const vehicleClass = classIndex[row] as number;
    const directionAt = directionSlot[direction[row] as number] as number;
    const classAt = classSlot[vehicleClass] as number;
    const speedCode = speedCodes[row] as number;

    const slot = Math.floor((localMs - origin) / widthMs) * directionCount + directionAt;
    slotVehicles[slot] = (slotVehicles[slot] as number) + 1;
    slotSpeedSum[slot] = (slotSpeedSum[slot] as number) + speed;
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
    if (limit === limit) {
      slotLimited[slot] = (slotLimited[slot] as number) + 1;
      limited += 1;
      if (speed > limit) {
        slotSpeeding[slot] = (slotSpeeding[slot] as number) + 1;
        above += 1;
      }
      if (speed > limit + firstStepMps) aboveFirst += 1;
      if (speed > limit + secondStepMps) aboveSecond += 1;
    }

    classVehicles[classAt] = (classVehicles[classAt] as number) + 1;
    classSpeedSum[classAt] = (classSpeedSum[classAt] as number) + speed;
    const classCode = classAt * CODES + speedCode;
    classHistogram[classCode] = (classHistogram[classCode] as number) + 1;
    speedHistogram[speedCode] = (speedHistogram[speedCode] as number) + 1;
    speedSum += speed;
    const speedBin = Math.floor(speed / speedBinMps) * classCount + classAt;
    speedByClass[speedBin] = (speedByClass[speedBin] as number) + 1;
    heavyVehicles += heavy[vehicleClass] as number;

    const headwayCode = headwayCodes[row] as number;
    const gapCode = gapCodes[row] as number;
    if (headwayCode !== CODE_MISSING) {
      headwayHistogram[headwayCode] = (headwayHistogram[headwayCode] as number) + 1;
      headwayCount += 1;
      if (headwayCode === CODE_OVERFLOW) acc.headwayOverflow.push(headwayS[row] as number);
    }
    if (gapCode !== CODE_MISSING) {
      gapHistogram[gapCode] = (gapHistogram[gapCode] as number) + 1;
      gapCount += 1;
      if (gapCode === CODE_OVERFLOW) acc.gapOverflow.push(gapS[row] as number);
      if (headwayCode !== CODE_MISSING) {
        const cell =
          (headwayBins[headwayCode] as number) * matrixSize + (gapBins[gapCode] as number);
        matrix[cell] = (matrix[cell] as number) + 1;
      }
    }

    const absoluteDay = Math.floor(localMs / DAY_MS);
    if (absoluteDay < firstDay) firstDay = absoluteDay;
    if (absoluteDay > lastDay) lastDay = absoluteDay;
    const dayDirection = (absoluteDay - originDay) * directionCount + directionAt;
    const hourCell = dayDirection * 24 + Math.floor((localMs - absoluteDay * DAY_MS) / HOUR_MS);
    dayHours[hourCell] = (dayHours[hourCell] as number) + 1;
    const laneSlot = (lane[row] as number) + 1;
    if (laneSlot >= 0 && laneSlot < LANE_SLOTS) {
      const laneCell = dayDirection * LANE_SLOTS + laneSlot;
      availability[laneCell] = (availability[laneCell] as number) + 1;
    } else {
      const key = `${absoluteDay}|${direction[row] as number}|${lane[row] as number}`;
      acc.otherLanes.set(key, (acc.otherLanes.get(key) ?? 0) + 1);
    }

    slotsOut[vehicles] = slot;
    codesOut[vehicles] = speedCode;
    vehicles += 1;
  }
  acc.vehicles = vehicles;
  acc.heavyVehicles = heavyVehicles;
  acc.speedSum = speedSum;
  acc.headwayCount = headwayCount;
  acc.gapCount = gapCount;
  acc.firstDay = firstDay;
  acc.lastDay = lastDay;
  acc.limited = limited;
  acc.above = above;
  acc.aboveFirst = aboveFirst;
  acc.aboveSecond = aboveSecond;
}

/**
 * The site-detail answer from one scan of the selected vehicles into flat counters, with exact
 * percentiles read off code histograms (per bin by a two-pass counting sort). Null when the
 * site's measures could not be coded exactly; the caller then uses the sorting path.
 */
export function scanSiteDetail(
  prepared: PreparedColumns,
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
): SiteDetail | null {
  const { speed: speedMeasure, headway: headwayMeasure, gap: gapMeasure } = prepared;
  if (!speedMeasure || !headwayMeasure || !gapMeasure) return null;
  const compiled = compileFilter(filter, clock);
  const local = compiled.local;
  const from = Math.max(filter.startMs, prepared.minTimeMs);
  const to = Math.min(filter.endMs, prepared.maxTimeMs + 1);
  const empty = !(from < to);

  const weekly = options.binMinutes >= 10_080;
  const widthMs = weekly ? 7 * DAY_MS : options.binMinutes * 60_000;
  const origin = empty ? 0 : binOrigin(local(from) - DAY_MS, widthMs, weekly);
  const binCount = empty ? 0 : Math.floor((local(to) + DAY_MS - origin) / widthMs) + 1;
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
  const steps = speedingSteps(options.units);
  const speedBinMps = steps.binMps;
  const speedBinCount =
    Math.floor(Math.min(prepared.maxSpeedMps, filter.speedMaxMps) / speedBinMps) + 1;

  const slots = binCount * directionCount;
  const slotVehicles = new Uint32Array(slots);
  const slotSpeedSum = new Float64Array(slots);
  const slotLimited = new Uint32Array(slots);
  const slotSpeeding = new Uint32Array(slots);
  const classVehicles = new Uint32Array(classCount);
  const classSpeedSum = new Float64Array(classCount);
  const classHistogram = new Uint32Array(classCount * CODES);
  const speedHistogram = new Uint32Array(CODES);
  const speedByClass = new Uint32Array(speedBinCount * classCount);
  const headwayHistogram = new Uint32Array(CODES);
  const gapHistogram = new Uint32Array(CODES);
  const headwayOverflow: number[] = [];
  const gapOverflow: number[] = [];
  const headwayBins = matrixBinsOf(headwayMeasure);
  const gapBins = matrixBinsOf(gapMeasure);
  const matrixSize = MATRIX_EDGES_S.length;
  const matrix = new Uint32Array(matrixSize * matrixSize);
  const dayHours = new Uint32Array(dayCount * directionCount * 24);
  const availability = new Uint32Array(dayCount * directionCount * LANE_SLOTS);
  const otherLanes = new Map<string, number>();
  const acc: Accumulators = {
    slotVehicles,
    slotSpeedSum,
    slotLimited,
    slotSpeeding,
    classVehicles,
    classSpeedSum,
    classHistogram,
    speedHistogram,
    speedByClass,
    headwayHistogram,
    gapHistogram,
    headwayOverflow,
    gapOverflow,
    matrix,
    dayHours,
    availability,
    otherLanes,
    vehicles: 0,
    heavyVehicles: 0,
    speedSum: 0,
    headwayCount: 0,
    gapCount: 0,
    firstDay: Number.POSITIVE_INFINITY,
    lastDay: Number.NEGATIVE_INFINITY,
    limited: 0,
    above: 0,
    aboveFirst: 0,
    aboveSecond: 0,
  };
  const layout: Layout = {
    origin,
    widthMs,
    originDay,
    directionCount,
    classCount,
    directionSlot,
    classSlot,
    heavy,
    limits,
    firstStepMps: steps.first,
    secondStepMps: steps.second,
    speedBinMps,
    headwayBins,
    gapBins,
  };

  const totalRows = prepared.batches.reduce((sum, batch) => sum + batch.timeMs.length, 0);
  ensureScratch(
    prepared.batches.reduce((largest, batch) => Math.max(largest, batch.timeMs.length), 0),
    totalRows,
  );

  if (!empty)
    prepared.batches.forEach((batch, batchIndex) => {
      const sorted = prepared.timeSorted[batchIndex] === true;
      const start = sorted ? lowerBound(batch.timeMs, from) : 0;
      const end = sorted ? lowerBound(batch.timeMs, to, start) : batch.timeMs.length;
      const selected = selectRows(batch, compiled, start, end, scratchRows, scratchLocals);
      accumulate(
        acc,
        layout,
        batch,
        selected,
        speedMeasure.codes[batchIndex] as Uint16Array,
        headwayMeasure.codes[batchIndex] as Uint16Array,
        gapMeasure.codes[batchIndex] as Uint16Array,
      );
    });
  const {
    vehicles,
    heavyVehicles,
    speedSum,
    headwayCount,
    gapCount,
    firstDay,
    lastDay,
    limited,
    above,
    aboveFirst,
    aboveSecond,
  } = acc;

  // 85th percentile per bin and direction: a counting sort of the selection by speed code, then
  // a stable one by slot, leaves each slot's codes ascending.
  const slot85th = new Float64Array(slots).fill(Number.NaN);
  if (vehicles > 0) {
    const codeCursor = new Uint32Array(CODES);
    let running = 0;
    for (let code = 0; code < CODES; code += 1) {
      codeCursor[code] = running;
      running += speedHistogram[code] as number;
    }
    const byCode = new Int32Array(vehicles);
    for (let at = 0; at < vehicles; at += 1) {
      const code = scratchCodes[at] as number;
      byCode[codeCursor[code] as number] = scratchSlots[at] as number;
      codeCursor[code] = (codeCursor[code] as number) + 1;
    }
    const slotCursor = new Uint32Array(slots);
    running = 0;
    for (let slot = 0; slot < slots; slot += 1) {
      slotCursor[slot] = running;
      running += slotVehicles[slot] as number;
    }
    const slotStart = slotCursor.slice();
    const bySlot = new Uint16Array(vehicles);
    let position = 0;
    for (let code = 0; code < CODES; code += 1) {
      const end = position + (speedHistogram[code] as number);
      for (; position < end; position += 1) {
        const slot = byCode[position] as number;
        bySlot[slotCursor[slot] as number] = code;
        slotCursor[slot] = (slotCursor[slot] as number) + 1;
      }
    }
    const values = speedMeasure.values;
    for (let slot = 0; slot < slots; slot += 1) {
      const count = slotVehicles[slot] as number;
      if (count === 0) continue;
      const base = slotStart[slot] as number;
      const rank = 0.85 * (count - 1);
      const lower = Math.floor(rank);
      const lowerValue = values[bySlot[base + lower] as number] as number;
      slot85th[slot] =
        lower === count - 1
          ? lowerValue
          : lowerValue +
            (rank - lower) * ((values[bySlot[base + lower + 1] as number] as number) - lowerValue);
    }
  }

  const noOverflow = new Float64Array(0);
  const speed85 =
    vehicles === 0
      ? null
      : (histogramPercentiles(
          speedHistogram,
          0,
          vehicles,
          speedMeasure,
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

  const bins: TimeBin[] = [];
  for (let bin = 0; bin < binCount; bin += 1) {
    let directionsOfBin: TimeBin['directions'] | undefined;
    for (let slotIndex = 0; slotIndex < directionCount; slotIndex += 1) {
      const slot = bin * directionCount + slotIndex;
      const count = slotVehicles[slot] as number;
      if (count === 0) continue;
      directionsOfBin ??= {};
      const limitedCount = slotLimited[slot] as number;
      directionsOfBin[directions[slotIndex] as number] = {
        vehicles: count,
        averageSpeedMps: (slotSpeedSum[slot] as number) / count,
        speed85thMps: slot85th[slot] as number,
        speedingPercent:
          limitedCount === 0 ? null : share(slotSpeeding[slot] as number, limitedCount),
      };
    }
    if (directionsOfBin)
      bins.push({
        start: new Date(origin + bin * widthMs).toISOString().slice(0, 19),
        directions: directionsOfBin,
      });
  }

  const classes: ClassMetrics[] = [];
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
        slot * CODES,
        count,
        speedMeasure,
        noOverflow,
        [85],
      )[0] as number,
    });
  });

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
    histogram: Uint32Array,
    count: number,
    measure: CodedMeasure,
    overflow: number[],
  ) => {
    if (count === 0) return null;
    const values = histogramPercentiles(
      histogram,
      0,
      count,
      measure,
      Float64Array.from(overflow).sort(),
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
    headwayPercentiles: percentilesOf(
      headwayHistogram,
      headwayCount,
      headwayMeasure,
      headwayOverflow,
    ),
    gapPercentiles: percentilesOf(gapHistogram, gapCount, gapMeasure, gapOverflow),
    headwayGapMatrix: {
      edgesS: MATRIX_EDGES_S,
      counts: MATRIX_EDGES_S.map((_edge, row) =>
        Array.from(matrix.subarray(row * matrixSize, (row + 1) * matrixSize)),
      ),
    },
    speeding:
      limited === 0
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
