import { LENGTH_BINS_M, type ClassScheme } from './classSchemes.ts';

/** What a stored vehicle record measures of a vehicle's shape (NaN or -1 where unknown). */
export interface VehicleShape {
  axles: number;
  /** First to last axle, metres. */
  wheelbaseM: number;
  lengthM: number;
}

const FOOT_M = 0.3048;

/**
 * FHWA 13-class bounds on the first-to-last axle wheelbase, in feet as the state and LTPP axle
 * tables give them (FHWA-HRT-13-091, table of two-axle spacings): a stored record keeps the axle
 * count and the wheelbase, not each spacing, so the wheelbase stands in for the spacings. Each
 * row: the axle count, then [up to (exclusive) this wheelbase, the class], longest last.
 */
export const FHWA_AXLE_BOUNDS_FT: Record<number, readonly (readonly [number, number])[]> = {
  // Motorcycle under 6 ft; car 6 to 10.2 ft; pickup or van 10.2 to 13 ft; two-axle six-tyre
  // truck 13 to 23 ft; a two-axle vehicle 23 ft or longer is a bus.
  2: [
    [6, 1],
    [10.2, 2],
    [13, 3],
    [23, 5],
    [Infinity, 4],
  ],
  // Three and four axles: a single unit under 26 (30) ft, else a tractor and semitrailer.
  3: [
    [26, 6],
    [Infinity, 8],
  ],
  4: [
    [30, 7],
    [Infinity, 8],
  ],
  // Five or more axles: one semitrailer under 65 ft, else two or more trailers.
  5: [
    [65, 9],
    [Infinity, 11],
  ],
  6: [
    [65, 10],
    [Infinity, 12],
  ],
  7: [
    [65, 10],
    [Infinity, 13],
  ],
};

/**
 * A vehicle's FHWA 13 class from its axle count and wheelbase (FHWA_AXLE_BOUNDS_FT); 0
 * (unclassified) when either is unknown or there are fewer than two axles. Seven or more axles
 * share the seven-axle row.
 */
export function fhwaAxleClass(vehicle: VehicleShape): number {
  const { axles, wheelbaseM } = vehicle;
  if (!(axles >= 2) || !(wheelbaseM > 0)) return 0;
  const bounds = FHWA_AXLE_BOUNDS_FT[Math.min(7, Math.floor(axles))] ?? [];
  const wheelbaseFt = wheelbaseM / FOOT_M;
  for (const [below, vehicleClass] of bounds) if (wheelbaseFt < below) return vehicleClass;
  return 0;
}

/** A vehicle's length-scheme class: its length bin 1 to 4, or 0 when its length is unknown. */
export function lengthBinClass(vehicle: VehicleShape): number {
  const { lengthM } = vehicle;
  if (!Number.isFinite(lengthM) || lengthM <= 0) return 0;
  return 1 + LENGTH_BINS_M.filter((edge) => lengthM >= edge).length;
}

/**
 * How the stored records of a vehicle file become classes of `scheme` without the counter:
 * from what each record measured (FHWA 13 from axles and wheelbase, the length scheme from
 * length); undefined when the scheme needs the counter's own classes (Austroads, bicycles,
 * modes), which only the raw upload holds.
 */
export function storedRecordClassifier(
  scheme: ClassScheme,
): ((vehicle: VehicleShape) => number) | undefined {
  switch (scheme.id) {
    case 'fhwa13':
      return fhwaAxleClass;
    case 'length':
      return lengthBinClass;
    case 'arx':
    case 'bike':
    case 'modes':
      return undefined;
  }
}
