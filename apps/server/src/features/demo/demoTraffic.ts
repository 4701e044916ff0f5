// Demo traffic from the patterns real counts show: working-day commuter peaks and weekend
// middays, a seasonal swing, school and bank holidays, speeds that fall in the peaks and differ
// by class, bad days (a silent counter, a road closure), and bicycles that follow the weather.
// Every day is drawn from its own seed, so a calendar day always looks the same.
import { seededRandom, shortVehicleLength, type DirectionCode } from '@roadcount/formats';
import type { GeneratedVehicle } from '@roadcount/formats';
import {
  DAY_MS,
  dayKindOf,
  dayOfYear,
  isSchoolHoliday,
  type DayKind,
  type DayNumber,
} from './demoCalendar.ts';

/** Share of each day's traffic per local hour, by kind of day. */
const HOURLY: Record<DayKind, number[]> = {
  // Two commuter peaks, 08:00 and 17:00, and a midday plateau.
  workday: [
    0.5, 0.3, 0.25, 0.25, 0.5, 1.4, 3.6, 7.4, 8.6, 6.0, 4.9, 5.0, 5.3, 5.2, 5.4, 6.3, 7.6, 8.2, 6.4,
    4.2, 3.0, 2.3, 1.5, 0.9,
  ],
  // A late start, then a broad shopping midday.
  saturday: [
    1.0, 0.7, 0.5, 0.4, 0.4, 0.7, 1.3, 2.4, 4.0, 5.6, 7.0, 7.8, 8.0, 7.8, 7.4, 7.0, 6.5, 6.0, 5.0,
    4.0, 3.2, 2.6, 2.0, 1.4,
  ],
  sunday: [
    1.2, 0.8, 0.6, 0.4, 0.3, 0.4, 0.7, 1.4, 2.6, 4.2, 6.0, 7.4, 8.0, 8.0, 7.8, 7.4, 7.0, 6.4, 5.4,
    4.4, 3.4, 2.6, 1.8, 1.0,
  ],
};
const DAY_VOLUME: Record<DayKind, number> = { workday: 1.08, saturday: 0.86, sunday: 0.68 };

/** Classes of a scheme with their share of a working day's daytime traffic. */
export interface ClassMix {
  /** [class index, share, heavy, length range m, speed offset km/h] */
  classes: [number, number, boolean, [number, number], number][];
}

/** Austroads ARX on an English A road: mostly short vehicles, some vans towing, 7 % heavy. */
export const ARX_MIX: ClassMix = {
  classes: [
    [1, 0.905, false, [0, 0], 0],
    [2, 0.022, false, [7, 11], -8],
    [3, 0.038, true, [6, 10], -5],
    [4, 0.009, true, [8, 12], -6],
    [5, 0.004, true, [10, 12.5], -7],
    [6, 0.004, true, [13, 17], -9],
    [7, 0.005, true, [14, 17.5], -9],
    [8, 0.006, true, [15, 18], -10],
    [9, 0.006, true, [15.5, 18.5], -10],
    [10, 0.001, true, [21, 26], -11],
  ],
};

/**
 * FHWA 13 as a Jamar counter records it: cars and pickups, some trucks, a few bicycles (14) and
 * vehicles it could not classify (15).
 */
export const FHWA_MIX: ClassMix = {
  classes: [
    [1, 0.008, false, [2, 2.4], 4],
    [2, 0.742, false, [0, 0], 0],
    [3, 0.175, false, [4.8, 6], -1],
    [4, 0.005, true, [11, 13], -6],
    [5, 0.028, true, [6.5, 9], -5],
    [6, 0.007, true, [8, 10], -6],
    [7, 0.002, true, [9, 11], -7],
    [8, 0.005, true, [12, 16], -8],
    [9, 0.012, true, [16, 19], -9],
    [10, 0.001, true, [17, 21], -9],
    [11, 0.001, true, [19, 22], -9],
    [14, 0.011, false, [1.7, 2], 0],
    [15, 0.003, false, [0, 0], 0],
  ],
};

/** A road closure: no vehicles between two local hours of one day. */
export interface Closure {
  day: DayNumber;
  fromHour: number;
  toHour: number;
}

export interface DemoRoad {
  seed: number;
  firstDay: DayNumber;
  /** Days to generate, the first included. */
  days: number;
  /** Average daily vehicles, both directions. */
  vehiclesPerDay: number;
  /** Direction of lane 1 and lane 2. */
  directions: [DirectionCode, DirectionCode];
  /** Share of each day's traffic in lane 1 (the rest in lane 2). */
  laneOneShare: number;
  /** Free-flow mean speed of cars, km/h. */
  freeSpeedKmh: number;
  /** How much the peaks slow traffic: 0 none, 1 to half speed. */
  congestion: number;
  mix: ClassMix;
  /** Days the counter was silent (no data: missing, not zero). */
  silentDays?: DayNumber[];
  closures?: Closure[];
}

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Up in summer, down in winter: +-7 % around the year's mean, highest in late June. */
function seasonOf(day: DayNumber): number {
  return 1 + 0.07 * Math.sin((2 * Math.PI * (dayOfYear(day) - 80)) / 365);
}

/** A seed of its own for each road and day. */
const daySeed = (seed: number, day: DayNumber) => (Math.imul(seed, 0x9e3779b1) ^ day) >>> 0;

/**
 * Heavy vehicles travel on working days, through the day and night: their share falls at
 * weekends and rises overnight.
 */
function heavyWeight(kind: DayKind, hour: number): number {
  const byDay = kind === 'workday' ? 1 : kind === 'saturday' ? 0.45 : 0.22;
  return byDay * (hour < 5 || hour >= 22 ? 1.8 : hour >= 7 && hour <= 17 ? 1.1 : 0.8);
}

/** Cumulative class shares for a kind of day and hour. */
function classTable(mix: ClassMix, kind: DayKind, hour: number): Float64Array {
  const weights = mix.classes.map(
    ([, share, heavy]) => share * (heavy ? heavyWeight(kind, hour) : 1),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative = new Float64Array(weights.length);
  let running = 0;
  weights.forEach((weight, index) => {
    running += weight / total;
    cumulative[index] = running;
  });
  return cumulative;
}

/** A day's volume factor: the kind of day, the season and school holidays. */
function dayVolume(day: DayNumber, kind: DayKind): number {
  const holiday = kind === 'workday' && isSchoolHoliday(day) ? 0.93 : 1;
  return DAY_VOLUME[kind] * seasonOf(day) * holiday;
}

/** An hour's share of its day, with the school run gone in the holidays. */
function hourShare(day: DayNumber, kind: DayKind, hour: number): number {
  const profile = HOURLY[kind];
  const total = profile.reduce((sum, weight) => sum + weight, 0);
  let weight = profile[hour] ?? 0;
  if (kind === 'workday' && isSchoolHoliday(day) && (hour === 8 || hour === 15)) weight *= 0.8;
  return weight / total;
}

/**
 * The vehicles of a demo road in time order (local times as UTC digits, as the writers of
 * `@roadcount/formats` take them).
 */
export function* demoVehicles(road: DemoRoad): Generator<GeneratedVehicle> {
  const silent = new Set(road.silentDays ?? []);
  const lastByLane = new Map<number, { ms: number; lengthM: number; speedKmh: number }>();
  const hourVolumes = new Float64Array(24);
  for (let offset = 0; offset < road.days; offset += 1) {
    const day = road.firstDay + offset;
    if (silent.has(day)) continue;
    const random = seededRandom(daySeed(road.seed, day));
    const kind = dayKindOf(day);
    // A day's own ups and downs, about 5 %.
    const dayVehicles = road.vehiclesPerDay * dayVolume(day, kind) * (1 + 0.05 * normal(random));
    for (let hour = 0; hour < 24; hour += 1)
      hourVolumes[hour] = dayVehicles * hourShare(day, kind, hour);
    const busiest = Math.max(...hourVolumes);
    const closures = (road.closures ?? []).filter((closure) => closure.day === day);
    for (let hour = 0; hour < 24; hour += 1) {
      if (closures.some((closure) => hour >= closure.fromHour && hour < closure.toHour)) continue;
      const expected = hourVolumes[hour] as number;
      const count = Math.max(0, Math.round(expected + Math.sqrt(expected) * normal(random)));
      if (count === 0) continue;
      const table = classTable(road.mix, kind, hour);
      // Speeds drop as an hour nears the day's busiest; free-flowing at night.
      const load = expected / busiest;
      const flow =
        hour < 5 ? 1.05 : 1 - road.congestion * 0.5 * Math.max(0, (load - 0.55) / 0.45) ** 2;
      const hourStart = (day * 24 + hour) * 3_600_000;
      const step = 3_600_000 / count;
      for (let index = 0; index < count; index += 1) {
        const localMs = Math.floor(hourStart + index * step + random() * step * 0.9);
        const lane = random() < road.laneOneShare ? 1 : 2;
        const pick = random();
        let classAt = table.findIndex((cumulative) => pick <= cumulative);
        if (classAt < 0) classAt = table.length - 1;
        const [classIndex, , heavy, [shortest, longest], speedOffset] = road.mix.classes[
          classAt
        ] as ClassMix['classes'][number];
        const bicycle = classIndex === 14;
        const lengthM =
          longest === 0 ? shortVehicleLength(random()) : shortest + random() * (longest - shortest);
        const meanKmh = bicycle ? 19 : (road.freeSpeedKmh + speedOffset) * flow;
        const spread = bicycle ? 4 : meanKmh * (heavy ? 0.08 : 0.11);
        const speedKmh = Math.max(3, meanKmh + spread * normal(random));
        const previous = lastByLane.get(lane);
        const headwayS = previous ? (localMs - previous.ms) / 1000 : Number.NaN;
        const gapS = previous
          ? Math.max(0, headwayS - previous.lengthM / (previous.speedKmh / 3.6))
          : Number.NaN;
        lastByLane.set(lane, { ms: localMs, lengthM, speedKmh });
        yield {
          localMs,
          lane,
          direction: road.directions[lane - 1] ?? 0,
          classIndex,
          speedKmh,
          lengthM,
          headwayS,
          gapS,
          axles: bicycle ? 2 : heavy ? Math.min(9, 2 + Math.floor(lengthM / 5)) : 2,
          wheelbaseM: bicycle ? 1.1 : lengthM * 0.6,
          rho: 0.82 + random() * 0.18,
        };
      }
    }
  }
}

/** A 15-minute count of a bicycle counter, IN and OUT. */
export interface BikeInterval {
  localMs: number;
  countIn: number;
  countOut: number;
}

export interface DemoCycleway {
  seed: number;
  firstDay: DayNumber;
  days: number;
  /** Bicycles on an average dry working day in spring, both directions. */
  bicyclesPerDay: number;
}

/** Bicycles per hour of the day: commuter peaks on working days, leisure middays at weekends. */
const BIKE_HOURLY: Record<DayKind, number[]> = {
  workday: [
    0.3, 0.1, 0.1, 0.1, 0.2, 0.9, 3.5, 9.5, 12.5, 6.0, 3.6, 3.6, 4.0, 4.0, 4.0, 5.0, 8.0, 11.5, 8.5,
    4.5, 3.0, 2.2, 1.2, 0.6,
  ],
  saturday: [
    0.4, 0.2, 0.1, 0.1, 0.1, 0.3, 1.0, 2.5, 5.0, 8.0, 10.0, 10.8, 10.5, 10.0, 9.5, 8.5, 7.0, 5.2,
    3.8, 2.8, 1.8, 1.2, 0.8, 0.5,
  ],
  sunday: [
    0.4, 0.2, 0.1, 0.1, 0.1, 0.2, 0.6, 1.8, 4.2, 7.8, 10.5, 11.5, 11.2, 10.8, 10.0, 9.0, 7.2, 5.4,
    3.8, 2.6, 1.6, 1.0, 0.6, 0.4,
  ],
};

/**
 * A day's weather as cycling feels it, from a chain of wet and dry days (a wet day tends to
 * follow a wet one; winter is wetter) and the season's temperature, with an occasional cold snap.
 */
export function cyclingWeather(seed: number, day: DayNumber): { wet: boolean; factor: number } {
  // The chain is walked from a fortnight before, so a day's weather does not hang on where the
  // generated range starts.
  let wet = false;
  let factor = 1;
  for (let back = 14; back >= 0; back -= 1) {
    const random = seededRandom(daySeed(seed ^ 0x5bd1e995, day - back));
    const winter = Math.cos((2 * Math.PI * dayOfYear(day - back)) / 365);
    const wetChance: number = (wet ? 0.6 : 0.28) + 0.08 * winter;
    wet = random() < wetChance;
    const cold = winter > 0.8 && random() < 0.12;
    factor = (wet ? 0.5 + 0.2 * random() : 0.95 + 0.1 * random()) * (cold ? 0.55 : 1);
  }
  return { wet, factor };
}

/** Bicycle counts per 15 minutes, the season (twice as many in summer as in winter) and weather. */
export function* demoBikeCounts(path: DemoCycleway): Generator<BikeInterval> {
  for (let offset = 0; offset < path.days; offset += 1) {
    const day = path.firstDay + offset;
    const random = seededRandom(daySeed(path.seed, day));
    const kind = dayKindOf(day);
    const season = 1 + 0.35 * Math.sin((2 * Math.PI * (dayOfYear(day) - 100)) / 365);
    const weather = cyclingWeather(path.seed, day).factor;
    const holiday = kind === 'workday' && isSchoolHoliday(day) ? 0.85 : 1;
    const byKind = kind === 'workday' ? 1 : kind === 'saturday' ? 0.8 : 0.75;
    const daily = path.bicyclesPerDay * season * weather * holiday * byKind;
    const profile = BIKE_HOURLY[kind];
    const total = profile.reduce((sum, weight) => sum + weight, 0);
    for (let quarter = 0; quarter < 96; quarter += 1) {
      const hour = Math.floor(quarter / 4);
      const expected = (daily * (profile[hour] ?? 0)) / total / 4;
      const count = Math.max(0, Math.round(expected + Math.sqrt(expected) * normal(random)));
      // Into town in the morning, out in the evening.
      const inShare = kind === 'workday' ? (hour < 12 ? 0.68 : 0.36) : 0.5;
      let countIn = 0;
      for (let bike = 0; bike < count; bike += 1) if (random() < inShare) countIn += 1;
      yield { localMs: day * DAY_MS + quarter * 900_000, countIn, countOut: count - countIn };
    }
  }
}
