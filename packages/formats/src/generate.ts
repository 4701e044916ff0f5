import type { DirectionCode } from './types.ts';

/** A small, fast, seedable generator (mulberry32), so generated files are the same every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface GeneratedVehicle {
  /** Local wall-clock time as epoch ms of the same digits in UTC (no zone applied). */
  localMs: number;
  lane: number;
  direction: DirectionCode;
  classIndex: number;
  speedKmh: number;
  lengthM: number;
  headwayS: number;
  gapS: number;
  axles: number;
  wheelbaseM: number;
  rho: number;
}

export interface TrafficProfile {
  seed: number;
  /** First local day, e.g. '2025-03-03'. */
  startDay: string;
  days: number;
  vehiclesPerDay: number;
  directions: [DirectionCode, DirectionCode];
  /** Typical free speed, km/h. */
  meanSpeedKmh: number;
  /** Share of bicycles (class 14) for bike sites; otherwise vehicle classes 1 to 12. */
  bikeShare?: number;
}

// Weekday traffic by hour: night low, AM and PM peaks.
const HOURLY_WEIGHT = [
  0.3, 0.2, 0.15, 0.15, 0.3, 0.9, 2.4, 4.6, 5.6, 4.2, 3.6, 3.8, 4.1, 4, 4.2, 4.9, 5.7, 6.1, 4.8,
  3.2, 2.3, 1.7, 1.1, 0.6,
];
const CLASS_SHARE = [
  0.74, 0.08, 0.06, 0.03, 0.02, 0.015, 0.01, 0.01, 0.02, 0.01, 0.005, 0.0025, 0.0025,
];

/** Class 1 (short vehicles): a few motorcycles and small cars, mostly cars over 4 m. */
export function shortVehicleLength(pick: number): number {
  if (pick < 0.03) return 2 + pick * 13;
  if (pick < 0.1) return 3 + (pick - 0.03) * 8.5;
  if (pick < 0.11) return 3.6 + (pick - 0.1) * 40;
  return 4.1 + (pick - 0.11) * 1.1;
}

/**
 * Vehicles of a plausible traffic survey in time order: daily and weekly profiles, two
 * directions, a mix of classes with lengths to match, and headways from the arrivals.
 */
export function* generateTraffic(profile: TrafficProfile): Generator<GeneratedVehicle> {
  const random = seededRandom(profile.seed);
  const start = Date.parse(`${profile.startDay}T00:00:00Z`);
  const hourTotal = HOURLY_WEIGHT.reduce((sum, weight) => sum + weight, 0);
  const lastByLane = new Map<number, { ms: number; lengthM: number; speed: number }>();
  for (let day = 0; day < profile.days; day += 1) {
    const dayStart = start + day * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    const dayFactor = weekday === 0 ? 0.55 : weekday === 6 ? 0.7 : 1;
    for (let hour = 0; hour < 24; hour += 1) {
      const count = Math.round(
        (profile.vehiclesPerDay * dayFactor * (HOURLY_WEIGHT[hour] ?? 1)) / hourTotal,
      );
      const hourStart = dayStart + hour * 3_600_000;
      const step = 3_600_000 / Math.max(1, count);
      for (let index = 0; index < count; index += 1) {
        const localMs = Math.floor(hourStart + index * step + random() * step * 0.9);
        const lane = random() < 0.5 ? 1 : 2;
        const direction = profile.directions[lane - 1] ?? 0;
        let classIndex = 14;
        if (!(profile.bikeShare && random() < profile.bikeShare)) {
          let pick = random();
          classIndex = 1;
          for (const [position, share] of CLASS_SHARE.entries()) {
            pick -= share;
            if (pick <= 0) {
              classIndex = position + 1;
              break;
            }
            classIndex = position + 1;
          }
        }
        const bike = classIndex === 14;
        const lengthM = bike
          ? 1.7 + random() * 0.3
          : classIndex === 1
            ? shortVehicleLength(random())
            : 5.5 + classIndex * 1.4 + random() * 2;
        const peak = hour === 8 || hour === 17 ? 0.8 : 1;
        const speedKmh = Math.max(
          3,
          (bike ? 19 : profile.meanSpeedKmh * peak) + (random() + random() + random() - 1.5) * 14,
        );
        const previous = lastByLane.get(lane);
        const headwayS = previous ? (localMs - previous.ms) / 1000 : Number.NaN;
        const gapS = previous
          ? Math.max(0, headwayS - previous.lengthM / (previous.speed / 3.6))
          : Number.NaN;
        lastByLane.set(lane, { ms: localMs, lengthM, speed: speedKmh });
        yield {
          localMs,
          lane,
          direction,
          classIndex,
          speedKmh,
          lengthM,
          headwayS,
          gapS,
          axles: bike ? 2 : classIndex <= 2 ? 2 : Math.min(9, classIndex - 1),
          wheelbaseM: bike ? 1.1 : lengthM * 0.6,
          rho: 0.8 + random() * 0.2,
        };
      }
    }
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS.s` of a local time held as UTC digits. */
function localDateTime(localMs: number, fractionDigits: number): string {
  const date = new Date(localMs);
  const base = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  if (fractionDigits === 0) return base;
  return `${base}.${pad(date.getUTCMilliseconds(), 3).slice(0, fractionDigits)}`;
}

const LETTER: Record<number, string> = { 0: '0', 1: 'N', 3: 'E', 5: 'S', 7: 'W' };
const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '';

/** Text in blocks of lines, for streaming to a file or an upload. */
function* inBlocks(lines: Iterable<string>, linesPerBlock = 5000): Generator<string> {
  let block: string[] = [];
  for (const line of lines) {
    block.push(line);
    if (block.length === linesPerBlock) {
      yield `${block.join('\n')}\n`;
      block = [];
    }
  }
  if (block.length > 0) yield `${block.join('\n')}\n`;
}

/**
 * A generated vehicle as processing stores it from a counter file: UTC time (from the local
 * time's offset), speed to 0.1 km/h in m/s, headway and gap to 0.01 s.
 */
export function storedVehicleOf(vehicle: GeneratedVehicle, offsetAtLocalMs: number) {
  return {
    timeMs: vehicle.localMs - offsetAtLocalMs,
    lane: vehicle.lane,
    direction: vehicle.direction as number,
    classIndex: vehicle.classIndex,
    speedMps: Number(vehicle.speedKmh.toFixed(1)) / 3.6,
    lengthM: vehicle.lengthM,
    headwayS: Number(vehicle.headwayS.toFixed(2)),
    gapS: Number(vehicle.gapS.toFixed(2)),
    axles: vehicle.axles,
    wheelbaseM: vehicle.wheelbaseM,
    rho: vehicle.rho,
  };
}

export interface SiteDescription {
  name: string;
  attribute?: string;
  latitude?: number;
  longitude?: number;
  timeZone?: string;
}

/** A Roadcount per-vehicle CSV with local times (no offset) and the site columns. */
export function* roadcountCsvText(
  vehicles: Iterable<GeneratedVehicle>,
  site: SiteDescription,
): Generator<string> {
  const siteColumns = `,,${site.name.replace(/,/g, ' ')},${site.latitude ?? ''},${site.longitude ?? ''}`;
  function* lines() {
    yield 'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';
    for (const vehicle of vehicles) {
      yield `${localDateTime(vehicle.localMs, 3).replace(' ', 'T')},${vehicle.lane},${LETTER[vehicle.direction] ?? vehicle.direction},${vehicle.classIndex},${fixed(vehicle.speedKmh, 1)},${fixed(vehicle.lengthM, 2)},${fixed(vehicle.headwayS, 2)},${fixed(vehicle.gapS, 2)},${vehicle.axles},${fixed(vehicle.wheelbaseM, 2)},${fixed(vehicle.rho, 2)}${siteColumns}`;
    }
  }
  yield* inBlocks(lines());
}

/** A MetroCount 'Individual vehicles' listing in metric units, with its footer. */
export function* metroCountText(
  vehicles: Iterable<GeneratedVehicle>,
  site: SiteDescription,
  direction: DirectionCode,
): Generator<string> {
  const name =
    { 1: 'North', 3: 'East', 5: 'South', 7: 'West' }[direction as 1 | 3 | 5 | 7] ?? 'North';
  yield [
    'MetroCount Traffic Executive',
    'Individual Vehicles - 18',
    '',
    `Site:              ${site.name}`,
    `Attribute:         ${site.attribute ?? ''}${site.latitude !== undefined ? ` GPS: ${site.latitude}, ${site.longitude}` : ''}`,
    `Direction:         ${direction} - ${name} bound, A trigger first. Lane: 0`,
    `Zone:              ${site.timeZone ?? ''}`,
    'Data type:         Axle sensors - Paired (Class/Speed/Count)',
    'Scheme:            Vehicle classification (ARX)',
    'Units:             Metric (metre, km, m/s, km/h, kg, tonne)',
    '',
    'Date-Time               Speed Dir   Span   Hdwy    Gap Ax Gp  Rho   Nm Cl Vehicle Pic',
    '',
  ].join('\n');
  let count = 0;
  function* lines() {
    for (const vehicle of vehicles) {
      count += 1;
      yield `${localDateTime(vehicle.localMs, 1)} ${fixed(vehicle.speedKmh, 1).padStart(7)} ${String(vehicle.direction).padStart(3)} ${fixed(vehicle.wheelbaseM, 1).padStart(6)} ${fixed(vehicle.headwayS, 1).padStart(6)} ${fixed(vehicle.gapS, 1).padStart(6)} ${String(vehicle.axles).padStart(2)}  1 ${fixed(vehicle.rho, 2)} ${String(count).padStart(4)} ${String(vehicle.classIndex).padStart(2)} SV`;
    }
  }
  yield* inBlocks(lines());
  yield `\nIn profile:        Vehicles = ${count} / ${count} (100.00%)\n`;
}

/** A Jamar STARneXt per-vehicle CSV (channels 1 and 2, mph). */
export function* jamarText(
  vehicles: Iterable<GeneratedVehicle>,
  site: SiteDescription,
): Generator<string> {
  yield `Date/Time:, 1/1/2025 12:00:00 AM\nSite Code:, ${site.name.replace(/,/g, ' ')}\nVeh. No., Date, Time, Channel, Class, Speed\n`;
  let count = 0;
  function* lines() {
    for (const vehicle of vehicles) {
      count += 1;
      const date = new Date(vehicle.localMs);
      const hour = date.getUTCHours();
      const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${hour < 12 ? 'AM' : 'PM'}`;
      yield `${count}, ${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}, ${clock}, ${vehicle.lane}, ${vehicle.classIndex}, ${Math.round(vehicle.speedKmh / 1.609344)}`;
    }
  }
  yield* inBlocks(lines());
}

/** An Eco-Counter interval CSV: `Period`, the header, then one row per interval (local times). */
export function* ecoCounterText(
  intervals: Iterable<{ localMs: number; countIn: number; countOut: number }>,
  counter: string,
  period: { from: string; to: string },
): Generator<string> {
  const name = counter.replace(/,/g, ' ');
  yield `Period,"${period.from} - ${period.to}"\nTime,${name},${name} IN,${name} OUT\n`;
  function* lines() {
    for (const interval of intervals)
      yield `${localDateTime(interval.localMs, 0)},${interval.countIn + interval.countOut},${interval.countIn},${interval.countOut}`;
  }
  yield* inBlocks(lines());
}
