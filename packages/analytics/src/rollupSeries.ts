import type { DayRange } from '@roadcount/domain';
import { averageDailyVolumes } from './dailyVolume.ts';
import { DAY_COVERAGES, wholeDaysOf, type DayCoverage } from './dayCoverage.ts';
import { lowerBound } from './filters.ts';

/**
 * A site's daily rollups packed into columns, one object per site: what the map layers read.
 * Reading thousands of sites' daily rows from the database on every map call took seconds; this
 * packs them once when the rollups are refreshed and sums a date range from typed arrays.
 */
export interface RollupSeries {
  /** Local days with data as days since 1970-01-01, ascending, each once (directions summed). */
  dayNumbers: Int32Array;
  vehicles: Float64Array;
  speedSumMps: Float64Array;
  speedCount: Float64Array;
  /** 1 km/h speed bins a day: day d's bins start at d * bins. */
  bins: number;
  speedHistogram: Uint32Array;
  /** The class indexes counted, ascending; day d's counts start at d * classIndexes.length. */
  classIndexes: Int32Array;
  classCounts: Float64Array;
  /** How each day's data covers it, as an index into `DAY_COVERAGES` (`wholeDaysOf`). */
  coverage: Uint8Array;
}

/** One daily rollup row (per direction) as the database holds it. */
export interface DailyRollup {
  /** Local date `YYYY-MM-DD`. */
  day: string;
  vehicles: number;
  speedSumMps: number;
  speedCount: number;
  speedHistogram: readonly number[];
  classCounts: Readonly<Record<string, number>>;
  /** How the day's data covers it; vehicle records when not said. */
  coverage?: DayCoverage;
}

const DAY_MS = 86_400_000;
const RECORDS = DAY_COVERAGES.indexOf('records');
const WHOLE = DAY_COVERAGES.indexOf('whole');
const PARTIAL = DAY_COVERAGES.indexOf('partial');
const MAGIC = 0x32_53_43_52; // 'RCS2' little-endian
const HEADER_WORDS = 4;

export const dayNumberOf = (day: string): number =>
  Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayOfNumber = (dayNumber: number): string =>
  new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a day number: 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export const weekdayOfNumber = (dayNumber: number): number => ((((dayNumber + 3) % 7) + 7) % 7) + 1;

/** Packs daily rows (any order, one per day and direction) into a series, directions summed. */
export function rollupSeriesFromDays(rows: readonly DailyRollup[]): RollupSeries {
  const dayNumbers = [...new Set(rows.map((row) => dayNumberOf(row.day)))].sort((a, b) => a - b);
  const slotOf = new Map(dayNumbers.map((dayNumber, slot) => [dayNumber, slot]));
  const bins = rows.reduce((most, row) => Math.max(most, row.speedHistogram.length), 0);
  const classIndexes = [
    ...new Set(rows.flatMap((row) => Object.keys(row.classCounts).map(Number))),
  ].sort((a, b) => a - b);
  const classSlot = new Map(classIndexes.map((classIndex, slot) => [classIndex, slot]));
  const days = dayNumbers.length;
  const series: RollupSeries = {
    dayNumbers: Int32Array.from(dayNumbers),
    vehicles: new Float64Array(days),
    speedSumMps: new Float64Array(days),
    speedCount: new Float64Array(days),
    bins,
    speedHistogram: new Uint32Array(days * bins),
    classIndexes: Int32Array.from(classIndexes),
    classCounts: new Float64Array(days * classIndexes.length),
    coverage: new Uint8Array(days).fill(PARTIAL),
  };
  for (const row of rows) {
    const slot = slotOf.get(dayNumberOf(row.day)) as number;
    // Rows of one day share its coverage; should they differ, whole wins, then records.
    const coverage = DAY_COVERAGES.indexOf(row.coverage ?? 'records');
    if (coverage === WHOLE || (coverage === RECORDS && series.coverage[slot] === PARTIAL))
      series.coverage[slot] = coverage;
    series.vehicles[slot] = (series.vehicles[slot] as number) + row.vehicles;
    series.speedSumMps[slot] = (series.speedSumMps[slot] as number) + row.speedSumMps;
    series.speedCount[slot] = (series.speedCount[slot] as number) + row.speedCount;
    const histogramStart = slot * bins;
    row.speedHistogram.forEach((count, bin) => {
      series.speedHistogram[histogramStart + bin] =
        (series.speedHistogram[histogramStart + bin] as number) + count;
    });
    const classStart = slot * classIndexes.length;
    for (const [classIndex, count] of Object.entries(row.classCounts)) {
      const at = classStart + (classSlot.get(Number(classIndex)) as number);
      series.classCounts[at] = (series.classCounts[at] as number) + count;
    }
  }
  return series;
}

/** Bytes of the series in memory (the cache's measure). */
export const rollupSeriesBytes = (series: IndexedRollupSeries): number =>
  series.cumulative.byteLength +
  series.dayNumbers.byteLength +
  series.vehicles.byteLength * 3 +
  series.speedHistogram.byteLength +
  series.classIndexes.byteLength +
  series.classCounts.byteLength +
  series.coverage.byteLength;

/**
 * Little-endian words: magic, days, bins, classes; then the day numbers and class indexes
 * (int32), padding to 8 bytes, vehicles, speed sums, speed counts and class counts (float64),
 * the histogram (uint32), and each day's coverage (uint8).
 */
export function encodeRollupSeries(series: RollupSeries): Uint8Array {
  const days = series.dayNumbers.length;
  const classes = series.classIndexes.length;
  const intWords = HEADER_WORDS + days + classes;
  const floatStart = Math.ceil((intWords * 4) / 8) * 8;
  const floats = days * 3 + days * classes;
  const histogramStart = floatStart + floats * 8;
  const coverageStart = histogramStart + series.speedHistogram.byteLength;
  const buffer = new ArrayBuffer(coverageStart + days);
  const ints = new Int32Array(buffer, 0, intWords);
  ints.set([MAGIC, days, series.bins, classes]);
  ints.set(series.dayNumbers, HEADER_WORDS);
  ints.set(series.classIndexes, HEADER_WORDS + days);
  const floatView = new Float64Array(buffer, floatStart, floats);
  floatView.set(series.vehicles, 0);
  floatView.set(series.speedSumMps, days);
  floatView.set(series.speedCount, days * 2);
  floatView.set(series.classCounts, days * 3);
  new Uint32Array(buffer, histogramStart, series.speedHistogram.length).set(series.speedHistogram);
  new Uint8Array(buffer, coverageStart, days).set(series.coverage);
  return new Uint8Array(buffer);
}

/** Reads what `encodeRollupSeries` wrote; throws when the bytes are not such a series. */
export function decodeRollupSeries(bytes: Uint8Array): RollupSeries {
  // Typed views need aligned offsets: copy when the bytes sit at an odd place in their buffer.
  const own =
    bytes.byteOffset % 8 === 0
      ? bytes
      : new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const buffer = own.buffer;
  const base = own.byteOffset;
  if (own.byteLength < HEADER_WORDS * 4) throw new Error('The rollup series is truncated.');
  const [magic = 0, days = 0, bins = 0, classes = 0] = new Int32Array(buffer, base, HEADER_WORDS);
  if (magic !== MAGIC) throw new Error('The bytes are not a rollup series.');
  const intWords = HEADER_WORDS + days + classes;
  const floatStart = Math.ceil((intWords * 4) / 8) * 8;
  const floats = days * 3 + days * classes;
  const histogramStart = floatStart + floats * 8;
  const coverageStart = histogramStart + days * bins * 4;
  if (own.byteLength !== coverageStart + days) throw new Error('The rollup series is truncated.');
  const floatView = new Float64Array(buffer, base + floatStart, floats);
  return {
    dayNumbers: new Int32Array(buffer, base + HEADER_WORDS * 4, days),
    classIndexes: new Int32Array(buffer, base + (HEADER_WORDS + days) * 4, classes),
    vehicles: floatView.subarray(0, days),
    speedSumMps: floatView.subarray(days, days * 2),
    speedCount: floatView.subarray(days * 2, days * 3),
    classCounts: floatView.subarray(days * 3),
    bins,
    speedHistogram: new Uint32Array(buffer, base + histogramStart, days * bins),
    coverage: new Uint8Array(buffer, base + coverageStart, days),
  };
}

/** A speed limit from a local day on: vehicles in bins from `firstBinAbove` on are above it. */
export interface SeriesLimit {
  fromDayNumber: number;
  firstBinAbove: number;
}

export interface SeriesRange {
  firstDayNumber: number;
  lastDayNumber: number;
  /** The whole week, weekdays (Monday to Friday) or the weekend. */
  dayRange: DayRange;
  /** Ascending by `fromDayNumber`; days before the first have no limit. */
  limits: readonly SeriesLimit[];
}

export interface SeriesFigures {
  days: number;
  vehicles: number;
  speedSumMps: number;
  speedCount: number;
  /** Vehicles per 1 km/h bin over the range. */
  histogram: Float64Array;
  /** Vehicles measured on days with a limit in force, and those at or above it. */
  measuredAgainstLimit: number;
  aboveLimit: number;
  /** Vehicles per class index over the range. */
  classCounts: Map<number, number>;
}

/**
 * Running totals at each ISO week's start, weekdays and weekend apart, so that a range's whole
 * weeks cost two subtractions and only its partial weeks are summed day by day. A row holds
 * days, vehicles, speed sum, speed count, then the classes, then the speed bins.
 */
export interface IndexedRollupSeries extends RollupSeries {
  firstWeek: number;
  weeks: number;
  rowLength: number;
  /** Row (w * 2 + part) holds the totals of weeks before `firstWeek + w`; part 1 is the weekend. */
  cumulative: Float64Array;
  /** The last day with data (`YYYY-MM-DD`) and the years with data, ascending. */
  lastDay: string | null;
  years: number[];
}

const SCALARS = 4;
/** 1970-01-05, day number 4, was a Monday. */
const weekOf = (dayNumber: number) => Math.floor((dayNumber - 4) / 7);
const weekStart = (week: number) => week * 7 + 4;
const partOf = (dayNumber: number) => (weekdayOfNumber(dayNumber) >= 6 ? 1 : 0);

/** Adds a day's figures into a row of `target` at `at`. */
function addDay(series: RollupSeries, slot: number, target: Float64Array, at: number): void {
  const classes = series.classIndexes.length;
  target[at] = (target[at] as number) + 1;
  target[at + 1] = (target[at + 1] as number) + (series.vehicles[slot] as number);
  target[at + 2] = (target[at + 2] as number) + (series.speedSumMps[slot] as number);
  target[at + 3] = (target[at + 3] as number) + (series.speedCount[slot] as number);
  const classAt = at + SCALARS;
  const classStart = slot * classes;
  for (let index = 0; index < classes; index += 1)
    target[classAt + index] =
      (target[classAt + index] as number) + (series.classCounts[classStart + index] as number);
  const binAt = classAt + classes;
  const { bins, speedHistogram } = series;
  const histogramStart = slot * bins;
  for (let bin = 0; bin < bins; bin += 1)
    target[binAt + bin] =
      (target[binAt + bin] as number) + (speedHistogram[histogramStart + bin] as number);
}

/** Adds the running totals before `secondWeek` less those before `firstWeek`, for one part. */
function addWeeks(
  series: IndexedRollupSeries,
  firstWeek: number,
  secondWeek: number,
  part: number,
  target: Float64Array,
): void {
  const { cumulative, rowLength } = series;
  const high = ((secondWeek - series.firstWeek) * 2 + part) * rowLength;
  const low = ((firstWeek - series.firstWeek) * 2 + part) * rowLength;
  for (let index = 0; index < rowLength; index += 1)
    target[index] =
      (target[index] as number) +
      (cumulative[high + index] as number) -
      (cumulative[low + index] as number);
}

/** Works out the running weekly totals of a series (once, when it is loaded). */
export function indexRollupSeries(series: RollupSeries): IndexedRollupSeries {
  const rowLength = SCALARS + series.classIndexes.length + series.bins;
  const days = series.dayNumbers.length;
  const firstWeek = days > 0 ? weekOf(series.dayNumbers[0] as number) : 0;
  const weeks = days > 0 ? weekOf(series.dayNumbers[days - 1] as number) - firstWeek + 1 : 0;
  const cumulative = new Float64Array((weeks + 1) * 2 * rowLength);
  let slot = 0;
  for (let week = 0; week < weeks; week += 1) {
    const next = (week + 1) * 2 * rowLength;
    cumulative.copyWithin(next, week * 2 * rowLength, next);
    const end = weekStart(firstWeek + week + 1);
    for (; slot < days && (series.dayNumbers[slot] as number) < end; slot += 1) {
      const dayNumber = series.dayNumbers[slot] as number;
      addDay(series, slot, cumulative, next + partOf(dayNumber) * rowLength);
    }
  }
  const years = new Set(
    Array.from(series.dayNumbers, (day) => Number(dayOfNumber(day).slice(0, 4))),
  );
  return {
    ...series,
    firstWeek,
    weeks,
    rowLength,
    cumulative,
    lastDay: days > 0 ? dayOfNumber(series.dayNumbers[days - 1] as number) : null,
    years: [...years].sort((a, b) => a - b),
  };
}

/** Parts of the week: 0 weekdays, 1 weekend, 2 both. */
const PARTS: Record<DayRange, number> = { weekdays: 0, weekend: 1, wholeWeek: 2 };

/** Adds the days from `from` to `to` (both included) of the part asked into `target`. */
function addDays(
  series: RollupSeries,
  from: number,
  to: number,
  part: number,
  target: Float64Array,
): void {
  const { dayNumbers } = series;
  for (let slot = lowerBound(dayNumbers, from); slot < dayNumbers.length; slot += 1) {
    const dayNumber = dayNumbers[slot] as number;
    if (dayNumber > to) break;
    if (part === 2 || partOf(dayNumber) === part) addDay(series, slot, target, 0);
  }
}

/** Adds the range's days (first to last, both included) of the part asked into `target`. */
function addRange(
  series: IndexedRollupSeries,
  firstDayNumber: number,
  lastDayNumber: number,
  part: number,
  target: Float64Array,
): void {
  // Whole weeks inside the range and inside the series come from the running totals.
  const lowWeek = Math.max(weekOf(firstDayNumber + 6), series.firstWeek);
  const highWeek = Math.min(weekOf(lastDayNumber - 6) + 1, series.firstWeek + series.weeks);
  if (lowWeek >= highWeek) {
    addDays(series, firstDayNumber, lastDayNumber, part, target);
    return;
  }
  addDays(series, firstDayNumber, weekStart(lowWeek) - 1, part, target);
  if (part !== 1) addWeeks(series, lowWeek, highWeek, 0, target);
  if (part !== 0) addWeeks(series, lowWeek, highWeek, 1, target);
  addDays(series, weekStart(highWeek), lastDayNumber, part, target);
}

/**
 * Sums a series over the range's days. Whole weeks come from the running totals; each limit in
 * force over part of the range gets its own sum, so that vehicles are measured against the
 * limit of their day.
 */
export function seriesFigures(series: IndexedRollupSeries, range: SeriesRange): SeriesFigures {
  const binAt = SCALARS + series.classIndexes.length;
  const part = PARTS[range.dayRange];
  const total = new Float64Array(series.rowLength);
  let measuredAgainstLimit = 0;
  let aboveLimit = 0;
  const { limits } = range;
  // Before the first limit nothing is measured against one.
  const firstLimitDay = limits[0]?.fromDayNumber ?? Number.POSITIVE_INFINITY;
  if (range.firstDayNumber < firstLimitDay)
    addRange(
      series,
      range.firstDayNumber,
      Math.min(firstLimitDay - 1, range.lastDayNumber),
      part,
      total,
    );
  if (limits.length > 0) {
    const segment = new Float64Array(series.rowLength);
    limits.forEach((limit, index) => {
      const first = Math.max(limit.fromDayNumber, range.firstDayNumber);
      const next = limits[index + 1]?.fromDayNumber ?? Number.POSITIVE_INFINITY;
      const last = Math.min(next - 1, range.lastDayNumber);
      if (first > last) return;
      segment.fill(0);
      addRange(series, first, last, part, segment);
      for (let at = 0; at < segment.length; at += 1)
        total[at] = (total[at] as number) + (segment[at] as number);
      for (let bin = 0; bin < series.bins; bin += 1) {
        const count = segment[binAt + bin] as number;
        measuredAgainstLimit += count;
        if (bin >= limit.firstBinAbove) aboveLimit += count;
      }
    });
  }
  const classCounts = new Map<number, number>();
  series.classIndexes.forEach((classIndex, index) => {
    const count = total[SCALARS + index] as number;
    if (count > 0) classCounts.set(classIndex, count);
  });
  return {
    days: total[0] as number,
    vehicles: total[1] as number,
    speedSumMps: total[2] as number,
    speedCount: total[3] as number,
    histogram: total.subarray(binAt),
    measuredAgainstLimit,
    aboveLimit,
    classCounts,
  };
}

/**
 * ADT over a range of a site's series, by the one definition (`averageDailyVolumes`): the whole
 * days are those of the range that `wholeDaysOf` finds from the days with data in it (vehicles,
 * or intervals that cover the day), a day among them without data counting as 0, and the map's
 * day range keeps the weekdays or the weekend days of them (so weekdays give AWDT, the weekend
 * AWEDT). The site detail page gives the same figure for the same days.
 */
export function seriesAdt(series: RollupSeries, range: Omit<SeriesRange, 'limits'>): number | null {
  const { dayNumbers, vehicles, coverage } = series;
  const first = lowerBound(dayNumbers, range.firstDayNumber);
  const last = lowerBound(dayNumbers, range.lastDayNumber + 1) - 1;
  if (first > last) return null;
  const withData: { day: number; coverage: DayCoverage }[] = [];
  const firstDay = dayNumbers[first] as number;
  // Each day's vehicles by its distance from the first day: a silent day stays 0.
  const volumes = new Float64Array((dayNumbers[last] as number) - firstDay + 1);
  for (let slot = first; slot <= last; slot += 1) {
    const kind = coverage[slot] as number;
    if (!((vehicles[slot] as number) > 0) && kind !== WHOLE) continue;
    const day = dayNumbers[slot] as number;
    withData.push({ day, coverage: DAY_COVERAGES[kind] ?? 'records' });
    volumes[day - firstDay] = vehicles[slot] as number;
  }
  const part = PARTS[range.dayRange];
  const wholeDays = wholeDaysOf(withData).filter(
    (dayNumber) => part === PARTS.wholeWeek || partOf(dayNumber) === part,
  );
  return averageDailyVolumes(wholeDays, (dayNumber) => volumes[dayNumber - firstDay] as number).adt;
}
