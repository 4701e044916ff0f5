import { describe, expect, it } from 'vitest';
import { fhwaAxleClass, lengthBinClass, storedRecordClassifier } from './axleClassification.ts';
import { ARX, FHWA13, LENGTH_SCHEME } from './classSchemes.ts';

const ft = (feet: number) => feet * 0.3048;

describe('FHWA 13 classes from axles and wheelbase', () => {
  it('classifies a hand-worked set of vehicles', () => {
    // Each: axles, wheelbase in feet, the class read off the table by hand.
    const vehicles: [number, number, number][] = [
      [2, 4.5, 1], // motorcycle: two axles, under 6 ft
      [2, 9.0, 2], // car: 6 to 10.2 ft
      [2, 10.2, 3], // 10.2 ft is the pickup bin's lower edge, not the car's
      [2, 12.0, 3], // van: 10.2 to 13 ft
      [2, 18.0, 5], // two-axle six-tyre truck: 13 to 23 ft
      [2, 25.0, 4], // a two-axle vehicle of 25 ft is a bus
      [3, 20.0, 6], // three-axle single unit: under 26 ft
      [3, 30.0, 8], // three axles over 26 ft: tractor and semitrailer
      [4, 24.0, 7], // four-axle single unit: under 30 ft
      [4, 40.0, 8], // four axles, 40 ft: single trailer
      [5, 52.0, 9], // five-axle semitrailer: under 65 ft
      [5, 68.0, 11], // five axles over 65 ft: doubles
      [6, 55.0, 10], // six-axle single trailer
      [6, 70.0, 12], // six-axle multi-trailer
      [8, 50.0, 10], // eight axles, one trailer: the seven-or-more row, under 65 ft
      [9, 90.0, 13], // nine axles, 90 ft: seven or more axles, multi-trailer
    ];
    const classes = vehicles.map(([axles, feet]) =>
      fhwaAxleClass({ axles, wheelbaseM: ft(feet), lengthM: Number.NaN }),
    );
    expect(classes).toEqual(vehicles.map(([, , expected]) => expected));
  });

  it('leaves a vehicle unclassified (0) when axles or wheelbase are unknown', () => {
    expect(fhwaAxleClass({ axles: -1, wheelbaseM: 3, lengthM: 4.5 })).toBe(0);
    expect(fhwaAxleClass({ axles: 1, wheelbaseM: 3, lengthM: 4.5 })).toBe(0);
    expect(fhwaAxleClass({ axles: 2, wheelbaseM: Number.NaN, lengthM: 4.5 })).toBe(0);
  });

  it('gives the length bins by length: 4.2 m short, 8 m medium, 15 m long, 22 m very long', () => {
    const classes = [4.2, 8, 15, 22, Number.NaN].map((lengthM) =>
      lengthBinClass({ axles: 2, wheelbaseM: 3, lengthM }),
    );
    expect(classes).toEqual([1, 2, 3, 4, 0]);
  });

  it('reclassifies from stored records into FHWA and length, not into Austroads', () => {
    expect(storedRecordClassifier(FHWA13)).toBe(fhwaAxleClass);
    expect(storedRecordClassifier(LENGTH_SCHEME)).toBe(lengthBinClass);
    expect(storedRecordClassifier(ARX)).toBeUndefined();
  });
});
