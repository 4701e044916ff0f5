import { excludedByAny, inAnyTimeExclusion, type CompiledFilter } from './filters.ts';
import { CODE_MISSING, CODE_OVERFLOW } from './preparedColumns.ts';
import { countOtherLane, type PartialScan } from './scanCounts.ts';
import { LANE_SLOTS, type ScanLayout } from './scanPlan.ts';
import type { ScanScratch } from './scanScratch.ts';
import { emptyStretch, enterStretch } from './scanStretch.ts';
import { MATRIX_EDGES_S } from './siteDetailShape.ts';
import { pushValue, type ValueList } from './valueList.ts';
import type { ScanColumns } from './vehicleColumns.ts';

/** Rows the block-wise scan filters before it counts them (few enough to stay in the cache). */
const BLOCK_ROWS = 4096;
// A block's selected rows, their speed codes and day-hour cells: written and read within one
// block, so nothing of a scan stays in them. Module constants rather than fields of the
// ScanScratch: the optimizing compiler embeds a constant buffer in the code, where a buffer
// passed in would be looked up again after each call the filter loop makes (lanes, exclusions).
const blockRows = new Int32Array(BLOCK_ROWS);
const blockCodes = new Uint16Array(BLOCK_ROWS);
const blockHourCells = new Int32Array(BLOCK_ROWS);
const blockQuarterCells = new Int32Array(BLOCK_ROWS);

/**
 * Filters the vehicles `from..to` of one batch as `selectRows` does (times within
 * `startMs..endMs`, the filter's window or a part of it) and counts those that pass, a block of
 * rows at a time: one loop filters the block, noting each selected row, its speed code and its
 * day-hour cell; then one short loop per wanted figure counts the selected rows. Each loop holds
 * few values, and a figure not wanted costs nothing per vehicle. Local time is worked out once
 * per stretch of time in which the offset, the local hour and the bin stay the same (a vehicle
 * outside the stretch starts a new one), so a vehicle costs two comparisons there. The
 * scratch has room for every row of `from..to` after the vehicles counted so far.
 */
export function scanRowsByBlock(
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
  const { filter, lanes, local } = compiled;
  const exclusions = filter.vehicleExclusions ?? [];
  const timeExclusions = filter.timeExclusions ?? [];
  const { minHeadwayS } = filter;
  const checkLanes = lanes.size > 0;
  const checkExclusions = exclusions.length > 0;
  const checkTimeExclusions = timeExclusions.length > 0;
  const { slotLimited, slotSpeeding, classHistogram } = counts;
  const { headwayHistogram, gapHistogram, matrix, dayHours, quarters, availability } = counts;
  const { directionSlot, classSlot } = layout;
  const { limits, firstStepMps, secondStepMps, headwayBins, gapBins } = layout;
  const { speedCodeLow, speedCodeCount, countBins, countLimits } = layout;
  const { countHeadway, countGap, countMatrix, countAvailability } = layout;
  const { speedCodeMin, speedCodeMax, headwayCodeMin, headwayByValue, allSpeedValues } = layout;
  const speedValues = allSpeedValues.subarray(speedCodeLow);
  const matrixSize = MATRIX_EDGES_S.length;
  const { slots, codes } = scratch;
  let vehicles = counts.vehicles;
  let firstDay = counts.firstDay;
  let lastDay = counts.lastDay;
  let limit = Number.NaN;
  let limitFrom = Number.POSITIVE_INFINITY;
  let limitTo = Number.NEGATIVE_INFINITY;
  // The current stretch of time: its UTC bounds, offset, local day and hour, and bin.
  let stretchFrom = Number.POSITIVE_INFINITY;
  let stretchTo = Number.NEGATIVE_INFINITY;
  let hourCellBase = 0;
  let slotBase = 0;
  let quarterCell = 0;
  const current = emptyStretch();
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
          vehicleDirection,
          lane[index] as number,
        )
      )
        continue;
      if (checkTimeExclusions && inAnyTimeExclusion(timeExclusions, local(time))) continue;
      if (time < stretchFrom || time >= stretchTo) {
        enterStretch(current, time, local, layout);
        ({ from: stretchFrom, to: stretchTo, hourCellBase, slotBase, quarterCell } = current);
        if (current.day < firstDay) firstDay = current.day;
        if (current.day > lastDay) lastDay = current.day;
      }
      blockRows[selected] = index;
      blockCodes[selected] = rawSpeedCode - speedCodeLow;
      // The day-hour cell: ((day, direction) cell) * 24 + local hour.
      blockHourCells[selected] = hourCellBase + directionAt * 24;
      blockQuarterCells[selected] = quarterCell;
      if (countBins) slots[vehicles] = slotBase + directionAt;
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
      const quarter = blockQuarterCells[at] as number;
      quarters[quarter] = (quarters[quarter] as number) + 1;
    }
    if (countBins) codes.set(blockCodes.subarray(0, selected), firstSelected);
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
        counts.limited += 1;
        const slot = countBins ? (slots[firstSelected + at] as number) : 0;
        if (countBins) slotLimited[slot] = (slotLimited[slot] as number) + 1;
        if (speed > limit) {
          if (countBins) slotSpeeding[slot] = (slotSpeeding[slot] as number) + 1;
          counts.above += 1;
        }
        if (speed > limit + firstStepMps) counts.aboveFirst += 1;
        if (speed > limit + secondStepMps) counts.aboveSecond += 1;
      }
    }
    if (countHeadway)
      counts.headwayCount += countCodes(
        blockRows,
        selected,
        headwayCodes,
        headwayS,
        headwayHistogram,
        counts.headwayOverflow,
      );
    if (countGap)
      counts.gapCount += countCodes(
        blockRows,
        selected,
        gapCodes,
        gapS,
        gapHistogram,
        counts.gapOverflow,
      );
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
        } else
          countOtherLane(counts, layout, dayCell, direction[row] as number, lane[row] as number);
      }
    }
  }
  counts.vehicles = vehicles;
  counts.firstDay = firstDay;
  counts.lastDay = lastDay;
}

/**
 * Counts the codes of a block's selected rows (`blockRows`) into `histogram` (missing ones aside), collecting
 * the values of overflow codes; answers how many were counted.
 */
function countCodes(
  blockRows: Int32Array,
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
