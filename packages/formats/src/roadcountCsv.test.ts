import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FormatError } from './formatError.ts';
import { generateTraffic, roadcountCsvText } from './generate.ts';
import { readCounterFile } from './readCounterFile.ts';
import type { CounterFileHeader, VehicleObservation } from './types.ts';

const site = { name: 'Mill Lane', latitude: 52.2, longitude: 0.12, timeZone: 'Europe/London' };

/** A generated file, with rows that only the text path reads among its first hundred. */
function fileWithUnusualRows(): string {
  const vehicles = [
    ...generateTraffic({
      seed: 3,
      startDay: '2025-03-29',
      days: 2,
      vehiclesPerDay: 600,
      directions: [1, 5],
      meanSpeedKmh: 45,
    }),
  ];
  const lines = [...roadcountCsvText(vehicles, site)].join('').split('\n');
  const row = (at: number, change: (fields: string[]) => void) => {
    const fields = (lines[at] as string).split(',');
    change(fields);
    lines[at] = fields.join(',');
  };
  row(10, (fields) => (fields[0] = `${fields[0]}Z`));
  row(11, (fields) => (fields[0] = `${fields[0]}+02:00`));
  row(12, (fields) => (fields[0] = ` ${fields[0]} `));
  row(13, (fields) => (fields[2] = 'nb'));
  row(14, (fields) => (fields[2] = fields[2] === 'N' ? '1' : '5'));
  row(15, (fields) => (fields[4] = '4.25e1'));
  row(16, (fields) => (fields[6] = ' 2.5'));
  row(17, (fields) => (fields[12] = '"Mill Lane, north"'));
  row(18, (fields) => (fields[12] = 'Mill Lañe'));
  row(19, (fields) => (fields[7] = ''));
  row(20, (fields) => (fields[0] = (fields[0] as string).replace('T', ' ')));
  lines.splice(21, 0, '', '# a note, with commas, in it,,,,,,,,,,,');
  return lines.join('\r\n');
}

async function readAs(text: string, input: 'text' | 'bytes') {
  // Small chunks, so that rows also straddle the reads.
  const encoded = Buffer.from(text);
  const chunks =
    input === 'text'
      ? (text.match(/[\s\S]{1,997}/g) ?? [])
      : Array.from({ length: Math.ceil(encoded.length / 997) }, (_, index) =>
          encoded.subarray(index * 997, (index + 1) * 997),
        );
  const vehicles: VehicleObservation[] = [];
  let header: CounterFileHeader | undefined;
  const summary = await readCounterFile(Readable.from(chunks), {
    fileName: 'mill-lane.csv',
    resolveSite: (fromFile) => {
      header = fromFile;
      return Promise.resolve({ timeZone: site.timeZone });
    },
    sink: { vehicle: (vehicle) => vehicles.push(vehicle), interval: () => undefined },
  });
  return { summary, vehicles, header };
}

describe('Roadcount CSV rows given as bytes', () => {
  it('are read as the same vehicles as the same rows given as text', async () => {
    const text = fileWithUnusualRows();
    const asText = await readAs(text, 'text');
    const asBytes = await readAs(text, 'bytes');
    expect(asText.vehicles.length).toBeGreaterThan(500);
    expect(asBytes).toEqual(asText);
    expect(asBytes.header?.directions).toEqual([1, 5]);
    // A day of the change to summer time is in the file, and fractions of a second.
    expect(asBytes.vehicles.some((vehicle) => vehicle.timeMs % 1000 !== 0)).toBe(true);
    // Line 15 is the 14th vehicle's (after the header line).
    expect(asBytes.vehicles[14]?.speedMps).toBeCloseTo(42.5 / 3.6, 10);
    expect(asBytes.vehicles[18]?.gapS).toBeNaN();
  });

  it('that a reader refuses are refused with the same line and field', async () => {
    const lines = fileWithUnusualRows().split('\r\n');
    lines[40] = (lines[40] as string).replace(/^([^,]*),([^,]*),([^,]*),([^,]*),/, '$1,$2,$3,$4,-');
    const text = lines.join('\n');
    const errors = await Promise.all(
      (['text', 'bytes'] as const).map((input) =>
        readAs(text, input).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    expect(errors[0]).toBeInstanceOf(FormatError);
    expect((errors[0] as FormatError).message).toMatch(/line 41, field 'speed_kmh': speed -/);
    expect(errors[1]).toEqual(errors[0]);
  });
});
