import { describe, expect, it } from 'vitest';
import { csvFieldPositions, decimalAt } from './scan.ts';

describe('decimalAt', () => {
  it('reads plain decimals and refuses anything else', () => {
    const text = ' 52.1 -3 0.975 7. x1 .5 ';
    const read = (from: number, to: number) => decimalAt(text, from, to);
    expect(read(1, 5)).toBeCloseTo(52.1, 12);
    expect(read(6, 8)).toBe(-3);
    expect(read(9, 14)).toBeCloseTo(0.975, 12);
    expect(read(15, 17)).toBe(7);
    expect(read(18, 20)).toBeNaN();
    expect(read(21, 23)).toBeCloseTo(0.5, 12);
    expect(decimalAt('-', 0, 1)).toBeNaN();
  });
});

describe('csvFieldPositions', () => {
  it('finds every field, empty ones included', () => {
    const starts = new Int32Array(8);
    const ends = new Int32Array(8);
    const line = 'a,,bc,';
    expect(csvFieldPositions(line, starts, ends)).toBe(4);
    expect([0, 1, 2, 3].map((index) => line.slice(starts[index], ends[index]))).toEqual([
      'a',
      '',
      'bc',
      '',
    ]);
  });
});
