import { describe, expect, it } from 'vitest';
import { percentileInc } from './percentile.ts';

describe('percentileInc', () => {
  it('interpolates between closest ranks like PERCENTILE.INC', () => {
    // Rank for the 85th of four values is 0.85 * 3 = 2.55: 30 + 0.55 * (40 - 30).
    expect(percentileInc([10, 20, 30, 40], 85)).toBeCloseTo(35.5, 10);
    expect(percentileInc([10, 20, 30, 40], 50)).toBe(25);
    expect(percentileInc(Float64Array.of(7), 99)).toBe(7);
  });

  it('returns the extremes at 0 and 100, and NaN for no values', () => {
    expect(percentileInc([1, 5, 9], 0)).toBe(1);
    expect(percentileInc([1, 5, 9], 100)).toBe(9);
    expect(percentileInc([], 50)).toBeNaN();
  });

  it('refuses a percentile outside 0 to 100', () => {
    expect(() => percentileInc([1], 101)).toThrow(RangeError);
  });
});
