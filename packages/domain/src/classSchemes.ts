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
  id: 'arx' | 'fhwa13' | 'length' | 'bike';
  name: string;
  classes: VehicleClass[];
}

const UNCLASSIFIED: VehicleClass = { class_index: 0, name: '???', code: '???', heavy: false };

const scheme = (
  id: ClassScheme['id'],
  name: string,
  classes: [string, string, boolean][],
): ClassScheme => ({
  id,
  name,
  classes: [
    UNCLASSIFIED,
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

/** FHWA 13 classes. Buses (4) and trucks (5 to 13) are heavy. */
export const FHWA13 = scheme('fhwa13', 'FHWA 13', [
  ['MC', 'Motorcycle', false],
  ['PC', 'Passenger car', false],
  ['LT', 'Other two-axle, four-tire single unit', false],
  ['BUS', 'Bus', true],
  ['SU2', 'Two-axle, six-tire single unit', true],
  ['SU3', 'Three-axle single unit', true],
  ['SU4', 'Four or more axle single unit', true],
  ['ST4', 'Four or fewer axle single trailer', true],
  ['ST5', 'Five-axle single trailer', true],
  ['ST6', 'Six or more axle single trailer', true],
  ['MT5', 'Five or fewer axle multi-trailer', true],
  ['MT6', 'Six-axle multi-trailer', true],
  ['MT7', 'Seven or more axle multi-trailer', true],
]);

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

export const CLASS_SCHEMES: readonly ClassScheme[] = [ARX, FHWA13, LENGTH_SCHEME, BIKE_SCHEME];

/** The scheme a site or file names (by id or by a name such as 'Vehicle classification (ARX)'). */
export function findClassScheme(name: string | null | undefined): ClassScheme {
  const lowered = (name ?? '').toLowerCase();
  return (
    CLASS_SCHEMES.find(
      (candidate) => lowered === candidate.id || lowered.includes(`(${candidate.id})`),
    ) ??
    (lowered.includes('fhwa')
      ? FHWA13
      : lowered.includes('length')
        ? LENGTH_SCHEME
        : lowered.includes('bike')
          ? BIKE_SCHEME
          : ARX)
  );
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
