import { describe, expect, it } from 'vitest';
import {
  ARX,
  BIKE_SCHEME,
  FHWA13,
  findClassScheme,
  heavyClassIndexes,
  selectableClasses,
} from './classSchemes.ts';

describe('class schemes', () => {
  it('have ARX with 12 classes plus unclassifiable, and FHWA with 13', () => {
    expect(ARX.classes.map((vehicleClass) => vehicleClass.class_index)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(selectableClasses(FHWA13)).toHaveLength(13);
  });

  it('never offer the unclassified class for selection', () => {
    for (const classScheme of [ARX, FHWA13, BIKE_SCHEME]) {
      expect(
        selectableClasses(classScheme).some((vehicleClass) => vehicleClass.class_index === 0),
      ).toBe(false);
    }
  });

  it('mark heavy classes for commercial totals', () => {
    expect([...heavyClassIndexes(ARX)]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(heavyClassIndexes(FHWA13).has(2)).toBe(false);
  });

  it('find the scheme a counter file names', () => {
    expect(findClassScheme('Vehicle classification (ARX)').id).toBe('arx');
    expect(findClassScheme('FHWA Scheme F').id).toBe('fhwa13');
    expect(findClassScheme(undefined).id).toBe('arx');
  });
});
