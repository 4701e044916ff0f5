import { splitCsvLine } from './csv.ts';
import { csvFieldPositions, decimalAt, decimalAtBytes } from './scan.ts';
import { parseDirection } from './directions.ts';
import { numberField } from './fields.ts';
import { FormatError } from './formatError.ts';
import { includeTime } from './summary.ts';
import { parseIsoTimestamp } from './isoTime.ts';
import { LocalTimeConverter } from './localTime.ts';
import { findSiteId } from './sid.ts';
import type { ByteLines } from './readLines.ts';
import type { CounterFileHeader, DirectionCode, ReadOptions, ReadSummary } from './types.ts';

/** Header names and the factor that turns each unit into SI. */
const SPEED_COLUMNS: Record<string, number> = {
  speed_kmh: 1 / 3.6,
  speed_mph: 0.44704,
  speed_mps: 1,
};
const LENGTH_COLUMNS: Record<string, number> = { length_m: 1, length_ft: 0.3048 };
const WHEELBASE_COLUMNS: Record<string, number> = { wheelbase_m: 1, wheelbase_ft: 0.3048 };
const REQUIRED = ['timestamp', 'lane', 'direction', 'class'] as const;

export const ROADCOUNT_HEADER =
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';

/**
 * Whether a line is a Roadcount CSV header: 'timestamp' first and a 'lane' column, whatever
 * the case, the spaces around names or quotes round them (as spreadsheets save CSV).
 */
export function isRoadcountHeader(line: string): boolean {
  const names = splitCsvLine(line.trim()).map((name) => name.trim().toLowerCase());
  return names[0] === 'timestamp' && names.includes('lane');
}

export function isRoadcountCsv(firstLines: string[]): boolean {
  const header = firstLines.find((line) => line.trim() !== '' && !line.startsWith('#'));
  return header !== undefined && isRoadcountHeader(header);
}

function pickColumn(columns: Map<string, number>, choices: Record<string, number>) {
  for (const [name, factor] of Object.entries(choices)) {
    const index = columns.get(name);
    if (index !== undefined) return { name, index, factor };
  }
  return undefined;
}

/** Roadcount per-vehicle CSV (docs/formats.md): our open format, and what the product exports. */
export async function readRoadcountCsv(
  lines: AsyncIterable<string[] | ByteLines>,
  options: ReadOptions,
): Promise<ReadSummary> {
  const file = options.fileName;
  let columns: Map<string, number> | undefined;
  let headerLineNumber = 0;
  let summary: ReadSummary | undefined;
  let local: LocalTimeConverter | undefined;
  let speed: ReturnType<typeof pickColumn>;
  let length: ReturnType<typeof pickColumn>;
  let wheelbase: ReturnType<typeof pickColumn>;
  const index = (name: string) => columns?.get(name) ?? -1;
  const starts = new Int32Array(64);
  const ends = new Int32Array(64);
  // The line being read, for the helpers below (created once, not per line).
  const at = { file, line: 0 };
  let currentText = '';
  let currentFields: string[] | undefined;
  const fieldText = (position: number): string | undefined =>
    position < 0
      ? undefined
      : currentFields
        ? currentFields[position]
        : currentText.slice(starts[position], ends[position]);
  const numberAt = (position: number, name: string, required = false): number => {
    if (position < 0) return Number.NaN;
    if (!currentFields && (ends[position] as number) > (starts[position] as number)) {
      const value = decimalAt(currentText, starts[position] as number, ends[position] as number);
      if (!Number.isNaN(value)) return value;
    }
    return numberField(fieldText(position), name, at, required);
  };
  // Column positions, looked up once (-1: absent).
  let positions = {
    timestamp: -1,
    direction: -1,
    lane: -1,
    classIndex: -1,
    headway: -1,
    gap: -1,
    axles: -1,
    rho: -1,
  };
  // The first vehicle row's header, for the site to be resolved before the row is read.
  let firstRowHeader: CounterFileHeader | undefined;

  let lineNumber = 0;
  /** Reads a line of text; true for the first vehicle row, read again once the site is known. */
  const readText = (text: string): boolean => {
    if (text.trim() === '' || text.startsWith('#')) return false;
    if (!columns) {
      columns = new Map(
        splitCsvLine(text).map((name, position) => [name.trim().toLowerCase(), position]),
      );
      headerLineNumber = lineNumber;
      for (const name of REQUIRED) {
        if (!columns.has(name))
          throw new FormatError(
            'headerNoColumn',
            { column: name },
            { file, line: lineNumber, field: name },
          );
      }
      speed = pickColumn(columns, SPEED_COLUMNS);
      if (!speed) {
        throw new FormatError(
          'headerNoSpeedColumn',
          {},
          { file, line: lineNumber, field: 'speed' },
        );
      }
      length = pickColumn(columns, LENGTH_COLUMNS);
      wheelbase = pickColumn(columns, WHEELBASE_COLUMNS);
      return false;
    }
    // Most lines have no quotes: find the fields' positions and read numbers in place.
    const fields =
      text.includes('"') || columns.size > starts.length ? splitCsvLine(text) : undefined;
    const fieldCount = fields ? fields.length : csvFieldPositions(text, starts, ends);
    if (fieldCount !== columns.size) {
      throw new FormatError(
        'fieldCount',
        { expected: columns.size, found: fieldCount },
        { file, line: lineNumber },
      );
    }
    at.line = lineNumber;
    currentText = text;
    currentFields = fields;
    if (!summary) {
      const latitude = numberAt(index('latitude'), 'latitude');
      const longitude = numberAt(index('longitude'), 'longitude');
      const siteId = fieldText(index('site_id'))?.trim();
      const siteName = fieldText(index('site_name'))?.trim();
      const header: CounterFileHeader = {
        format: 'roadcount',
        kind: 'vehicles',
        directions: [],
        ...(siteId ? { siteId } : {}),
        ...(siteName ? { siteName } : {}),
        ...(Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : {}),
      };
      header.siteId ??= findSiteId(header.siteName);
      firstRowHeader = header;
      return true;
    }
    const timestampText = fieldText(positions.timestamp) ?? '';
    const timeMs = parseIsoTimestamp(timestampText.trim(), local);
    if (Number.isNaN(timeMs)) {
      throw new FormatError(
        'notTimestamp',
        { value: timestampText },
        { ...at, field: 'timestamp' },
      );
    }
    const directionText = fieldText(positions.direction) ?? '';
    const direction = parseDirection(directionText);
    if (direction === undefined) {
      throw new FormatError(
        'notRoadcountDirection',
        { value: directionText },
        { ...at, field: 'direction' },
      );
    }
    seeDirection(direction);
    const speedValue = numberAt(speed!.index, speed!.name, true);
    if (speedValue < 0)
      throw new FormatError('speedNegative', { speed: speedValue }, { ...at, field: speed!.name });
    options.sink.vehicle({
      timeMs,
      lane: numberAt(positions.lane, 'lane', true),
      direction,
      classIndex: numberAt(positions.classIndex, 'class', true),
      speedMps: speedValue * speed!.factor,
      lengthM: length ? numberAt(length.index, length.name) * length.factor : Number.NaN,
      headwayS: numberAt(positions.headway, 'headway_s'),
      gapS: numberAt(positions.gap, 'gap_s'),
      axles: numberAt(positions.axles, 'axles'),
      wheelbaseM: wheelbase
        ? numberAt(wheelbase.index, wheelbase.name) * wheelbase.factor
        : Number.NaN,
      rho: numberAt(positions.rho, 'rho'),
    });
    summary.vehicles += 1;
    includeTime(summary, timeMs);
    return false;
  };
  // The directions seen, in order, become a new site's direction one and two.
  const seeDirection = (direction: DirectionCode) => {
    const seen = summary!.header.directions;
    if (direction !== 0 && seen.length < 2 && !seen.includes(direction)) seen.push(direction);
  };
  const startTable = async () => {
    const header = firstRowHeader!;
    const context = await options.resolveSite(header);
    local = new LocalTimeConverter(context.timeZone);
    summary = { header, vehicles: 0, intervals: 0, firstMs: null, lastMs: null };
    positions = {
      timestamp: index('timestamp'),
      direction: index('direction'),
      lane: index('lane'),
      classIndex: index('class'),
      headway: index('headway_s'),
      gap: index('gap_s'),
      axles: index('axles'),
      rho: index('rho'),
    };
  };

  // Vehicle rows given as bytes are read in place; a row this cannot read plainly (quotes, a
  // time with an offset, a value written otherwise than as a plain decimal, any value it would
  // refuse) is decoded and read as text by `readText`, which gives the same values and
  // explains any error. The fields it does not read (the site's) may hold any UTF-8.
  let rowBytes: Uint8Array = new Uint8Array(0);
  let failed = false;
  const byteNumber = (position: number, required = false): number => {
    if (position < 0) return Number.NaN;
    const start = starts[position] as number;
    const end = ends[position] as number;
    if (end === start) {
      if (required) failed = true;
      return Number.NaN;
    }
    const value = decimalAtBytes(rowBytes, start, end);
    if (Number.isNaN(value)) failed = true;
    return value;
  };
  const readRowBytes = (bytes: Uint8Array, from: number, to: number): boolean => {
    if (!summary || !columns || columns.size > starts.length) return false;
    let count = 0;
    let start = from;
    // Digits, letters and '.', '-', ':' all come after ',' (44) and '"' (34): one test a byte.
    for (let at = from; at < to; at += 1) {
      const byte = bytes[at] as number;
      if (byte > 44) continue;
      if (byte === 44) {
        if (count === starts.length) return false;
        starts[count] = start;
        ends[count] = at;
        count += 1;
        start = at + 1;
      } else if (byte === 34) return false;
    }
    if (count === starts.length) return false;
    starts[count] = start;
    ends[count] = to;
    if (count + 1 !== columns.size) return false;
    const timeMs = isoTimestampAtBytes(
      bytes,
      starts[positions.timestamp] as number,
      ends[positions.timestamp] as number,
      local!,
    );
    if (Number.isNaN(timeMs)) return false;
    const direction = directionAtBytes(
      bytes,
      starts[positions.direction] as number,
      ends[positions.direction] as number,
    );
    if (direction === undefined) return false;
    rowBytes = bytes;
    failed = false;
    const speedValue = byteNumber(speed!.index, true);
    const lane = byteNumber(positions.lane, true);
    const classIndex = byteNumber(positions.classIndex, true);
    const lengthValue = length ? byteNumber(length.index) : Number.NaN;
    const headwayS = byteNumber(positions.headway);
    const gapS = byteNumber(positions.gap);
    const axles = byteNumber(positions.axles);
    const wheelbaseValue = wheelbase ? byteNumber(wheelbase.index) : Number.NaN;
    const rho = byteNumber(positions.rho);
    if (failed || speedValue < 0) return false;
    seeDirection(direction);
    options.sink.vehicle({
      timeMs,
      lane,
      direction,
      classIndex,
      speedMps: speedValue * speed!.factor,
      lengthM: length ? lengthValue * length.factor : Number.NaN,
      headwayS,
      gapS,
      axles,
      wheelbaseM: wheelbase ? wheelbaseValue * wheelbase.factor : Number.NaN,
      rho,
    });
    summary.vehicles += 1;
    includeTime(summary, timeMs);
    return true;
  };

  const decoder = new TextDecoder('utf-8');
  for await (const batch of lines) {
    if (Array.isArray(batch)) {
      for (const text of batch) {
        lineNumber += 1;
        if (readText(text)) {
          await startTable();
          readText(text);
        }
      }
      continue;
    }
    const { bytes, lineStarts, lineEnds } = batch;
    for (let line = 0; line < lineStarts.length; line += 1) {
      lineNumber += 1;
      const from = lineStarts[line] as number;
      const to = lineEnds[line] as number;
      if (readRowBytes(bytes, from, to)) continue;
      const text = decoder.decode(bytes.subarray(from, to));
      if (readText(text)) {
        await startTable();
        readText(text);
      }
    }
  }
  if (!columns) throw new FormatError('fileEmpty', {}, { file });
  if (!summary)
    throw new FormatError('headerWithoutVehicles', {}, { file, line: headerLineNumber });
  return summary;
}

const isDigitByte = (byte: number) => byte >= 48 && byte <= 57;
const twoDigits = (bytes: Uint8Array, at: number) =>
  ((bytes[at] as number) - 48) * 10 + ((bytes[at + 1] as number) - 48);

/**
 * `parseIsoTimestamp` of a field's bytes, for the times it reads most: `YYYY-MM-DD?HH:MM:SS`,
 * fractions of a second, and `Z` or local time; NaN for anything else (read then as text).
 */
function isoTimestampAtBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  local: LocalTimeConverter,
): number {
  if (end - start < 19 || bytes[start + 4] !== 45 || bytes[start + 7] !== 45) return Number.NaN;
  if (bytes[start + 13] !== 58 || bytes[start + 16] !== 58) return Number.NaN;
  for (const offset of DIGIT_OFFSETS)
    if (!isDigitByte(bytes[start + offset] as number)) return Number.NaN;
  const year = twoDigits(bytes, start) * 100 + twoDigits(bytes, start + 2);
  const month = twoDigits(bytes, start + 5);
  const day = twoDigits(bytes, start + 8);
  const hour = twoDigits(bytes, start + 11);
  const minute = twoDigits(bytes, start + 14);
  const second = twoDigits(bytes, start + 17);
  let at = start + 19;
  let ms = 0;
  // The fraction as `parseIsoTimestamp` adds it up, so that both give the very same number.
  if (at < end && bytes[at] === 46) {
    let scale = 100;
    at += 1;
    while (at < end && isDigitByte(bytes[at] as number)) {
      ms += ((bytes[at] as number) - 48) * scale;
      scale /= 10;
      at += 1;
    }
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
    return Number.NaN;
  if (at === end) return local.toUtcMs(year, month, day, hour, minute, second, ms);
  if (at + 1 === end && (bytes[at] === 90 || bytes[at] === 122))
    return Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return Number.NaN;
}

/** Where the digits of `YYYY-MM-DD?HH:MM:SS` are. */
const DIGIT_OFFSETS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

/** A direction written as one byte: its code 0 to 8, or N, E, S, W or U; else undefined. */
function directionAtBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
): DirectionCode | undefined {
  if (end - start !== 1) return undefined;
  const byte = bytes[start] as number;
  if (byte >= 48 && byte <= 56) return (byte - 48) as DirectionCode;
  return DIRECTION_LETTERS[byte];
}

const DIRECTION_LETTERS: Partial<Record<number, DirectionCode>> = {
  78: 1, // N
  69: 3, // E
  83: 5, // S
  87: 7, // W
  85: 0, // U
};
