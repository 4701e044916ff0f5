import { describe, expect, it } from 'vitest';
import { speedIn } from './speedUnits.ts';

describe('speeds in the report unit', () => {
  it('writes a speed bin edge as the whole number it is', () => {
    // The kernel's 10 km/h bins: the fourth starts at 3 × 10 / 3.6 m/s, which × 3.6 is not 30.
    const edge = 3 * (10 / 3.6);
    expect(edge * 3.6).not.toBe(30);
    expect(speedIn('metric', edge)).toBe(30);
    // 5 mph bins: 2 × 5 × 0.44704 m/s is 10 mph.
    expect(speedIn('imperial', 2 * 5 * 0.44704)).toBe(10);
    expect(speedIn('metric', 13.2)).toBe(47.52);
    expect(speedIn('metric', null)).toBeNull();
  });
});
