import { describe, expect, it } from 'vitest';
import { insidePolygon } from './geometry.ts';

describe('insidePolygon', () => {
  it('finds the points inside a drawn polygon', () => {
    const square: [number, number][] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ];
    expect(insidePolygon([1, 1], square)).toBe(true);
    expect(insidePolygon([3, 1], square)).toBe(false);
  });
});
