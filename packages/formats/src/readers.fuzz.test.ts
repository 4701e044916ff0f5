import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  checkSiteImport,
  recognitionMessageKey,
  serverMessageKey,
  siteImportTemplate,
} from '@roadcount/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from './formatError.ts';
import { readCounterFile } from './readCounterFile.ts';

/**
 * Property-based tests: every counter-file reader (format recognised from the content) and the
 * sites CSV import are fed the fixtures mutated at random, cut into random chunks. Each input is
 * read or refused with a FormatError naming the file, and the line for text that has one;
 * a file no reader recognised is refused with a catalogued message, which the web translates.
 * Nothing else may be thrown, and nothing may hang. FUZZ_RUNS sets the number of inputs per property (CI: a few hundred; `npm run fuzz`: a
 * million in all), and the counts and the slowest input are printed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const FILE = 'fuzzed.csv';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const texts = ['ok', 'not-ok'].flatMap((folder) =>
  readdirSync(join(fixtures, folder))
    .filter((name) => !name.endsWith('.xlsx'))
    .map((name) => readFileSync(join(fixtures, folder, name))),
);
const workbook = readFileSync(join(fixtures, 'ok', 'national.xlsx'));

type Edit =
  | { kind: 'byte'; at: number; value: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'repeatLine'; at: number; times: number }
  | { kind: 'cut'; at: number };

/**
 * Where in the input an edit goes, as a fraction of its length. Integers, not doubles: fast-check
 * draws doubles near 0 so often (subnormals) that half the inputs were cut to nothing.
 */
const position = fc.integer({ min: 0, max: 1_000_000 }).map((at) => at / 1_000_000);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('byte' as const),
    at: position,
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: position,
    text: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        ',',
        '"',
        '\n',
        '\r\n',
        '-',
        '9999999999',
        'NaN',
        '1e308',
        '',
        '\uFEFF',
        'é',
        '東京',
        ':',
      ),
    ),
  }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: position,
    length: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    kind: fc.constant('repeatLine' as const),
    at: position,
    times: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant('cut' as const), at: position }),
);

/**
 * Inputs are kept under 1 MB: repeating a line of a file without newlines repeats the whole
 * file, and a few such edits made 55 MB inputs, which measure throughput, not robustness.
 */
const MAX_INPUT_BYTES = 1024 * 1024;
/**
 * A sites CSV is checked row by row, each refused row costing its errors: 64 KB (some 700 rows)
 * reaches every check; the 5,000-row limit is tested with the import itself.
 */
const MAX_SITE_CSV_BYTES = 64 * 1024;

function mutate(source: Buffer, edits: Edit[], maxBytes = MAX_INPUT_BYTES): Buffer {
  let bytes = Buffer.from(source);
  for (const change of edits) {
    const at = Math.floor(change.at * bytes.length);
    if (change.kind === 'byte' && bytes.length > 0) {
      bytes[Math.min(at, bytes.length - 1)] = change.value;
    } else if (change.kind === 'insert') {
      bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(change.text), bytes.subarray(at)]);
    } else if (change.kind === 'delete') {
      bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + change.length)]);
    } else if (change.kind === 'repeatLine') {
      const start = bytes.lastIndexOf(10, at) + 1;
      const end = bytes.indexOf(10, at);
      const line = bytes.subarray(start, end === -1 ? bytes.length : end + 1);
      const repeated = Buffer.concat(Array.from({ length: change.times }, () => line));
      bytes = Buffer.concat([bytes.subarray(0, start), repeated, bytes.subarray(start)]);
    } else if (change.kind === 'cut') {
      bytes = bytes.subarray(0, at);
    }
    if (bytes.length > maxBytes) bytes = bytes.subarray(0, maxBytes);
  }
  return bytes;
}

/** The bytes cut at the given fractions: readers meet lines and characters split anywhere. */
function chunked(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => Math.floor(cut * bytes.length)))].sort(
    (a, b) => a - b,
  );
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

const tally = {
  read: 0,
  refused: 0,
  refusedNamingLine: 0,
  /** Refusals of an empty input (or a lone byte-order mark), which has no line to name. */
  refusedEmpty: 0,
  /** Refusals of a file no reader recognised, each a catalogued message. */
  refusedUnrecognised: 0,
  slowestMs: 0,
  slowest: '',
};

/** Keeps the slowest input's time, and what it was, to print at the end. */
function timed(started: number, describe: () => string) {
  const ms = performance.now() - started;
  if (ms > tally.slowestMs) {
    tally.slowestMs = ms;
    tally.slowest = describe();
  }
}

/**
 * Reads the input or checks its refusal: a FormatError naming the file and, for text with a
 * line in it, the line (an xlsx refused as a zip has none: its rows are not reached).
 */
async function readOrRefuse(
  chunks: Buffer[],
  describe: () => string,
  kind: 'text' | 'xlsx',
): Promise<void> {
  const started = performance.now();
  try {
    await readCounterFile(Readable.from(chunks), {
      fileName: FILE,
      resolveSite: () =>
        Promise.resolve({ timeZone: 'Europe/London', laneDirections: { 1: 1, 2: 5 } }),
      sink: { vehicle: () => undefined, interval: () => undefined },
    });
    tally.read += 1;
  } catch (error) {
    // The one refusal a reader may give: a FormatError that names the file.
    if (!(error instanceof FormatError)) throw error;
    expect(error.message.startsWith(`${FILE}: `) || error.message.startsWith(`${FILE}, `)).toBe(
      true,
    );
    tally.refused += 1;
    // Empty text: no bytes, or only the byte-order mark the line reader drops.
    const bytes = Buffer.concat(chunks);
    const empty = bytes.length === 0 || bytes.equals(UTF8_BOM);
    if (empty) tally.refusedEmpty += 1;
    if (kind === 'text' && !empty && error.location.line === undefined)
      expect.fail(`a refusal of text names no line: ${error.message}`);
    if (error.location.line !== undefined) {
      expect(error.location.line).toBeGreaterThanOrEqual(1);
      tally.refusedNamingLine += 1;
    }
    if (error.message.includes(': the format is not recognised: ')) {
      tally.refusedUnrecognised += 1;
      expectCatalogued(error.message);
    }
  } finally {
    timed(started, describe);
  }
}

/**
 * A refusal of an unrecognised file is a catalogued server message whose reason, and each part
 * of the reason but the quoted text, is catalogued too: all of it is shown translated.
 */
function expectCatalogued(message: string) {
  const known = serverMessageKey(message);
  if (!known?.key.startsWith('formatNotRecognised'))
    expect.fail(`a refusal of an unrecognised file is not catalogued: ${message}`);
  const reason = recognitionMessageKey(known.params.problem ?? '');
  if (!reason) expect.fail(`its reason is not catalogued: ${message}`);
  for (const [name, value] of Object.entries(reason.params))
    if (name !== 'text' && !/^\d+$/.test(value) && !recognitionMessageKey(value))
      expect.fail(`its ${name} is not catalogued: ${message}`);
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const cuts = fc.array(position, { maxLength: 8 });

describe('counter-file readers fed mutated fixtures', () => {
  it('read or refuse with a FormatError naming the file, whatever the text files hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...texts),
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        cuts,
        async (source, edits, at) =>
          readOrRefuse(
            chunked(mutate(source, edits), at),
            () => JSON.stringify({ fixture: texts.indexOf(source), edits, at }),
            'text',
          ),
      ),
      { numRuns: RUNS },
    );
  }, 3_600_000);

  it('read or refuse a national-platform xlsx with bytes changed or cut', async () => {
    const byteEdit = fc.oneof(
      fc.record({
        kind: fc.constant('byte' as const),
        at: position,
        value: fc.integer({ min: 0, max: 255 }),
      }),
      fc.record({ kind: fc.constant('cut' as const), at: position }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(byteEdit, { minLength: 1, maxLength: 4 }),
        cuts,
        async (edits, at) =>
          readOrRefuse(
            chunked(mutate(workbook, edits), at),
            () => JSON.stringify({ xlsx: true, edits, at }),
            'xlsx',
          ),
      ),
      { numRuns: Math.max(20, Math.floor(RUNS / 5)) },
    );
  }, 3_600_000);

  it('import sites from a mutated CSV with errors naming a row, never a crash', () => {
    const template = Buffer.from(siteImportTemplate());
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
        const started = performance.now();
        const { errors } = checkSiteImport(
          mutate(template, edits, MAX_SITE_CSV_BYTES).toString('utf8'),
          ['Existing'],
        );
        for (const problem of errors) expect(problem.message.length).toBeGreaterThan(0);
        timed(started, () => `site import ${JSON.stringify(edits)}`);
      }),
      { numRuns: RUNS },
    );
    const inputs = RUNS * 2 + Math.max(20, Math.floor(RUNS / 5));
    // What `npm run fuzz` reports: inputs tried, crashes (any failure stops the run above).
    console.log(
      `FUZZ inputs=${inputs} read=${tally.read} refused=${tally.refused} refused_naming_line=${tally.refusedNamingLine} refused_empty=${tally.refusedEmpty} refused_unrecognised=${tally.refusedUnrecognised} crashes=0 slowest_ms=${tally.slowestMs.toFixed(1)} slowest_input=${tally.slowest.slice(0, 400)}`,
    );
  }, 3_600_000);
});
