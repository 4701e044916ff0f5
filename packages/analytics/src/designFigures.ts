/** Design-hour and speed figures of traffic engineering (see TRAFFIC-ENGINEERING.md). */

const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;
const KMH_MPS = 1 / 3.6;
const MPH_MPS = 0.44704;

/** One hour's two-way volume and its volume per direction. */
export interface HourVolume {
  total: number;
  byDirection: number[];
}

/** The design hour: the 30th highest hour, its K factor and its peak direction's share. */
export interface DesignHour {
  /** The 30th highest hourly two-way volume. */
  volume: number;
  /** volume / AADT. */
  kFactor: number;
  /** The peak direction's share of the design hour's two-way volume (0–1); null with one direction. */
  dFactor: number | null;
}

/** The rank of the design hour among the year's hours, highest first. */
export const DESIGN_HOUR_RANK = 30;

/**
 * K factor (the 30th highest hourly volume / AADT) and D factor (the peak direction's share of
 * that hour), from the hours of a year. Null with fewer than 30 hours or without an AADT.
 */
export function designHour(hours: HourVolume[], aadt: number | null): DesignHour | null {
  if (aadt === null || aadt <= 0 || hours.length < DESIGN_HOUR_RANK) return null;
  const ranked = [...hours].sort((a, b) => b.total - a.total);
  const hour = ranked[DESIGN_HOUR_RANK - 1] as HourVolume;
  const directions = hour.byDirection.filter((volume) => volume > 0);
  return {
    volume: hour.total,
    kFactor: hour.total / aadt,
    dFactor:
      hour.byDirection.length < 2 || hour.total === 0
        ? null
        : directions.length === 0
          ? null
          : Math.max(...hour.byDirection) / hour.total,
  };
}

/** The peak hour and its peak hour factor. */
export interface PeakHourFactor {
  /** Start of the busiest 60 minutes (four consecutive quarter hours), local ISO without offset. */
  start: string;
  peakHourVolume: number;
  /** The busiest quarter hour within it. */
  peakQuarterVolume: number;
  /** peakHourVolume / (4 × peakQuarterVolume); 1 is perfectly even flow. */
  factor: number;
}

/**
 * Peak hour factor over a series of counts of 15 minutes or less (local start, ms): the counts
 * are summed into quarter hours, the busiest four consecutive quarter hours are the peak hour
 * (a quarter with no count holds 0), and PHF = its volume / (4 × its busiest quarter). The
 * earliest wins a tie. Null without vehicles or with counts longer than 15 minutes.
 */
export function peakHourFactor(
  counts: { localStartMs: number; vehicles: number }[],
  widthMs: number,
): PeakHourFactor | null {
  if (widthMs > QUARTER_MS || QUARTER_MS % widthMs !== 0) return null;
  const quarters = new Map<number, number>();
  for (const { localStartMs, vehicles } of counts) {
    const quarter = Math.floor(localStartMs / QUARTER_MS) * QUARTER_MS;
    quarters.set(quarter, (quarters.get(quarter) ?? 0) + vehicles);
  }
  const starts = [...quarters.keys()].sort((a, b) => a - b);
  let best: PeakHourFactor | null = null;
  for (const start of starts) {
    let volume = 0;
    let peakQuarter = 0;
    for (let at = start; at < start + HOUR_MS; at += QUARTER_MS) {
      const quarter = quarters.get(at) ?? 0;
      volume += quarter;
      if (quarter > peakQuarter) peakQuarter = quarter;
    }
    if (volume > 0 && (best === null || volume > best.peakHourVolume))
      best = {
        start: new Date(start).toISOString().slice(0, 19),
        peakHourVolume: volume,
        peakQuarterVolume: peakQuarter,
        factor: volume / (4 * peakQuarter),
      };
  }
  return best;
}

/** The pace: the 10-unit speed band holding the most vehicles. */
export interface Pace {
  fromMps: number;
  toMps: number;
  vehicles: number;
  sharePercent: number;
}

/**
 * The pace in km/h or mph: the band of 10 whole units [n, n + 10) holding the most vehicles
 * (of the bands starting at a measured speed, the lowest on a tie), and its share of all vehicles. `speeds` are (speed m/s,
 * vehicles) pairs, in any order. Null without vehicles.
 */
export function paceOf(
  speeds: Iterable<{ speedMps: number; vehicles: number }>,
  units: 'metric' | 'imperial',
): Pace | null {
  const unitMps = units === 'metric' ? KMH_MPS : MPH_MPS;
  const perUnit: number[] = [];
  for (const { speedMps, vehicles } of speeds) addToUnit(perUnit, speedMps / unitMps, vehicles);
  return paceOfUnits(perUnit, unitMps);
}

/**
 * `paceOf` of a speed histogram whose bin `n` holds the vehicles from `n × binMps` (the map's
 * 1 km/h rollup bins), without a pair per bin: the map finds it for every site it draws.
 */
export function paceOfHistogram(
  histogram: ArrayLike<number>,
  binMps: number,
  units: 'metric' | 'imperial',
): Pace | null {
  const unitMps = units === 'metric' ? KMH_MPS : MPH_MPS;
  const perUnit: number[] = [];
  for (let bin = 0; bin < histogram.length; bin += 1)
    addToUnit(perUnit, (bin * binMps) / unitMps, histogram[bin] as number);
  return paceOfUnits(perUnit, unitMps);
}

/** Adds the vehicles at a speed of `units` (km/h or mph) to its whole unit's count. */
function addToUnit(perUnit: number[], units: number, vehicles: number) {
  if (!(vehicles > 0) || !(units >= 0)) return;
  // A small tolerance so that 50 km/h stored as 13.888… m/s counts as 50, not 49.
  const whole = Math.floor(units + 1e-9);
  perUnit[whole] = (perUnit[whole] ?? 0) + vehicles;
}

/** The pace of vehicles counted per whole unit (index: the unit; holes: none measured). */
function paceOfUnits(perUnit: number[], unitMps: number): Pace | null {
  let total = 0;
  let bestFrom = 0;
  let bestVehicles = -1;
  // A best band can always start at a unit holding vehicles; try each from low to high
  // (forEach visits only the units counted, in order).
  perUnit.forEach((count, from) => {
    total += count;
    let vehicles = 0;
    for (let unit = from; unit < from + 10; unit += 1) vehicles += perUnit[unit] ?? 0;
    if (vehicles > bestVehicles) {
      bestVehicles = vehicles;
      bestFrom = from;
    }
  });
  if (total === 0) return null;
  return {
    fromMps: bestFrom * unitMps,
    toMps: (bestFrom + 10) * unitMps,
    vehicles: bestVehicles,
    sharePercent: (bestVehicles / total) * 100,
  };
}
