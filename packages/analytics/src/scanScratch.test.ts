import { describe, expect, it } from 'vitest';
import { ScanScratch } from './scanScratch.ts';

describe('ScanScratch', () => {
  it('grows keeping the vehicles already selected, and keeps its memory when big enough', () => {
    const scratch = new ScanScratch(4);
    scratch.slots.set([7, 8, 9, 10]);
    scratch.codes.set([70, 80, 90, 100]);
    scratch.ensure(10, 3);
    expect(scratch.slots.length).toBeGreaterThanOrEqual(10);
    expect(Array.from(scratch.slots.subarray(0, 4))).toEqual([7, 8, 9, 0]);
    expect(Array.from(scratch.codes.subarray(0, 4))).toEqual([70, 80, 90, 0]);
    const slots = scratch.slots;
    scratch.ensure(5, 5);
    expect(scratch.slots).toBe(slots);
  });
});
