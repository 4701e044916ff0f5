import { describe, expect, it } from 'vitest';
import {
  ARX,
  BIKE_SCHEME,
  classMapping,
  FHWA13,
  findClassScheme,
  knownClassScheme,
  LENGTH_SCHEME,
  MODE_SCHEME,
  schemeHasClass,
  heavyClassIndexes,
  selectableClasses,
} from './classSchemes.ts';

describe('class schemes', () => {
  it('have ARX with 12 classes plus unclassifiable, and FHWA with 13 plus bicycles', () => {
    expect(ARX.classes.map((vehicleClass) => vehicleClass.class_index)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // FHWA 1 to 13, and Jamar's 14 (bicycle); Jamar's 15 is stored as 0, unclassified.
    expect(selectableClasses(FHWA13).map((vehicleClass) => vehicleClass.class_index)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
  });

  it('name the FHWA classes as the Traffic Monitoring Guide does, not as Austroads', () => {
    const name = (index: number) =>
      FHWA13.classes.find((vehicleClass) => vehicleClass.class_index === index)?.name;
    expect(name(3)).toBe('Pickups, vans (other two-axle, four-tyre single units)');
    expect(name(4)).toBe('Buses');
    expect(name(14)).toBe('Bicycles');
    expect(name(0)).toBe('Unclassified (Jamar 15)');
    // Commercial in FHWA terms is classes 4 to 13: pickups and bicycles are not.
    expect([...heavyClassIndexes(FHWA13)]).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('know the schemes counters name, and no others', () => {
    expect(knownClassScheme('fhwa13')).toBe(FHWA13);
    expect(knownClassScheme('Vehicle classification (Scheme F3)')).toBe(FHWA13);
    expect(knownClassScheme('Austroads ARX')).toBe(ARX);
    expect(knownClassScheme('modes')).toBe(MODE_SCHEME);
    expect(knownClassScheme('Vehicle classification (NZTA2011)')).toBeUndefined();
    expect(knownClassScheme('')).toBeUndefined();
  });

  it('map classes only where a mapping exists', () => {
    expect(classMapping(FHWA13, FHWA13)).toBe('same');
    expect(classMapping(ARX, LENGTH_SCHEME)).toBe('length');
    expect(classMapping(FHWA13, ARX)).toBeNull();
    expect(classMapping(ARX, FHWA13)).toBeNull();
    expect(schemeHasClass(FHWA13, 14)).toBe(true);
    expect(schemeHasClass(ARX, 14)).toBe(false);
    expect(schemeHasClass(ARX, 0)).toBe(true);
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
