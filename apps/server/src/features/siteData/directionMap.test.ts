import { describe, expect, it } from 'vitest';
import { composeDirectionMaps, directionMapOf, withMappedDirections } from './directionMap.ts';

describe('direction maps of merged files', () => {
  it('read from the logs, composed across merges, and applied to a copy of the columns', () => {
    expect(directionMapOf({})).toBeUndefined();
    expect(directionMapOf({ direction_map: { 3: 1, 7: 5 } })).toEqual({ 3: 1, 7: 5 });
    // East became north, then north became south: east counts as south.
    expect(composeDirectionMaps({ 3: 1, 7: 5 }, { 1: 5, 5: 1 })).toEqual({
      3: 5,
      7: 1,
      1: 5,
      5: 1,
    });
    expect(composeDirectionMaps({ 3: 1 }, { 1: 3 })).toEqual({ 1: 3 });
    const stored = { direction: Uint8Array.from([3, 7, 0, 3]) };
    const mapped = withMappedDirections(stored, { 3: 1, 7: 5 });
    expect([...mapped.direction]).toEqual([1, 5, 0, 1]);
    expect([...stored.direction]).toEqual([3, 7, 0, 3]);
    expect(withMappedDirections(stored, undefined)).toBe(stored);
  });
});
