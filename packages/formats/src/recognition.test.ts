import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FormatError } from './formatError.ts';
import { readCounterFile } from './readCounterFile.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const fixture = (path: string) => readFileSync(join(fixtures, path), 'utf8');

/** The refusal of `text` read as the file `name` (cut into two chunks, as a stream comes). */
async function refusal(text: string, name = 'damaged.csv'): Promise<FormatError> {
  const bytes = Buffer.from(text);
  const middle = Math.floor(bytes.length / 2);
  try {
    await readCounterFile(Readable.from([bytes.subarray(0, middle), bytes.subarray(middle)]), {
      fileName: name,
      resolveSite: () => Promise.resolve({ timeZone: 'Europe/London' }),
      sink: { vehicle: () => undefined, interval: () => undefined },
    });
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('the text was read without an error');
}

const KNOWN =
  'expected a MetroCount vehicle listing, a Jamar, Roadcount or Eco-Counter CSV, or a national-platform xlsx';

describe('a file whose format is not recognised', () => {
  it('names the first line when no format is near', async () => {
    const error = await refusal(fixture('not-ok/unknown-format.csv'), 'unknown-format.csv');
    expect(error.location).toEqual({ file: 'unknown-format.csv', line: 1 });
    expect(error.message).toBe(
      `unknown-format.csv, line 1: the format is not recognised: 'hello,world' does not begin any format Roadcount reads; ${KNOWN}`,
    );
  });

  it('names the header field of a Roadcount CSV whose first column is misspelt', async () => {
    // Line 1 is the '# Roadcount per-vehicle CSV' comment; the header is line 2.
    const text = fixture('ok/roadcount.csv').replace('timestamp,lane', 'timestmap,lane');
    const error = await refusal(text);
    expect(error.location).toEqual({ file: 'damaged.csv', line: 2, field: 'timestamp' });
    expect(error.message).toBe(
      "damaged.csv, line 2, field 'timestamp': the format is not recognised: a Roadcount CSV header begins with 'timestamp', not 'timestmap'",
    );
  });

  it('names a line that comes before a Roadcount header', async () => {
    const text = `Exported 2025-06-03\n${fixture('ok/roadcount.csv')}`;
    // The stray line is line 1, the comment line 2, the header line 3.
    expect((await refusal(text)).message).toBe(
      "damaged.csv, line 1: the format is not recognised: 'Exported 2025-06-03' comes before the Roadcount CSV header at line 3; only blank lines and '#' comments may",
    );
  });

  it('names the Eco-Counter line whose first word was damaged', async () => {
    const text = fixture('ok/ecocounter-iso.csv').replace('Period,', '\u0005eriod,');
    const error = await refusal(text);
    expect(error.location).toEqual({ file: 'damaged.csv', line: 1, field: 'Period' });
    // The control character is shown as '?'.
    expect(error.message).toBe(
      "damaged.csv, line 1, field 'Period': the format is not recognised: an Eco-Counter CSV begins with a 'Period,' line, not '?eriod,2023-12-01 - 2023-12-01'",
    );
  });

  it('names the MetroCount line that nearly says Site:', async () => {
    // 'Site:' is line 5 of the listing (banner, title, blank, 'Datasets:', then 'Site:'); the
    // quote is its first 40 characters once its run of spaces is one.
    const text = fixture('ok/metrocount-metric.txt').replace('Site:', 'Sit3:');
    expect((await refusal(text, 'listing.txt')).message).toBe(
      "listing.txt, line 5: the format is not recognised: 'Sit3: [0123] High Street north of Bridge…' is not the 'Site:' line of a MetroCount listing",
    );
  });

  it('names the last line looked at when a MetroCount mark is missing altogether', async () => {
    // The 'Survey Duration:', 'Data type:' and 'Column Legend:' lines are removed: only
    // 'Site:' and the banner say MetroCount.
    const lines = fixture('ok/metrocount-metric.txt')
      .split('\n')
      .filter((line) => !/^(Survey Duration|Data type|Column Legend):/.test(line))
      .slice(0, 20);
    const error = await refusal(lines.join('\n'), 'listing.txt');
    // Twenty lines were read to recognise it; the twentieth is the last looked at.
    expect(error.location).toEqual({ file: 'listing.txt', line: 20 });
    expect(error.message).toBe(
      "listing.txt, line 20: the format is not recognised: a MetroCount listing's 'Survey Duration:', 'Data type:' or 'Column Legend:' line is not among the first 20 lines, read to recognise the format",
    );
  });

  it('names the Jamar vehicle table header field that was damaged', async () => {
    // Jamar's header lines: 'Date/Time:', 'Site Code:', 'Station ID:', then the table at line 4
    // (quoted to its 40th character: 'Veh; No., ' 10, 'Date, ' 16, 'Time, ' 22, 'Channel, '
    // 31, 'Class, ' 38, 'Sp' 40).
    const text = fixture('ok/jamar.csv').replace('Veh. No.,', 'Veh; No.,');
    const error = await refusal(text);
    expect(error.location).toEqual({ file: 'damaged.csv', line: 4, field: 'Veh. No.' });
    expect(error.message).toBe(
      "damaged.csv, line 4, field 'Veh. No.': the format is not recognised: 'Veh; No., Date, Time, Channel, Class, Sp…' is not the 'Veh. No.,' header of a Jamar CSV's vehicle table",
    );
  });

  it('names no line in an empty file, which has none', async () => {
    const error = await refusal('');
    expect(error.location).toEqual({ file: 'damaged.csv' });
    expect(error.message).toBe(
      `damaged.csv: the format is not recognised: the file is empty; ${KNOWN}`,
    );
  });
});

describe('a file that ends before its format is complete', () => {
  it('names the last line of a Jamar CSV with a header and no vehicles', async () => {
    const header = fixture('ok/jamar.csv').split('\n').slice(0, 4).join('\n');
    expect((await refusal(header)).message).toBe(
      'damaged.csv, line 4: the file ends without a vehicle after its header',
    );
  });

  it('names the last line of an Eco-Counter CSV with a header and no intervals', async () => {
    const header = fixture('ok/ecocounter-iso.csv').split('\n').slice(0, 2).join('\n');
    expect((await refusal(header)).message).toBe(
      'damaged.csv, line 2: the file ends without an interval after its header',
    );
  });
});
