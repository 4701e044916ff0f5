import { PERCENTILES } from '@roadcount/domain';
import { histogramPercentiles } from './codePercentiles.ts';
import { wholeDaysOfRecord } from './dayCoverage.ts';
import { profileDays } from './dailyVolume.ts';
import { CODE_OVERFLOW, type CodedMeasure } from './preparedColumns.ts';
import type { PartialScan } from './scanCounts.ts';
import { LANE_SLOTS, leastCodeAbove, type ScanPlan } from './scanPlan.ts';
import {
  MATRIX_EDGES_S,
  assembleVirtualProfiles,
  directionColumns,
  share,
  type ClassMetrics,
  type SiteDetail,
  type TimeBins,
} from './siteDetailShape.ts';
import { peakHourFactor } from './designFigures.ts';
import { summaryFromCounts } from './summaryStatistics.ts';
import { valuesOf, type ValueList } from './valueList.ts';

const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;

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

/**
 * The peak hour factor from the two-way vehicles of each local quarter hour, counted whatever
 * the bins and the parts asked for: the same figure however the question is put.
 */
function peakHourFactorOf(plan: ScanPlan, scan: PartialScan) {
  const { originDay } = plan.layout;
  const counts: { localStartMs: number; vehicles: number }[] = [];
  const { quarters } = scan;
  for (let quarter = 0; quarter < quarters.length; quarter += 1) {
    const vehicles = quarters[quarter] as number;
    if (vehicles > 0)
      counts.push({ localStartMs: originDay * DAY_MS + quarter * QUARTER_MS, vehicles });
  }
  return peakHourFactor(counts, QUARTER_MS);
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

/** The speed distribution by class as the answer gives it: the speed bins with vehicles. */
function speedBinsOf(
  plan: ScanPlan,
  classHistogram: Int32Array,
): SiteDetail['speedByClass']['bins'] {
  const { speedBinCount, classList, layout } = plan;
  const { classCount, speedBinMps } = layout;
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
  return speedBins;
}

/** The percentiles of a headway or gap histogram, overflow values included; null for none. */
function measurePercentiles(
  histogram: Int32Array,
  count: number,
  measure: CodedMeasure,
  overflow: ValueList,
): Record<number, number> | null {
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
}

/** Virtual day and week of each direction with vehicles, from the day-hour cells. */
function virtualProfilesOf(plan: ScanPlan, dayHours: Int32Array, wholeDays: number[]) {
  const { directions, dayCount, layout } = plan;
  const { originDay, directionCount } = layout;
  const presentDirections = directions.filter((_direction, slotIndex) => {
    for (let day = 0; day < dayCount; day += 1)
      for (let hour = 0; hour < 24; hour += 1)
        if ((dayHours[(day * directionCount + slotIndex) * 24 + hour] as number) > 0) return true;
    return false;
  });
  return assembleVirtualProfiles(
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
}

/** Vehicles per day, direction and lane, in that order: the lane cells, then other lanes. */
function availabilityRowsOf(plan: ScanPlan, scan: PartialScan): SiteDetail['availability'] {
  const { directions, dayCount, layout } = plan;
  const { originDay, directionCount, countAvailability } = layout;
  const { availability, otherLanes } = scan;
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
  return availabilityRows;
}

/**
 * The site-detail answer from the (merged) counts of a scan: exact percentiles read off code
 * histograms; only the parts in the plan's options are worked out.
 */
export function finishSiteDetail(plan: ScanPlan, scan: PartialScan): SiteDetail {
  const { layout, wanted, dayCount, classList, heavy, steps } = plan;
  const { speedValues, headwayMeasure, gapMeasure } = plan;
  const { originDay, directionCount, classCount, speedCodeCount, speedBinMps } = layout;
  const { classHistogram, headwayHistogram, gapHistogram, matrix } = scan;
  const { dayHours, headwayOverflow, gapOverflow } = scan;
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
  // The reports' percentiles (15th to 99th) and the 95th of the traffic-engineering figures.
  const percentilesAsked = [...PERCENTILES, 95];
  const speedPercentileValues =
    vehicles === 0
      ? null
      : histogramPercentiles(
          speedHistogram,
          0,
          vehicles,
          speedCodeCount,
          speedValues,
          noOverflow,
          percentilesAsked,
        );
  const speedPercentiles = speedPercentileValues
    ? Object.fromEntries(
        PERCENTILES.map((percent, index) => [percent, speedPercentileValues[index] as number]),
      )
    : null;
  const speed85 = speedPercentiles ? (speedPercentiles[85] as number) : null;
  const speed95 = speedPercentileValues
    ? (speedPercentileValues[PERCENTILES.length] as number)
    : null;
  const speedCounts: { speedMps: number; vehicles: number }[] = [];
  for (let code = 0; code < speedCodeCount; code += 1)
    if ((speedHistogram[code] as number) > 0)
      speedCounts.push({
        speedMps: speedValues[code] as number,
        vehicles: speedHistogram[code] as number,
      });

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
  const wholeDays = wholeDaysOfRecord(firstDay, lastDay);
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
    directionHoursOf: (day) => {
      const index = day - originDay;
      if (index < 0 || index >= dayCount) return [];
      return Array.from({ length: directionCount }, (_unused, slot) =>
        dayHours.subarray(
          (index * directionCount + slot) * 24,
          (index * directionCount + slot + 1) * 24,
        ),
      );
    },
    averageSpeedMps: vehicles === 0 ? null : speedSum / vehicles,
    speed85thMps: speed85,
    speed95thMps: speed95,
    speedCounts,
  });
  summary.peakHourFactor = peakHourFactorOf(plan, scan);

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

  const { virtualDay, virtualWeek } = virtualProfilesOf(
    plan,
    dayHours,
    profileDays(wholeDays, firstDay, lastDay, vehicles),
  );

  return {
    summary,
    bins,
    classes,
    speedByClass: { binWidthMps: speedBinMps, bins: speedBinsOf(plan, classHistogram) },
    speedPercentiles,
    headwayPercentiles: wanted.has('headwayPercentiles')
      ? measurePercentiles(headwayHistogram, headwayCount, headwayMeasure, headwayOverflow)
      : null,
    gapPercentiles: wanted.has('gapPercentiles')
      ? measurePercentiles(gapHistogram, gapCount, gapMeasure, gapOverflow)
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
    availability: availabilityRowsOf(plan, scan),
  };
}
