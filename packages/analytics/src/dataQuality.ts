import type { VehicleColumns } from './vehicleColumns.ts';

/** The organisation thresholds of SPEC section 3 that the tests read. */
export interface QualityThresholds {
  minSurveyHours: number;
  lowestMaxAdt: number;
  /** Mean correlation certainty, 0 to 100. */
  minAverageRho: number;
  maxUnclassifiablePercent: number;
  /** 0 flags every dataset; 100 disables the rule. */
  lengthOutlierFactor: number;
}

export type QualityTestName =
  'rho_test' | 'above_vol_thres' | 'len_outlier_test' | 'sufficient_hours' | 'unclassifiables_test';

export interface QualityTestResult {
  passed: boolean;
  value: number;
  threshold: number;
}

/** SPEC section 8: why a test failed, in the product's words. */
export const QUALITY_REASONS: Record<QualityTestName, string> = {
  rho_test: 'Average RHO too low (possible installation issue)',
  above_vol_thres: 'Maximum daily volume too low',
  len_outlier_test: 'Length distribution outlier (spacing or tube length)',
  sufficient_hours: 'Insufficient survey duration',
  unclassifiables_test: 'Unclassified vehicle percentage too high',
};

const OUTLIER_RANGE_M = { min: 2, max: 4, bandMin: 3.6 } as const;

/**
 * Runs the five data-quality tests. `utcOffsetMsAt` gives the site's offset from UTC at an
 * instant, so that days are the site's local days. Only failed tests matter to the review
 * status; a missing flag in the file's logs means pass.
 */
export function runQualityTests(
  input: VehicleColumns | VehicleColumns[],
  thresholds: QualityThresholds,
  utcOffsetMsAt: (utcMs: number) => number,
): Record<QualityTestName, QualityTestResult> {
  const accumulator = createQualityAccumulator(thresholds, utcOffsetMsAt);
  for (const columns of Array.isArray(input) ? input : [input]) accumulator.add(columns);
  return accumulator.results();
}

/** The tests of `runQualityTests`, fed batch by batch, so a file need not be held whole. */
export function createQualityAccumulator(
  thresholds: QualityThresholds,
  utcOffsetMsAt: (utcMs: number) => number,
): {
  add: (columns: VehicleColumns) => void;
  results: () => Record<QualityTestName, QualityTestResult>;
} {
  let count = 0;
  let rhoSum = 0;
  let rhoCount = 0;
  let unclassified = 0;
  let inRange = 0;
  let inBand = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const perDay = new Map<number, number>();
  const offsetByHour = new Map<number, number>();
  // Vehicles come mostly in time order: the hour's offset and the day's count are kept at hand
  // while they last, and the day's count is put in `perDay` when another day comes.
  let hourAtHand = Number.NaN;
  let offsetAtHand = 0;
  let dayAtHand = Number.NaN;
  let dayCount = 0;
  const add = (columns: VehicleColumns): void => {
    count += columns.timeMs.length;
    for (let index = 0; index < columns.timeMs.length; index += 1) {
      const time = columns.timeMs[index] as number;
      if (time < first) first = time;
      if (time > last) last = time;
      const hour = Math.floor(time / 3_600_000);
      if (hour !== hourAtHand) {
        let offset = offsetByHour.get(hour);
        if (offset === undefined) {
          offset = utcOffsetMsAt(hour * 3_600_000);
          offsetByHour.set(hour, offset);
        }
        hourAtHand = hour;
        offsetAtHand = offset;
      }
      const day = Math.floor((time + offsetAtHand) / 86_400_000);
      if (day !== dayAtHand) {
        if (dayCount > 0) perDay.set(dayAtHand, dayCount);
        dayAtHand = day;
        dayCount = perDay.get(day) ?? 0;
      }
      dayCount += 1;
      const rho = columns.rho[index] as number;
      if (!Number.isNaN(rho)) {
        rhoSum += rho;
        rhoCount += 1;
      }
      if ((columns.classIndex[index] as number) <= 0) unclassified += 1;
      const length = columns.lengthM[index] as number;
      if (length >= OUTLIER_RANGE_M.min && length <= OUTLIER_RANGE_M.max) {
        inRange += 1;
        if (length >= OUTLIER_RANGE_M.bandMin) inBand += 1;
      }
    }
  };
  return { add, results: qualityResults };

  function qualityResults(): Record<QualityTestName, QualityTestResult> {
    const averageRho = rhoCount > 0 ? (rhoSum / rhoCount) * 100 : 100;
    if (dayCount > 0) perDay.set(dayAtHand, dayCount);
    const busiestDay = Math.max(0, ...perDay.values());
    const hours = count > 0 ? (last - first) / 3_600_000 : 0;
    const unclassifiedPercent = count > 0 ? (unclassified / count) * 100 : 0;
    const bandPercent = inRange > 0 ? (inBand / inRange) * 100 : 0;
    const factor = thresholds.lengthOutlierFactor;
    return {
      rho_test: {
        passed: averageRho >= thresholds.minAverageRho,
        value: averageRho,
        threshold: thresholds.minAverageRho,
      },
      above_vol_thres: {
        passed: busiestDay >= thresholds.lowestMaxAdt,
        value: busiestDay,
        threshold: thresholds.lowestMaxAdt,
      },
      len_outlier_test: {
        passed: factor >= 100 ? true : factor <= 0 ? false : bandPercent <= factor,
        value: bandPercent,
        threshold: factor,
      },
      sufficient_hours: {
        passed: hours >= thresholds.minSurveyHours,
        value: hours,
        threshold: thresholds.minSurveyHours,
      },
      unclassifiables_test: {
        passed: unclassifiedPercent <= thresholds.maxUnclassifiablePercent,
        value: unclassifiedPercent,
        threshold: thresholds.maxUnclassifiablePercent,
      },
    };
  }
}
