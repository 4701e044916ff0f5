import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { generateTraffic, jamarText } from './generate.ts';
import { LocalTimeConverter } from './localTime.ts';
import { readCounterFile } from './readCounterFile.ts';
import type { DirectionCode, VehicleObservation } from './types.ts';

const TIME_ZONE = 'America/Chicago';
const LANE_DIRECTIONS: Record<number, DirectionCode> = { 1: 3, 2: 7 };

/** Rows the generator does not write: no seconds, fractions, lower case, quotes, decimals. */
const UNUSUAL_ROWS = [
  '9001, 3/9/2025, 1:02 pm, 2, 15, 40',
  '9002, 03/09/2025, 12:00:00.25 AM, 1, 3, 30',
  '9003, "3/9/2025", 11:59:59 PM, 2, 4, 55',
  '9004, 3/9/2025, 11:59:59PM, 1, 2, 07',
  '9005, 3/9/2025, 2:30:00 AM, 2, 2, 41.5',
  '9006,3/10/2025,10:15:30 AM,1,14,12',
];

/** The obviously correct reading: split on commas, trim, match the date and time patterns. */
function referenceRead(text: string): VehicleObservation[] {
  const local = new LocalTimeConverter(TIME_ZONE);
  const vehicles: VehicleObservation[] = [];
  for (const line of text.split('\n')) {
    const fields = line.split(',').map((field) => field.trim().replace(/^"(.*)"$/, '$1'));
    const day = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(fields[1] ?? '');
    const clock = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*([AP]M)$/i.exec(fields[2] ?? '');
    if (!day || !clock) continue;
    const hour = (Number(clock[1]) % 12) + ((clock[5] ?? '').toUpperCase() === 'PM' ? 12 : 0);
    const timeMs = local.toUtcMs(
      Number(day[3]),
      Number(day[1]),
      Number(day[2]),
      hour,
      Number(clock[2]),
      Number(clock[3] ?? 0),
      clock[4] ? Math.round(Number(`0.${clock[4]}`) * 1000) : 0,
    );
    const channel = Number(fields[3]);
    const jamarClass = Number(fields[4]);
    vehicles.push({
      timeMs,
      lane: channel,
      direction: LANE_DIRECTIONS[channel] ?? 0,
      classIndex: jamarClass === 15 ? 0 : jamarClass,
      speedMps: Number(fields[5]) * 0.44704,
      lengthM: Number.NaN,
      headwayS: Number.NaN,
      gapS: Number.NaN,
      axles: Number.NaN,
      wheelbaseM: Number.NaN,
      rho: Number.NaN,
    });
  }
  return vehicles;
}

describe('Jamar rows', () => {
  it('store what a plain split and pattern match of each row reads', async () => {
    const generated = generateTraffic({
      seed: 5,
      startDay: '2025-03-08',
      days: 3,
      vehiclesPerDay: 400,
      directions: [3, 7],
      meanSpeedKmh: 40,
    });
    const text = `${[...jamarText(generated, { name: 'Oak Avenue' })].join('')}\n${UNUSUAL_ROWS.join('\n')}\n`;
    const vehicles: VehicleObservation[] = [];
    // Small chunks, so that rows also straddle the reads.
    const chunks = text.match(/[\s\S]{1,991}/g) ?? [];
    await readCounterFile(Readable.from(chunks), {
      fileName: 'jamar.csv',
      resolveSite: () => Promise.resolve({ timeZone: TIME_ZONE, laneDirections: LANE_DIRECTIONS }),
      sink: { vehicle: (vehicle) => vehicles.push(vehicle), interval: () => undefined },
    });
    const expected = referenceRead(text);
    expect(expected.length).toBeGreaterThan(800 + UNUSUAL_ROWS.length);
    expect(vehicles).toEqual(expected);
  });
});
