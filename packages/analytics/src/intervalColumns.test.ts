import { describe, expect, it } from 'vitest';
import {
  intervalsFromArrow,
  intervalsToArrow,
  IntervalColumnsBuilder,
  runIntervalQualityTests,
} from './intervalColumns.ts';

describe('interval columns', () => {
  it('round-trip through Arrow and run the count quality tests', () => {
    const builder = new IntervalColumnsBuilder();
    const start = Date.UTC(2025, 7, 14, 0);
    for (let index = 0; index < 96; index += 1) {
      builder.push({
        startMs: start + index * 900_000,
        durationS: 900,
        direction: 3,
        lane: 1,
        count: 2,
        mode: 'bike',
      });
    }
    const columns = intervalsFromArrow(intervalsToArrow(builder.build()));
    expect(columns.count.length).toBe(96);
    expect(columns.mode[0]).toBe(1);
    const results = runIntervalQualityTests(
      columns,
      { minSurveyHours: 24, lowestMaxAdt: 200 },
      () => 0,
    );
    expect(results.sufficient_hours).toEqual({ passed: true, value: 24, threshold: 24 });
    expect(results.above_vol_thres).toEqual({ passed: false, value: 192, threshold: 200 });
  });
});
