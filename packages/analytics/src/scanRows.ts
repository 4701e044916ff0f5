import { excludedByAny, inAnyTimeExclusion, type CompiledFilter } from './filters.ts';
import { CODE_MISSING, CODE_OVERFLOW } from './preparedColumns.ts';
import { countOtherLane, type PartialScan } from './scanCounts.ts';
import { LANE_SLOTS, type ScanLayout } from './scanPlan.ts';
import type { ScanScratch } from './scanScratch.ts';
import { emptyStretch, enterStretch } from './scanStretch.ts';
import { MATRIX_EDGES_S } from './siteDetailShape.ts';
import { pushValue } from './valueList.ts';
import type { ScanColumns } from './vehicleColumns.ts';

/**
 * The site-detail scan's one row loop: filters the vehicles `from..to` of one batch as
 * `selectRows` does (times within `startMs..endMs`, the filter's window or a part of it) and
 * counts each that passes into every wanted figure as it is met, reading each of its columns
 * once. Local time is worked out once per stretch of time in which the offset, the local hour
 * and the bin stay the same (a vehicle outside the stretch starts a new one), so a vehicle costs
 * two comparisons there. Lanes, saved exclusions, time exclusions and speed limits that change
 * within the window cost a vehicle nothing when the filter has none. The scratch has room for
 * every row of `from..to` after the vehicles counted so far.
 */
export function scanRows(
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
  const { classHistogram, headwayHistogram, gapHistogram, matrix, dayHours, availability } = counts;
  const { quarters, slotLimited, slotSpeeding } = counts;
  const { directionSlot, classSlot } = layout;
  const { limits, firstStepMps, secondStepMps, headwayBins, gapBins } = layout;
  const { speedCodeLow, speedCodeCount, countBins, countLimits } = layout;
  const { countHeadway, countGap, countMatrix, countAvailability } = layout;
  const { speedCodeMin, speedCodeMax, headwayCodeMin, headwayByValue, allSpeedValues } = layout;
  const matrixSize = MATRIX_EDGES_S.length;
  const { slots, codes } = scratch;
  let vehicles = counts.vehicles;
  let headwayCount = counts.headwayCount;
  let gapCount = counts.gapCount;
  let firstDay = counts.firstDay;
  let lastDay = counts.lastDay;
  // The speed limit in force and the times it holds (when it changes within the window).
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
  // A stretch at a time: worked out at its first row (the only call in the loop for the filters
  // most pages use), then its rows until a time outside it.
  let index = from;
  while (index < to) {
    enterStretch(current, timeMs[index] as number, local, layout);
    ({ from: stretchFrom, to: stretchTo, hourCellBase, slotBase, quarterCell } = current);
    const stretchDay = current.day;
    const selectedBefore = vehicles;
    for (; index < to; index += 1) {
      const time = timeMs[index] as number;
      if (time < stretchFrom || time >= stretchTo) break;
      // Rows of a stretch of ascending times were found within the times already.
      if (checkTime && (time < startMs || time >= endMs)) continue;
      // The speed range and the separation as ranges of codes (a missing speed is outside it, a
      // missing headway passes, as with the values).
      const rawSpeedCode = speedCodes[index] as number;
      if (rawSpeedCode < speedCodeMin || rawSpeedCode > speedCodeMax) continue;
      // A class or direction the filter leaves out has no slot (-1; undefined outside 0..255).
      const vehicleClass = classIndex[index] as number;
      const classAt = classSlot[vehicleClass] as number;
      if (!(classAt >= 0)) continue;
      const vehicleDirection = direction[index] as number;
      const directionAt = directionSlot[vehicleDirection] as number;
      if (!(directionAt >= 0)) continue;
      const headwayCode = headwayCodes[index] as number;
      if (headwayCode < headwayCodeMin) continue;
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
      const code = rawSpeedCode - speedCodeLow;
      const classCell = classAt * speedCodeCount + code;
      classHistogram[classCell] = (classHistogram[classCell] as number) + 1;
      // The day-hour cell: ((day, direction) cell) * 24 + local hour.
      const hourCell = hourCellBase + directionAt * 24;
      dayHours[hourCell] = (dayHours[hourCell] as number) + 1;
      quarters[quarterCell] = (quarters[quarterCell] as number) + 1;
      const slot = slotBase + directionAt;
      if (countBins) {
        slots[vehicles] = slot;
        codes[vehicles] = code;
      }
      vehicles += 1;
      if (countLimits) {
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
          const speed = allSpeedValues[rawSpeedCode] as number;
          counts.limited += 1;
          if (countBins) slotLimited[slot] = (slotLimited[slot] as number) + 1;
          if (speed > limit) {
            if (countBins) slotSpeeding[slot] = (slotSpeeding[slot] as number) + 1;
            counts.above += 1;
          }
          if (speed > limit + firstStepMps) counts.aboveFirst += 1;
          if (speed > limit + secondStepMps) counts.aboveSecond += 1;
        }
      }
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
        } else countOtherLane(counts, layout, dayCell, vehicleDirection, lane[index] as number);
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
