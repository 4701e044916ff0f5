/**
 * Percentile by linear interpolation between closest ranks (spreadsheet PERCENTILE.INC), as
 * ARCHITECTURE.md defines it. `sorted` must be ascending; `percent` is 0 to 100.
 * Returns NaN for an empty input.
 */
export function percentileInc(sorted: ArrayLike<number>, percent: number): number {
  if (percent < 0 || percent > 100) throw new RangeError(`percentile ${percent} is outside 0..100`);
  const count = sorted.length;
  if (count === 0) return Number.NaN;
  const rank = (percent / 100) * (count - 1);
  const lower = Math.floor(rank);
  const lowerValue = sorted[lower] as number;
  if (lower === count - 1) return lowerValue;
  const upperValue = sorted[lower + 1] as number;
  return lowerValue + (rank - lower) * (upperValue - lowerValue);
}
