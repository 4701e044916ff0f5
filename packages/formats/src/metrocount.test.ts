import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { generateTraffic, metroCountText } from './generate.ts';
import { LocalTimeConverter } from './localTime.ts';
import { readCounterFile } from './readCounterFile.ts';
import type { VehicleObservation } from './types.ts';

const TIME_ZONE = 'Europe/London';

/** A generated listing with blank Hdwy and Gap (and sometimes Rho) fields on some rows. */
function listingWithBlanks(): string {
  const vehicles = generateTraffic({
    seed: 11,
    startDay: '2025-03-29',
    days: 3,
    vehiclesPerDay: 400,
    directions: [1, 5],
    meanSpeedKmh: 45,
  });
  const lines = [...metroCountText(vehicles, { name: 'Blank Road' }, 1)].join('').split('\n');
  const header = lines.find((line) => line.startsWith('Date-Time')) ?? '';
  const region = (name: string) => {
    const names = [...header.matchAll(/\S+/g)];
    const index = names.findIndex((match) => match[0] === name);
    const previous = names[index - 1] as RegExpExecArray;
    const current = names[index] as RegExpExecArray;
    return [previous.index + previous[0].length, current.index + current[0].length] as const;
  };
  const blank = (line: string, name: string) => {
    const [from, to] = region(name);
    return line.slice(0, from) + ' '.repeat(to - from) + line.slice(to);
  };
  // Rows whose values all fit their columns; a wider value moves the rest of its row right.
  const alignedLength = header.indexOf(' Vehicle') + ' SV'.length;
  let row = 0;
  return lines
    .map((line) => {
      if (!/^\d{4}-/.test(line) || line.length !== alignedLength) return line;
      row += 1;
      if (row % 5 === 0) return blank(blank(line, 'Hdwy'), 'Gap');
      if (row % 7 === 0) return blank(blank(line, 'Gap'), 'Rho');
      return line;
    })
    .join('\n');
}

/**
 * Rows the byte path leaves to the text path: a letter for the direction, a speed in exponent
 * form, CRLF, a tab, a non-ASCII vehicle name.
 */
const UNUSUAL_ROWS = [
  '2025-04-01 08:00:00.0    52.1   N    2.7   15.0   14.6  2  1 0.98    1  1 SV',
  '2025-04-01 08:00:01.0    5e1   0    2.7   15.0   14.6  2  1 0.98    1  1 SV\r',
  '2025-04-01 08:00:02.0    48.0   5    2.6    4.5    4.3  2  1 0.97    2  1 Vélo',
  '2025-04-01 08:00:03.5    48.0   5    2.6    4.5    4.3  2  1 0.97    3  1\tSV',
];

/** The listing with the unusual rows at the end of its table, and its footer counting them. */
function withUnusualRows(listing: string): string {
  return listing.replace(
    /\nIn profile:\s*Vehicles = (\d+) \/ (\d+)/,
    (_, count: string) =>
      `${UNUSUAL_ROWS.map((row) => `\n${row}`).join('')}\nIn profile:        Vehicles = ${Number(count) + UNUSUAL_ROWS.length} / ${Number(count) + UNUSUAL_ROWS.length}`,
  );
}

/**
 * The obviously correct reading: a row with every field is its whitespace-separated values in
 * order (some are wider than their column); in a row with blanks, each field is the text between
 * the end of the previous column name and the end of its own, trimmed, and blank is missing.
 */
function referenceRead(text: string): VehicleObservation[] {
  const lines = text.split('\n');
  const header = lines.find((line) => line.startsWith('Date-Time')) ?? '';
  const names = [...header.matchAll(/\S+/g)].map((match) => ({
    name: match[0],
    end: match.index + match[0].length,
  }));
  const local = new LocalTimeConverter(TIME_ZONE);
  const vehicles: VehicleObservation[] = [];
  for (const line of lines) {
    const when = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)\.(\d)/.exec(line);
    if (!when) continue;
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, tenth = 0] = when
      .slice(1)
      .map(Number);
    const afterTime = when[0].length;
    const tokens = line.trim().split(/\s+/);
    const text = (name: string) => {
      const index = names.findIndex((column) => column.name === name);
      if (tokens.length === names.length) return tokens[index + 1] ?? '';
      const from = Math.max(afterTime, names[index - 1]?.end ?? 0);
      const to = index === names.length - 1 ? line.length : (names[index]?.end ?? 0);
      return line.slice(from, to).trim();
    };
    const field = (name: string) => {
      const value = text(name);
      return value === '' ? Number.NaN : Number(value);
    };
    const direction = text('Dir') === 'N' ? 1 : field('Dir');
    vehicles.push({
      timeMs: local.toUtcMs(year, month, day, hour, minute, second, tenth * 100),
      lane: 0,
      direction: (direction === 0 ? 1 : direction) as VehicleObservation['direction'],
      classIndex: field('Cl'),
      speedMps: field('Speed') * (1 / 3.6),
      lengthM: Number.NaN,
      headwayS: field('Hdwy'),
      gapS: field('Gap'),
      axles: field('Ax'),
      wheelbaseM: Number.NaN,
      rho: field('Rho'),
    });
  }
  return vehicles;
}

describe('MetroCount table columns', () => {
  it.each(['text', 'bytes'])(
    'stores what a plain cut of each row under its header reads, blank fields included (%s)',
    async (input) => {
      const text = withUnusualRows(listingWithBlanks());
      const vehicles: VehicleObservation[] = [];
      // Small chunks, so that rows also straddle the reads.
      const encoded = Buffer.from(text);
      const chunks =
        input === 'text'
          ? (text.match(/[\s\S]{1,997}/g) ?? [])
          : Array.from({ length: Math.ceil(encoded.length / 997) }, (_, index) =>
              encoded.subarray(index * 997, (index + 1) * 997),
            );
      await readCounterFile(Readable.from(chunks), {
        fileName: 'blanks.txt',
        resolveSite: () => Promise.resolve({ timeZone: TIME_ZONE }),
        sink: { vehicle: (vehicle) => vehicles.push(vehicle), interval: () => undefined },
      });
      const expected = referenceRead(text);
      expect(expected.length).toBeGreaterThan(800);
      expect(expected.filter((vehicle) => Number.isNaN(vehicle.headwayS)).length).toBeGreaterThan(
        100,
      );
      expect(vehicles).toEqual(expected);
      expect(vehicles.slice(-4).map((vehicle) => Math.round(vehicle.speedMps * 36) / 10)).toEqual([
        52.1, 50, 48, 48,
      ]);
    },
  );
});
