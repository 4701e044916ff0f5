import {
  compileFilter,
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
  speedingSteps,
  type SiteDetailOptions,
  type SiteDetailPart,
  type SpeedLimit,
} from './siteDetailShape.ts';

const DAY_MS = 86_400_000;
/** Codes of a coded measure (see `preparedColumns.ts`). */
export const CODES = 65_536;
/** Lanes -1 to 62 counted in the availability's cells; others are counted by key. */
export const LANE_SLOTS = 64;

/** Where each vehicle is counted: bins, days, direction and class slots, limits. */
export interface ScanLayout {
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
  layout: ScanLayout;
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
  const layout: ScanLayout = {
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

/** The local start of the bin that holds `localMs` (weeks start on Monday). */
function binOrigin(localMs: number, widthMs: number, weekly: boolean): number {
  if (weekly) {
    const day = Math.floor(localMs / DAY_MS);
    return (day - ((day + 3) % 7)) * DAY_MS;
  }
  return Math.floor(localMs / widthMs) * widthMs;
}

/** The least code (relative to the counted ones) whose speed is above `speedMps`. */
export function leastCodeAbove(speedValues: Float64Array, speedMps: number): number {
  let code = 0;
  while (code < speedValues.length && !((speedValues[code] as number) > speedMps)) code += 1;
  return code;
}
