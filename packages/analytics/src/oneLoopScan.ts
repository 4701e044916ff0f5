import type { CompiledFilter } from './filters.ts';
import { CODE_MISSING, CODE_OVERFLOW } from './preparedColumns.ts';
import { countOtherLane, type PartialScan } from './scanCounts.ts';
import { LANE_SLOTS, type ScanLayout } from './scanPlan.ts';
import type { ScanScratch } from './scanScratch.ts';
import { emptyStretch, enterStretch } from './scanStretch.ts';
import { MATRIX_EDGES_S } from './siteDetailShape.ts';
import { pushValue } from './valueList.ts';
import type { ScanColumns } from './vehicleColumns.ts';

/**
 * `scanRowsByBlock` in one loop, for the filters most pages use (no lanes, exclusions or time
 * exclusions chosen, and one speed limit over the window): each vehicle is filtered and counted
 * into every wanted figure as it is met, reading each of its columns once. Half the time of the
 * block-wise loops there, which must stay general. The scratch has room for every row of
 * `from..to` after the vehicles counted so far.
 */
export function scanRowsInOneLoop(
  counts: PartialScan,
  scratch: ScanScratch,
  layout: ScanLayout,
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
  const { classHistogram, headwayHistogram, gapHistogram, matrix, dayHours, availability } = counts;
  const { quarters } = counts;
  const { directionSlot, classSlot } = layout;
  const { headwayBins, gapBins, speedCodeLow, speedCodeCount, countBins } = layout;
  const { countHeadway, countGap, countMatrix, countAvailability } = layout;
  const { speedCodeMin, speedCodeMax, headwayCodeMin, headwayByValue } = layout;
  const matrixSize = MATRIX_EDGES_S.length;
  const { slots, codes } = scratch;
  let vehicles = counts.vehicles;
  let headwayCount = counts.headwayCount;
  let gapCount = counts.gapCount;
  let firstDay = counts.firstDay;
  let lastDay = counts.lastDay;
  // The current stretch of time: its UTC bounds, offset, local day and hour, and bin.
  let stretchFrom = Number.POSITIVE_INFINITY;
  let stretchTo = Number.NEGATIVE_INFINITY;
  let hourCellBase = 0;
  let slotBase = 0;
  let quarterCell = 0;
  const current = emptyStretch();
  // A stretch at a time: worked out at its first row (the only call in the loop), then its rows
  // until a time outside it.
  let index = from;
  while (index < to) {
    enterStretch(current, timeMs[index] as number, local, layout);
    ({ from: stretchFrom, to: stretchTo, hourCellBase, slotBase, quarterCell } = current);
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
      quarters[quarterCell] = (quarters[quarterCell] as number) + 1;
      if (countBins) {
        slots[vehicles] = slotBase + directionAt;
        codes[vehicles] = code;
      }
      vehicles += 1;
      if (countHeadway && headwayCode !== CODE_MISSING) {
        headwayHistogram[headwayCode] = (headwayHistogram[headwayCode] as number) + 1;
        headwayCount += 1;
        if (headwayCode === CODE_OVERFLOW)
          pushValue(counts.headwayOverflow, headwayS[index] as number);
      }
      if (countGap || countMatrix) {
        const gapCode = gapCodes[index] as number;
        if (countGap && gapCode !== CODE_MISSING) {
          gapHistogram[gapCode] = (gapHistogram[gapCode] as number) + 1;
          gapCount += 1;
          if (gapCode === CODE_OVERFLOW) pushValue(counts.gapOverflow, gapS[index] as number);
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
          countOtherLane(
            counts,
            layout,
            dayCell,
            direction[index] as number,
            lane[index] as number,
          );
      }
    }
    if (vehicles > selectedBefore) {
      if (stretchDay < firstDay) firstDay = stretchDay;
      if (stretchDay > lastDay) lastDay = stretchDay;
    }
  }
  counts.vehicles = vehicles;
  counts.headwayCount = headwayCount;
  counts.gapCount = gapCount;
  counts.firstDay = firstDay;
  counts.lastDay = lastDay;
}
