import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from './formatError.ts';
import { ecoCounterDirectionOf } from './ecocounter.ts';
import { readCounterFile } from './readCounterFile.ts';
import type { CounterFileHeader, IntervalObservation, VehicleObservation } from './types.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');

async function read(
  relativePath: string,
  timeZone = 'Europe/London',
  laneDirections?: Record<number, 1 | 3 | 5 | 7>,
) {
  const vehicles: VehicleObservation[] = [];
  let seenHeader: CounterFileHeader | undefined;
  const summary = await readCounterFile(createReadStream(join(fixtures, relativePath)), {
    fileName: relativePath.split('/').at(-1) ?? relativePath,
    resolveSite: (header) => {
      seenHeader = header;
      return Promise.resolve({ timeZone, ...(laneDirections ? { laneDirections } : {}) });
    },
    sink: { vehicle: (vehicle) => vehicles.push(vehicle), interval: () => undefined },
  });
  return { summary, vehicles, header: seenHeader };
}

async function failure(relativePath: string): Promise<FormatError> {
  try {
    await read(relativePath);
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error(`${relativePath} was read without an error`);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('MetroCount individual vehicles', () => {
  it('reads the header, converts local time and units, and counts every vehicle', async () => {
    const { summary, vehicles, header } = await read('ok/metrocount-metric.txt');
    expect(header).toMatchObject({
      format: 'metrocount',
      siteName: '[0123] High Street north of Bridge Road',
      latitude: 51.5072,
      longitude: -0.1276,
      timeZone: 'Europe/London',
      classScheme: 'Vehicle classification (ARX)',
      directions: [1],
    });
    expect(summary.vehicles).toBe(5);
    expect(iso(summary.firstMs ?? 0)).toBe('2025-03-03T10:00:04.500Z');
    expect(iso(summary.lastMs ?? 0)).toBe('2025-03-04T09:59:58.000Z');
    const [first, second, , , last] = vehicles;
    expect(first?.speedMps).toBeCloseTo(52.1 / 3.6, 10);
    expect(first?.direction).toBe(1); // Dir 0 takes the declared direction
    expect(second?.direction).toBe(5);
    expect(first).toMatchObject({
      lane: 0,
      classIndex: 1,
      axles: 2,
      headwayS: 15,
      gapS: 14.6,
      rho: 0.98,
    });
    expect(last).toMatchObject({ classIndex: 9, axles: 5 });
  });

  it('reads a blank field as missing, leaving the later columns where they stand', async () => {
    const { summary, vehicles } = await read('ok/metrocount-blank-fields.txt');
    expect(summary.vehicles).toBe(5);
    const [first, second, third, fourth, fifth] = vehicles;
    // Hdwy and Gap blank: Ax, Rho and Cl keep their own values.
    expect(first?.headwayS).toBeNaN();
    expect(first?.gapS).toBeNaN();
    expect(first).toMatchObject({ axles: 2, rho: 0.98, classIndex: 1, direction: 1 });
    expect(first?.speedMps).toBeCloseTo(52.1 / 3.6, 10);
    expect(second).toMatchObject({ headwayS: 4.5, gapS: 4.3, axles: 2, rho: 0.97, classIndex: 1 });
    expect(second?.direction).toBe(5);
    // Gap alone blank.
    expect(third).toMatchObject({ headwayS: 12.2, axles: 3, rho: 0.91, classIndex: 3 });
    expect(third?.gapS).toBeNaN();
    // Hdwy, Gap and Rho blank.
    expect(fourth?.headwayS).toBeNaN();
    expect(fourth?.gapS).toBeNaN();
    expect(fourth?.rho).toBeNaN();
    expect(fourth).toMatchObject({ axles: 2, classIndex: 1 });
    expect(fourth?.speedMps).toBeCloseTo(38.9 / 3.6, 10);
    expect(fifth).toMatchObject({ headwayS: 2, gapS: 0.8, axles: 5, rho: 0.88, classIndex: 9 });
  });

  it.each([
    [
      'not-ok/metrocount-bad-speed.txt',
      "metrocount-bad-speed.txt, line 27, field 'Speed': 'fast' is not a number",
    ],
    [
      'not-ok/metrocount-truncated.txt',
      "metrocount-truncated.txt, line 34, field 'In profile': the footer says 5 vehicles but the table lists 4; the file may be cut short",
    ],
    [
      'not-ok/metrocount-bad-date.txt',
      "metrocount-bad-date.txt, line 31, field 'Date-Time': '2025-13-03 23:59:59.9' is not a date and time (YYYY-MM-DD HH:MM:SS)",
    ],
    [
      // A full-width digit: a character that is not ASCII where the date's digits are read.
      'not-ok/metrocount-wide-digit-date.txt',
      "metrocount-wide-digit-date.txt, line 31, field 'Date-Time': '2025-03-０3 23:59:59.9' is not a date and time (YYYY-MM-DD HH:MM:SS)",
    ],
    [
      'not-ok/metrocount-unknown-units.txt',
      "metrocount-unknown-units.txt, line 23, field 'Units': units 'Furlongs per fortnight' are not ones this reader knows",
    ],
  ])('refuses %s naming the line and field', async (path, message) => {
    expect((await failure(path)).message).toBe(message);
  });
});

describe('Roadcount CSV', () => {
  it('reads offsets and Z times, units from the header names, and the site columns', async () => {
    const { summary, vehicles, header } = await read('ok/roadcount.csv');
    expect(header).toMatchObject({
      format: 'roadcount',
      siteName: 'Riverside Drive',
      latitude: 53.4084,
      longitude: -2.9916,
    });
    expect(summary.vehicles).toBe(4);
    expect(iso(summary.firstMs ?? 0)).toBe('2025-06-02T07:00:01.250Z');
    expect(iso(summary.lastMs ?? 0)).toBe('2025-06-02T07:01:00.000Z');
    expect(vehicles[1]).toMatchObject({ lane: 2, direction: 5, classIndex: 3, lengthM: 9.8 });
    expect(vehicles[1]?.headwayS).toBeNaN();
    expect(vehicles[0]?.speedMps).toBeCloseTo(14, 10);
  });

  it.each([
    [
      'not-ok/roadcount-bad-timestamp.csv',
      "roadcount-bad-timestamp.csv, line 5, field 'timestamp': '02/06/2025 08:00' is not an ISO 8601 timestamp",
    ],
    [
      'not-ok/roadcount-no-speed-column.csv',
      "roadcount-no-speed-column.csv, line 2, field 'speed': the header has no speed column (speed_kmh, speed_mph or speed_mps)",
    ],
    [
      'not-ok/roadcount-bad-direction.csv',
      "roadcount-bad-direction.csv, line 6, field 'direction': 'up' is not a direction (N, E, S, W or 0 to 8)",
    ],
  ])('refuses %s naming the line and field', async (path, message) => {
    expect((await failure(path)).message).toBe(message);
  });
});

describe('Jamar STARneXt CSV', () => {
  it('reads US dates and 12-hour times in the site zone, mph, and channels as the site’s lanes', async () => {
    const { summary, vehicles, header } = await read('ok/jamar.csv', 'America/Chicago', {
      1: 1,
      2: 5,
    });
    expect(header).toMatchObject({ format: 'jamar', siteName: 'Elm Street', description: '0042' });
    expect(summary.vehicles).toBe(4);
    // 6 Nov 2023 is after the US change back to standard time: Chicago is UTC-6.
    expect(iso(summary.firstMs ?? 0)).toBe('2023-11-06T17:54:57.000Z');
    expect(iso(summary.lastMs ?? 0)).toBe('2023-11-07T06:00:00.000Z');
    expect(
      vehicles.map((vehicle) => [vehicle.lane, vehicle.direction, vehicle.classIndex]),
    ).toEqual([
      [1, 1, 2],
      [2, 5, 14],
      [1, 1, 0],
      [2, 5, 3],
    ]);
    expect(vehicles[0]?.speedMps).toBeCloseTo(34 * 0.44704, 10);
  });

  it('refuses a 24-hour time naming the line and field', async () => {
    expect((await failure('not-ok/jamar-bad-time.csv')).message).toBe(
      "jamar-bad-time.csv, line 7, field 'Date': '11/6/2023 13:01' is not a date and time (M/D/YYYY h:mm:ss AM)",
    );
  });
});

describe('Eco-Counter interval CSV', () => {
  async function intervalsOf(path: string) {
    const intervals: IntervalObservation[] = [];
    const summary = await readCounterFile(createReadStream(join(fixtures, path)), {
      fileName: path,
      resolveSite: () =>
        Promise.resolve({ timeZone: 'Europe/London', laneDirections: { 1: 3, 2: 7 } }),
      sink: { vehicle: () => undefined, interval: (interval) => intervals.push(interval) },
      intervalMode: 'pedestrian',
    });
    return { summary, intervals };
  }

  it('reads IN as direction one and OUT as direction two, in the site zone', async () => {
    const { summary, intervals } = await intervalsOf('ok/ecocounter.csv');
    expect(summary).toMatchObject({
      vehicles: 36,
      intervals: 8,
      header: { format: 'ecocounter', siteName: 'Thames Path' },
    });
    expect(iso(summary.firstMs ?? 0)).toBe('2025-08-14T11:00:00.000Z');
    expect(intervals[0]).toEqual({
      startMs: Date.UTC(2025, 7, 14, 11),
      durationS: 900,
      direction: 3,
      lane: 1,
      count: 7,
      mode: 'pedestrian',
    });
    expect(intervals[1]).toMatchObject({ direction: 7, lane: 2, count: 5 });
  });

  it('reads ISO times; without an OUT column, OUT is the total minus IN', async () => {
    const { summary, intervals } = await intervalsOf('ok/ecocounter-iso.csv');
    expect(summary.vehicles).toBe(4);
    expect(summary.directionsNotTotal).toBeUndefined();
    // Totals 3 and 1, IN 3 and 1: no one rode the other way.
    expect(intervals.map((interval) => [interval.direction, interval.count])).toEqual([
      [3, 3],
      [7, 0],
      [3, 1],
      [7, 0],
    ]);
  });

  it('holds rows whose IN + OUT is not the total, naming their lines', async () => {
    const { summary, intervals } = await intervalsOf('ok/ecocounter-total-mismatch.csv');
    // Line 5: total 8, IN 3 + OUT 4 = 7. The counts are kept as the file gives them.
    expect(summary.directionsNotTotal).toEqual({ rows: 1, lines: [5] });
    expect(summary.vehicles).toBe(12 + 9 + 8 + 15);
    expect(
      intervals.filter((interval) => interval.startMs === Date.UTC(2025, 7, 14, 11, 30)),
    ).toMatchObject([
      { direction: 3, count: 3 },
      { direction: 7, count: 4 },
    ]);
  });

  async function intervalsOfText(text: string) {
    const intervals: IntervalObservation[] = [];
    const summary = await readCounterFile(Readable.from([text]), {
      fileName: 'counter.csv',
      resolveSite: () =>
        Promise.resolve({ timeZone: 'Europe/Paris', laneDirections: { 1: 1, 2: 5 } }),
      sink: { vehicle: () => undefined, interval: (interval) => intervals.push(interval) },
      intervalMode: 'bike',
    });
    return { summary, intervals };
  }
  const byDirection = (intervals: IntervalObservation[]) => {
    const totals: Record<number, number> = {};
    for (const interval of intervals)
      totals[interval.direction] = (totals[interval.direction] ?? 0) + interval.count;
    return totals;
  };

  it('reads 3010_IN (no space) as IN; the other way is the total minus it', async () => {
    // A one-way cycle lane: totals 10, 4 and 0; IN 7, 4 and 0, so 3, 0 and 0 rode the other way.
    const { summary, intervals } = await intervalsOfText(
      'Period,2025-05-05 - 2025-05-05\nTime,3010,3010_IN\n' +
        '2025-05-05 08:00:00,10,7\n2025-05-05 08:15:00,4,4\n2025-05-05 08:30:00,0,0\n',
    );
    expect(summary.vehicles).toBe(14);
    expect(summary.directionsNotTotal).toBeUndefined();
    expect(byDirection(intervals)).toEqual({ 1: 11, 5: 3 });
    expect(intervals.some((interval) => interval.direction === 0)).toBe(false);
  });

  it('reads the direction words of other languages and separators', async () => {
    // OUT only (French, hyphen): IN is the total minus it: 6 - 2 = 4 and 5 - 5 = 0.
    const { intervals } = await intervalsOfText(
      'Period,2025-05-05 - 2025-05-05\nTime,Quai Nord,Quai Nord-Sortie\n' +
        '2025-05-05 08:00:00,6,2\n2025-05-05 08:15:00,5,5\n',
    );
    expect(byDirection(intervals)).toEqual({ 1: 4, 5: 7 });
    expect(
      ['Brug_UIT', 'Puente Entrada', 'Ponte.USCITA', 'Gare IN', 'Main', 'Fin', 'IN'].map(
        ecoCounterDirectionOf,
      ),
    ).toEqual(['out', 'in', 'out', 'in', undefined, undefined, undefined]);
  });

  it('holds a row whose one direction is above the total', async () => {
    const { summary, intervals } = await intervalsOfText(
      'Period,2025-05-05 - 2025-05-05\nTime,3010,3010 IN\n' +
        '2025-05-05 08:00:00,5,5\n2025-05-05 08:15:00,4,6\n',
    );
    expect(summary.directionsNotTotal).toEqual({ rows: 1, lines: [4] });
    expect(byDirection(intervals)).toEqual({ 1: 11, 5: 0 });
  });
});

describe('national-platform xlsx', () => {
  it('reads counts per class, direction code and lane', async () => {
    const intervals: IntervalObservation[] = [];
    const summary = await readCounterFile(createReadStream(join(fixtures, 'ok/national.xlsx')), {
      fileName: 'national.xlsx',
      resolveSite: () => Promise.resolve({ timeZone: 'Europe/London' }),
      sink: { vehicle: () => undefined, interval: (interval) => intervals.push(interval) },
    });
    // Four hours of 40+35+3+2+1 = 81, plus 0+2+4+6 growth in the car columns.
    expect(summary).toMatchObject({
      vehicles: 4 * 81 + 12,
      intervals: 20,
      header: { format: 'national' },
    });
    expect(iso(summary.firstMs ?? 0)).toBe('2025-04-30T23:00:00.000Z');
    expect(
      intervals
        .slice(0, 5)
        .map((interval) => [interval.mode, interval.direction, interval.lane, interval.count]),
    ).toEqual([
      ['vehicle', 1, 0, 40],
      ['vehicle', 5, 0, 35],
      ['bike', 1, 0, 3],
      ['vehicle', 3, 1, 2],
      ['vehicle', 3, 2, 1],
    ]);
    expect(intervals[0]?.durationS).toBe(3600);
  });

  it.each([
    [
      'not-ok/national-too-many-columns.xlsx',
      "national-too-many-columns.xlsx, line 1: 26 data columns, more than the 25 one import takes: 'Class26 IN' are over the limit",
    ],
    [
      'not-ok/national-repeat-without-lane.xlsx',
      "national-repeat-without-lane.xlsx, line 1: a lane number is needed where class and direction repeat: 'Car IN', 'Car IN'",
    ],
    [
      // Every header cell that names no class and direction, listed in one message.
      'not-ok/national-unnamed-columns.xlsx',
      "national-unnamed-columns.xlsx, line 1: 'Cars', 'Vans' do not name a class and a direction (IN, OUT or NON)",
    ],
    [
      'not-ok/national-bad-count.xlsx',
      "national-bad-count.xlsx, line 3, field 'Car OUT': 'lots' is not a count",
    ],
  ])('refuses %s naming the columns', async (path, message) => {
    expect((await failure(path)).message).toBe(message);
  });
});

describe('format detection', () => {
  it('refuses a file of no known format', async () => {
    expect((await failure('not-ok/unknown-format.csv')).message).toMatch(
      /^unknown-format\.csv, line 1: the format is not recognised/,
    );
  });
});

describe('Roadcount CSV saved by a spreadsheet', () => {
  it('reads a header with a byte order mark and quoted names, as Excel writes CSV UTF-8', async () => {
    const text =
      '\uFEFF"timestamp","lane","direction","class","speed_kmh"\r\n' +
      '2025-01-06T10:00:00Z,1,N,2,30.0\r\n' +
      '"2025-01-06T11:00:00Z","2","S","3","45.5"\r\n';
    const vehicles: VehicleObservation[] = [];
    const summary = await readCounterFile(Readable.from([new TextEncoder().encode(text)]), {
      fileName: 'from-excel.csv',
      resolveSite: () => Promise.resolve({ timeZone: 'UTC' }),
      sink: { vehicle: (vehicle) => vehicles.push(vehicle), interval: () => undefined },
    });
    expect(summary.vehicles).toBe(2);
    expect(
      vehicles.map((vehicle) => [vehicle.lane, vehicle.direction, vehicle.classIndex]),
    ).toEqual([
      [1, 1, 2],
      [2, 5, 3],
    ]);
    expect(vehicles[1]?.speedMps).toBeCloseTo(45.5 / 3.6, 10);
  });
});
