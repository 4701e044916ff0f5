/** SPEC section 3: a classification scheme's classes. */
export interface VehicleClass {
  class_index: number;
  name: string;
  /** Short code as counters print it. */
  code: string;
  /** Counts towards total and percent commercial (heavy vehicles). */
  heavy: boolean;
}

export interface ClassScheme {
  id: 'arx' | 'fhwa13' | 'length' | 'bike' | 'modes';
  name: string;
  classes: VehicleClass[];
}

const UNCLASSIFIED: VehicleClass = { class_index: 0, name: '???', code: '???', heavy: false };

const scheme = (
  id: ClassScheme['id'],
  name: string,
  classes: [string, string, boolean][],
  unclassified: VehicleClass = UNCLASSIFIED,
): ClassScheme => ({
  id,
  name,
  classes: [
    unclassified,
    ...classes.map(([code, className, heavy], index) => ({
      class_index: index + 1,
      name: className,
      code,
      heavy,
    })),
  ],
});

/** Austroads ARX: 12 classes plus unclassifiable. Classes 3 and above are heavy. */
export const ARX = scheme('arx', 'Austroads (ARX)', [
  ['SV', 'Short vehicle', false],
  ['SVT', 'Short vehicle towing', false],
  ['TB2', 'Two-axle truck or bus', true],
  ['TB3', 'Three-axle truck or bus', true],
  ['T4', 'Four-axle truck', true],
  ['ART3', 'Three-axle articulated', true],
  ['ART4', 'Four-axle articulated', true],
  ['ART5', 'Five-axle articulated', true],
  ['ART6', 'Six-axle articulated', true],
  ['BD', 'B-double', true],
  ['DRT', 'Double road train', true],
  ['TRT', 'Triple road train', true],
]);

/**
 * FHWA 13 classes (Traffic Monitoring Guide, appendix C), as Jamar counters record them: they add
 * 14 for a bicycle and 15 for a vehicle they could not classify, which is stored as class 0.
 * Buses (4) and trucks (5 to 13) are heavy.
 */
export const FHWA13 = scheme(
  'fhwa13',
  'FHWA 13 (14 bicycle, 15 unclassified)',
  [
    ['MC', 'Motorcycles', false],
    ['PC', 'Passenger cars', false],
    ['LT', 'Pickups, vans (other two-axle, four-tyre single units)', false],
    ['BUS', 'Buses', true],
    ['SU2', 'Two-axle, six-tyre single-unit trucks', true],
    ['SU3', 'Three-axle single-unit trucks', true],
    ['SU4', 'Four or more axle single-unit trucks', true],
    ['ST4', 'Four or fewer axle single-trailer trucks', true],
    ['ST5', 'Five-axle single-trailer trucks', true],
    ['ST6', 'Six or more axle single-trailer trucks', true],
    ['MT5', 'Five or fewer axle multi-trailer trucks', true],
    ['MT6', 'Six-axle multi-trailer trucks', true],
    ['MT7', 'Seven or more axle multi-trailer trucks', true],
    ['BIKE', 'Bicycles', false],
  ],
  { class_index: 0, name: 'Unclassified (Jamar 15)', code: '15', heavy: false },
);

/** Length bins: under 5.5 m, 5.5 to 11.5 m, 11.5 to 19 m, 19 m and over. The last two are heavy. */
export const LENGTH_BINS_M = [5.5, 11.5, 19] as const;
export const LENGTH_SCHEME = scheme('length', 'Length based', [
  ['S', 'Short (under 5.5 m)', false],
  ['M', 'Medium (5.5 to 11.5 m)', false],
  ['L', 'Long (11.5 to 19 m)', true],
  ['XL', 'Very long (19 m and over)', true],
]);

/** Bike counters: bicycles (class 14, as Jamar counts them). */
export const BIKE_SCHEME: ClassScheme = {
  id: 'bike',
  name: 'Bicycles',
  classes: [UNCLASSIFIED, { class_index: 14, name: 'Bicycle', code: 'BIKE', heavy: false }],
};

/**
 * Interval counters (Eco-Counter) count modes, not vehicle classes: bicycles (class 14, as the
 * bike scheme) and pedestrians.
 */
export const MODE_SCHEME: ClassScheme = {
  id: 'modes',
  name: 'Modes (bicycles, pedestrians)',
  classes: [
    UNCLASSIFIED,
    { class_index: 14, name: 'Bicycle', code: 'BIKE', heavy: false },
    { class_index: 30, name: 'Pedestrian', code: 'PED', heavy: false },
  ],
};

export const CLASS_SCHEMES: readonly ClassScheme[] = [
  ARX,
  FHWA13,
  LENGTH_SCHEME,
  BIKE_SCHEME,
  MODE_SCHEME,
];

/**
 * The scheme a counter file names, or undefined when the name is none the product knows. Names
 * as counters write them: an id ('fhwa13'), 'Vehicle classification (ARX)', 'FHWA Scheme F'...
 */
export function knownClassScheme(name: string | null | undefined): ClassScheme | undefined {
  const lowered = (name ?? '').trim().toLowerCase();
  if (lowered === '') return undefined;
  return (
    CLASS_SCHEMES.find(
      (candidate) => lowered === candidate.id || lowered.includes(`(${candidate.id})`),
    ) ??
    (/\barx\b|austroads/.test(lowered)
      ? ARX
      : /fhwa|scheme f3\b/.test(lowered)
        ? FHWA13
        : lowered.includes('length')
          ? LENGTH_SCHEME
          : /bike|bicycle|cycle/.test(lowered)
            ? BIKE_SCHEME
            : /mode|pedestrian/.test(lowered)
              ? MODE_SCHEME
              : undefined)
  );
}

/** Whether a class index is one of the scheme's classes (unclassified, 0, included). */
export function schemeHasClass(classScheme: ClassScheme, classIndex: number): boolean {
  return classScheme.classes.some((vehicleClass) => vehicleClass.class_index === classIndex);
}

/**
 * How a file's vehicles, classified in `from`, become classes of a site counting in `to`:
 * 'same' when the schemes agree, 'length' when the site classifies by length (a vehicle's class
 * is then its length bin, whatever the counter said: the file must measure lengths), or null
 * when no mapping exists (the file is then held for review).
 */
export function classMapping(from: ClassScheme, to: ClassScheme): 'same' | 'length' | null {
  if (to.id === 'length') return 'length';
  if (from.id === to.id) return 'same';
  return null;
}

/** The scheme a site or file names (by id or by a name such as 'Vehicle classification (ARX)'). */
export function findClassScheme(name: string | null | undefined): ClassScheme {
  return knownClassScheme(name) ?? ARX;
}

/** SPEC section 5: a selection includes every class except '???' or class_index 0. */
export function selectableClasses(classScheme: ClassScheme): VehicleClass[] {
  return classScheme.classes.filter(
    (vehicleClass) => vehicleClass.class_index !== 0 && vehicleClass.name !== '???',
  );
}

export function heavyClassIndexes(classScheme: ClassScheme): Set<number> {
  return new Set(
    classScheme.classes
      .filter((vehicleClass) => vehicleClass.heavy)
      .map((vehicleClass) => vehicleClass.class_index),
  );
}
