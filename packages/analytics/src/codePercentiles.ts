import type { ScanScratch } from './scanScratch.ts';

/**
 * Values at ascending 0-based positions of the sorted selection, read off a histogram of
 * `codeCount` codes (`values[code]` each): positions past them fall in the sorted overflow values.
 */
function valuesAtPositions(
  histogram: Int32Array,
  offset: number,
  codeCount: number,
  values: Float64Array,
  overflow: Float64Array,
  positions: number[],
): number[] {
  const out: number[] = [];
  let cumulative = 0;
  let code = 0;
  for (const position of positions) {
    while (code < codeCount && cumulative + (histogram[offset + code] as number) <= position) {
      cumulative += histogram[offset + code] as number;
      code += 1;
    }
    out.push(
      code < codeCount ? (values[code] as number) : (overflow[position - cumulative] as number),
    );
  }
  return out;
}

/** PERCENTILE.INC (ARCHITECTURE.md) of the counted values, for several percents at once. */
export function histogramPercentiles(
  histogram: Int32Array,
  offset: number,
  count: number,
  codeCount: number,
  values: Float64Array,
  overflow: Float64Array,
  percents: readonly number[],
): number[] {
  const ranks = percents.map((percent) => (percent / 100) * (count - 1));
  const positions = [
    ...new Set(
      ranks.flatMap((rank) => [Math.floor(rank), Math.min(Math.floor(rank) + 1, count - 1)]),
    ),
  ].sort((a, b) => a - b);
  const found = valuesAtPositions(histogram, offset, codeCount, values, overflow, positions);
  const valueAt = (position: number) => found[positions.indexOf(position)] as number;
  return ranks.map((rank) => {
    const lower = Math.floor(rank);
    const lowerValue = valueAt(lower);
    if (lower === count - 1) return lowerValue;
    return lowerValue + (rank - lower) * (valueAt(lower + 1) - lowerValue);
  });
}

/** Buckets of codes for finding a percentile's neighbourhood before sorting it. */
export const BUCKETS = 256;

/**
 * PERCENTILE.INC of the values of `codes[from..from + count)`, whose codes were counted in
 * `bucketCounts[bucketsFrom..bucketsFrom + 256)` by buckets of consecutive codes
 * (`code >> shift`): only the bucket(s) holding the two closest ranks are gathered (into the
 * scratch) and sorted.
 */
export function codesPercentile(
  scratch: ScanScratch,
  codes: Uint16Array,
  from: number,
  count: number,
  shift: number,
  bucketCounts: Int32Array,
  bucketsFrom: number,
  values: Float64Array,
  percent: number,
): number {
  const rank = (percent / 100) * (count - 1);
  const lower = Math.floor(rank);
  const upper = lower === count - 1 ? lower : lower + 1;
  const end = from + count;
  // The buckets holding positions `lower` and `upper`, and how many codes come before the first.
  let before = 0;
  let first = 0;
  while (before + (bucketCounts[bucketsFrom + first] as number) <= lower) {
    before += bucketCounts[bucketsFrom + first] as number;
    first += 1;
  }
  let last = first;
  let through = before + (bucketCounts[bucketsFrom + first] as number);
  while (through <= upper) {
    last += 1;
    through += bucketCounts[bucketsFrom + last] as number;
  }
  const wanted = through - before;
  const nearRank = scratch.nearRankFor(wanted);
  let gathered = 0;
  for (let at = from; at < end; at += 1) {
    const code = codes[at] as number;
    const bucket = code >> shift;
    if (bucket >= first && bucket <= last) {
      nearRank[gathered] = code;
      gathered += 1;
    }
  }
  const near = nearRank.subarray(0, gathered).sort();
  const lowerValue = values[near[lower - before] as number] as number;
  if (lower === count - 1) return lowerValue;
  return (
    lowerValue + (rank - lower) * ((values[near[upper - before] as number] as number) - lowerValue)
  );
}

/** The shift that puts `codeCount` codes into at most 256 buckets. */
export function bucketShift(codeCount: number): number {
  let shift = 0;
  while ((codeCount - 1) >> shift >= BUCKETS) shift += 1;
  return shift;
}
