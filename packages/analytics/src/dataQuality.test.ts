import { describe, expect, it } from 'vitest';
import { runQualityTests, type QualityThresholds } from './dataQuality.ts';
import { VehicleColumnsBuilder } from './vehicleColumns.ts';

const thresholds: QualityThresholds = {
  minSurveyHours: 24,
  lowestMaxAdt: 3,
  minAverageRho: 60,
  maxUnclassifiablePercent: 10,
  lengthOutlierFactor: 15,
};

function columnsOf(
  vehicles: { hour: number; lengthM?: number; classIndex?: number; rho?: number }[],
) {
  const builder = new VehicleColumnsBuilder();
  for (const vehicle of vehicles) {
    builder.push({
      timeMs: Date.UTC(2025, 5, 1) + vehicle.hour * 3_600_000,
      lane: 0,
      direction: 1,
      classIndex: vehicle.classIndex ?? 1,
      speedMps: 13,
      lengthM: vehicle.lengthM ?? 4.8,
      headwayS: 3,
      gapS: 2,
      axles: 2,
      wheelbaseM: 2.7,
      rho: vehicle.rho ?? 0.9,
    });
  }
  return builder.build();
}

const utc = () => 0;

describe('runQualityTests', () => {
  it('passes a long, busy, well-correlated survey', () => {
    const columns = columnsOf(Array.from({ length: 30 }, (_, index) => ({ hour: index })));
    const results = runQualityTests(columns, thresholds, utc);
    expect(Object.values(results).every((result) => result.passed)).toBe(true);
    expect(results.sufficient_hours.value).toBe(29);
  });

  it('flags low RHO, short duration, quiet days and unclassified vehicles', () => {
    const columns = columnsOf([
      { hour: 0, rho: 0.4, classIndex: 0 },
      { hour: 5, rho: 0.5 },
    ]);
    const results = runQualityTests(columns, thresholds, utc);
    expect(results.rho_test.passed).toBe(false);
    expect(results.rho_test.value).toBeCloseTo(45, 4); // stored as float32
    expect(results.sufficient_hours.passed).toBe(false);
    expect(results.above_vol_thres).toEqual({ passed: false, value: 2, threshold: 3 });
    expect(results.unclassifiables_test).toEqual({ passed: false, value: 50, threshold: 10 });
  });

  it('counts days in the site’s local time', () => {
    // 23:30 and 00:30 UTC are the same local day at UTC+2.
    const columns = columnsOf([{ hour: 23.5 }, { hour: 24.5 }]);
    expect(runQualityTests(columns, thresholds, () => 0).above_vol_thres.value).toBe(1);
    expect(runQualityTests(columns, thresholds, () => 2 * 3_600_000).above_vol_thres.value).toBe(2);
  });

  it('counts a day met again after another, in a later batch too', () => {
    const hours = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({ hour: from + index / count }));
    // Day 0 has 3 + 2 vehicles, day 1 has 4: out of time order, over two batches.
    const first = columnsOf([...hours(0, 3), ...hours(30, 4)]);
    const second = columnsOf(hours(5, 2));
    const results = runQualityTests([first, second], thresholds, utc);
    expect(results.above_vol_thres.value).toBe(5);
    expect(runQualityTests(second, thresholds, utc).above_vol_thres.value).toBe(2);
  });

  it('applies the length outlier factor: 0 flags every dataset, 100 disables the rule', () => {
    // Of the four vehicles 2 to 4 m long, one (25%) is in the 3.6 to 4 m band.
    const columns = columnsOf([
      { hour: 0, lengthM: 2.5 },
      { hour: 1, lengthM: 3.0 },
      { hour: 2, lengthM: 3.2 },
      { hour: 30, lengthM: 3.8 },
    ]);
    expect(runQualityTests(columns, thresholds, utc).len_outlier_test).toEqual({
      passed: false,
      value: 25,
      threshold: 15,
    });
    expect(
      runQualityTests(columns, { ...thresholds, lengthOutlierFactor: 30 }, utc).len_outlier_test
        .passed,
    ).toBe(true);
    expect(
      runQualityTests(columns, { ...thresholds, lengthOutlierFactor: 0 }, utc).len_outlier_test
        .passed,
    ).toBe(false);
    expect(
      runQualityTests(columns, { ...thresholds, lengthOutlierFactor: 100 }, utc).len_outlier_test
        .passed,
    ).toBe(true);
  });
});
