import { describe, expect, it } from 'vitest';
import { BUCKETS, bucketShift, codesPercentile, histogramPercentiles } from './codePercentiles.ts';
import { percentileInc } from './percentile.ts';
import { ScanScratch } from './scanScratch.ts';

// Code k stands for k / 10 (as a counter's 0.1 km/h would), codes 0 to 999.
const values = Float64Array.from({ length: 1000 }, (_, code) => code / 10);

describe('percentiles read off codes', () => {
  it('reads PERCENTILE.INC off a histogram, overflow values past the codes', () => {
    // Codes 12 (x2), 30 and 31 (1.2, 1.2, 3, 3.1), then overflow values 500 and 700.
    const histogram = new Int32Array(values.length);
    histogram[12] = 2;
    histogram[30] = 1;
    histogram[31] = 1;
    const overflow = Float64Array.of(500, 700);
    const found = histogramPercentiles(
      histogram,
      0,
      6,
      values.length,
      values,
      overflow,
      [0, 50, 85, 100],
    );
    // Sorted 1.2 1.2 3 3.1 500 700. 50th: rank 2.5, 3 + 0.5 * 0.1; 85th: rank 4.25,
    // 500 + 0.25 * 200.
    expect(found[0]).toBe(1.2);
    expect(found[1]).toBeCloseTo(3.05, 10);
    expect(found[2]).toBeCloseTo(550, 10);
    expect(found[3]).toBe(700);
  });

  it('finds a percentile of a run of codes by its buckets, as sorting the values would', () => {
    let seed = 5;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const codes = Uint16Array.from({ length: 3000 }, () => Math.floor(random() * 1000));
    const shift = bucketShift(values.length);
    const scratch = new ScanScratch();
    // The run codes[100..2100), counted by bucket as the scan counts a bin's vehicles.
    const from = 100;
    const count = 2000;
    const bucketCounts = new Int32Array(BUCKETS);
    for (let at = from; at < from + count; at += 1) {
      const bucket = (codes[at] as number) >> shift;
      bucketCounts[bucket] = (bucketCounts[bucket] as number) + 1;
    }
    const sorted = Float64Array.from(
      codes.subarray(from, from + count),
      (code) => code / 10,
    ).sort();
    for (const percent of [0, 15, 50, 85, 99, 100])
      expect(
        codesPercentile(scratch, codes, from, count, shift, bucketCounts, 0, values, percent),
      ).toBeCloseTo(percentileInc(sorted, percent), 10);
  });
});
