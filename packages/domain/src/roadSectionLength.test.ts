import { describe, expect, it } from 'vitest';
import { haversineKm, kmToMiles, lineLengthKm } from './roadSectionLength.ts';

describe('the length of a road section', () => {
  it('measures 0.01° of latitude as 1.112 km', () => {
    // Along a meridian the haversine reduces to R·Δφ: 6371.0088 km × 0.01 × π / 180
    // = 6371.0088 × 0.000174533 = 1.11195 km.
    expect(haversineKm([-2.6, 51.44], [-2.6, 51.45])).toBeCloseTo(1.11195, 4);
  });

  it('shrinks a degree of longitude by the cosine of the latitude', () => {
    // On latitude 60° the haversine of Δλ = 0.01°: sin²(Δλ/2)·cos²60° = (0.0000872665 × 0.5)²,
    // so d = 2R·asin(0.0000436332) = 2 × 6371.0088 × 0.0000436332 = 0.555976 km (half of 1.11195).
    expect(haversineKm([10, 60], [10.01, 60])).toBeCloseTo(0.555976, 4);
  });

  it('adds the legs of a line in order, and a lone point has no length', () => {
    // Two legs of 0.01° of latitude each, there and back along the meridian: 2 × 1.11195 km.
    const line: [number, number][] = [
      [0, 0],
      [0, 0.01],
      [0, 0],
    ];
    expect(lineLengthKm(line)).toBeCloseTo(2.2239, 3);
    expect(lineLengthKm([[0, 0]])).toBe(0);
  });

  it('gives miles as kilometres over 1.609344', () => {
    // 1.609344 km is one statute mile exactly; 8.04672 km is five.
    expect(kmToMiles(8.04672)).toBeCloseTo(5, 10);
  });
});
