import { parseDirection } from './directions.ts';
import { numberField } from './fields.ts';
import { FormatError } from './formatError.ts';
import { includeTime } from './summary.ts';
import { decimalAt, decimalAtBytes } from './scan.ts';
import type { ByteLines } from './readLines.ts';
import { LocalTimeConverter } from './localTime.ts';
import { findCoordinates, findSiteId } from './sid.ts';
import type { CounterFileHeader, DirectionCode, ReadOptions, ReadSummary } from './types.ts';

export function isMetroCount(firstLines: string[]): boolean {
  const text = firstLines.join('\n');
  return (
    /^\s*Site:/m.test(text) &&
    (/^\s*Column Legend:/m.test(text) ||
      /^\s*Survey Duration:/m.test(text) ||
      /^\s*Data type:/m.test(text))
  );
}

interface Units {
  speedToMps: number;
  lengthToM: number;
}

/** `Units:` of the profile: Metric gives km/h and metres, Part metric mph and metres, Imperial mph and feet. */
function parseUnits(text: string, at: { file: string; line: number }): Units {
  const lowered = text.toLowerCase();
  const speedToMps = lowered.includes('km/h')
    ? 1 / 3.6
    : lowered.includes('mph')
      ? 0.44704
      : lowered.includes('m/s')
        ? 1
        : Number.NaN;
  const lengthToM = /\bmetre|\bmeter/.test(lowered)
    ? 1
    : /\bfeet|\bft\b/.test(lowered)
      ? 0.3048
      : Number.NaN;
  if (Number.isNaN(speedToMps) || Number.isNaN(lengthToM)) {
    throw new FormatError('unknownUnits', { units: text.trim() }, { ...at, field: 'Units' });
  }
  return { speedToMps, lengthToM };
}

/** `1 - North bound, A trigger first. Lane: 0` → direction and lane. */
function parseDirectionLine(text: string): { direction?: DirectionCode; lane?: number } {
  const name = /-\s*([A-Za-z]+)\s*bound/i.exec(text)?.[1];
  const lane = /Lane:\s*(\d+)/i.exec(text)?.[1];
  const direction = name ? parseDirection(name) : undefined;
  return {
    ...(direction === undefined ? {} : { direction }),
    ...(lane === undefined ? {} : { lane: Number(lane) }),
  };
}

/** Splits on runs of spaces and tabs without a regular expression (one call per vehicle). */
function splitWhitespace(text: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 32;
    if (code === 32 || code === 9) {
      if (start >= 0) {
        tokens.push(text.slice(start, index));
        start = -1;
      }
    } else if (start < 0) start = index;
  }
  return tokens;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** Records where the whitespace-separated tokens start and end; answers how many there are. */
function tokenise(text: string, starts: Int32Array, ends: Int32Array): number {
  let count = 0;
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 32;
    if (code === 32 || code === 9) {
      if (start >= 0) {
        if (count < starts.length) {
          starts[count] = start;
          ends[count] = index;
        }
        count += 1;
        start = -1;
      }
    } else if (start < 0) start = index;
  }
  return Math.min(count, starts.length);
}

const encoder = new TextEncoder();
/** The start of a text line as bytes, for `parseDateTimeAt` (grown as lines need). */
let lineStart = new Uint8Array(96);

/**
 * The first two tokens as `YYYY-MM-DD` and `HH:MM:SS[.f]`, read from the characters, into
 * `parts` (year, month, day, hour, minute, second, ms); false when they are not that. Read as
 * the bytes of the line's start: where the characters up to the time's end are ASCII the bytes
 * stand at the same places; a character that is not lands a byte of 128 or more on the first
 * place that differs, which no check accepts, so the answer is false either way.
 */
function parseDateTimeAt(
  text: string,
  starts: Int32Array,
  ends: Int32Array,
  parts: Int32Array,
): boolean {
  const timeEnd = ends[1] as number;
  if (timeEnd * 3 > lineStart.length) lineStart = new Uint8Array(timeEnd * 3);
  encoder.encodeInto(text.slice(0, timeEnd), lineStart);
  return parseDateTimeAtBytes(lineStart, 0, starts, ends, parts);
}

/**
 * The column names of the table's header line (after `Date-Time`) and where each ends on the
 * line; `aligned` is false when tabs separate them, so that positions mean nothing.
 */
function tableLayout(line: string): { names: string[]; ends: Int32Array; aligned: boolean } {
  const names: string[] = [];
  const nameEnds: number[] = [];
  for (const match of line.matchAll(/\S+/g)) {
    names.push(match[0]);
    nameEnds.push(match.index + match[0].length);
  }
  return {
    names: names.slice(1),
    ends: Int32Array.from(nameEnds.slice(1)),
    aligned: !line.includes('\t'),
  };
}

/** `tokenise` over the bytes of a line, positions from its start; -1 past plain ASCII or 64 tokens. */
function tokeniseBytes(
  bytes: Uint8Array,
  from: number,
  to: number,
  starts: Int32Array,
  ends: Int32Array,
): number {
  let count = 0;
  let start = -1;
  for (let index = from; index <= to; index += 1) {
    const code = index < to ? (bytes[index] as number) : 32;
    if (code === 32 || code === 9) {
      if (start >= 0) {
        if (count === starts.length) return -1;
        starts[count] = start - from;
        ends[count] = index - from;
        count += 1;
        start = -1;
      }
    } else if (code < 32 || code > 126) return -1;
    else if (start < 0) start = index;
  }
  return count;
}

/** Digits between two positions as a number; -1 if any is not a digit. */
function digitsAtBytes(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const code = bytes[index] as number;
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/**
 * The first two tokens of the line that starts at `from` in `bytes` (token positions relative
 * to it) as `YYYY-MM-DD` and `HH:MM:SS[.f]`, into `parts` (year, month, day, hour, minute,
 * second, ms); false when they are not that.
 */
function parseDateTimeAtBytes(
  bytes: Uint8Array,
  from: number,
  starts: Int32Array,
  ends: Int32Array,
  parts: Int32Array,
): boolean {
  const date = from + (starts[0] as number);
  const time = from + (starts[1] as number);
  const timeEnd = from + (ends[1] as number);
  if (from + (ends[0] as number) - date !== 10 || bytes[date + 4] !== 45 || bytes[date + 7] !== 45)
    return false;
  if (timeEnd - time < 8 || bytes[time + 2] !== 58 || bytes[time + 5] !== 58) return false;
  parts[0] = digitsAtBytes(bytes, date, date + 4);
  parts[1] = digitsAtBytes(bytes, date + 5, date + 7);
  parts[2] = digitsAtBytes(bytes, date + 8, date + 10);
  parts[3] = digitsAtBytes(bytes, time, time + 2);
  parts[4] = digitsAtBytes(bytes, time + 3, time + 5);
  parts[5] = digitsAtBytes(bytes, time + 6, time + 8);
  parts[6] = 0;
  if (timeEnd - time > 8) {
    if (bytes[time + 8] !== 46 || timeEnd - time === 9) return false;
    const fractionDigits = Math.min(timeEnd - time - 9, 3);
    const fraction = digitsAtBytes(bytes, time + 9, timeEnd);
    if (fraction < 0) return false;
    parts[6] = Math.round(
      digitsAtBytes(bytes, time + 9, time + 9 + fractionDigits) * 10 ** (3 - fractionDigits),
    );
  }
  for (let index = 0; index < 6; index += 1) if ((parts[index] as number) < 0) return false;
  return (
    parts[1] >= 1 &&
    parts[1] <= 12 &&
    parts[2] >= 1 &&
    parts[2] <= 31 &&
    parts[3] <= 23 &&
    parts[4] <= 59 &&
    parts[5] <= 60
  );
}

const COLUMN_ALIASES: Record<string, string> = {
  hdwy: 'headway',
  headway: 'headway',
  ln: 'lane',
  wb: 'wheelbase',
};

/** MetroCount MTE 'Individual vehicles' (CustomList) text export. */
export async function readMetroCount(
  lines: AsyncIterable<string[] | ByteLines>,
  options: ReadOptions,
): Promise<ReadSummary> {
  const file = options.fileName;
  const header: CounterFileHeader = { format: 'metrocount', kind: 'vehicles', directions: [] };
  let units: Units | undefined;
  let unitsLine = 0;
  let defaultLane = 0;
  let columns: string[] | undefined;
  let summary: ReadSummary | undefined;
  let local: LocalTimeConverter | undefined;
  let footerCount: { count: number; line: number } | undefined;
  const position = new Map<string, number>();
  // The table's column names as the header spells them, and where each name ends on the line.
  let headerNames: string[] = [];
  let headerEnds: Int32Array = new Int32Array(0);
  let alignedTable = true;
  // Where each token of the current row starts and ends: no string per token on the fast path.
  const starts = new Int32Array(64);
  const ends = new Int32Array(64);
  const timeParts = new Int32Array(7);
  // Which token of the current row stands under each column (-1: the field is blank).
  let tokenOf = new Int32Array(0);
  // The row being read, for the helper below (created once, not per row).
  const at = { file, line: 0 };
  let row = '';
  const value = (index: number, name: string, required = false) => {
    if (index < 0) return Number.NaN;
    const token = tokenOf[index] as number;
    if (token >= 0) {
      const parsed = decimalAt(row, starts[token] as number, ends[token] as number);
      if (!Number.isNaN(parsed)) return parsed;
    }
    const text = token >= 0 ? row.slice(starts[token], ends[token]) : undefined;
    return numberField(text, name, at, required);
  };
  /**
   * The table is aligned under its header: values end where their column's name ends (text
   * columns start where it starts), so a blank field leaves a gap instead of the later values
   * moving left into it. A token goes under the next column unless it starts after that
   * column's name ends, when that column is blank. A value wider than its column pushes the
   * rest of the row right, as fixed-width printing does, so the columns after it move with it.
   */
  const placeTokens = (tokenCount: number) => {
    tokenOf.fill(-1);
    const columnCount = tokenOf.length;
    let column = 0;
    let shift = 0;
    for (let token = 2; token < tokenCount && column < columnCount; token += 1) {
      if (alignedTable) {
        const start = starts[token] as number;
        while (column < columnCount - 1 && start >= (headerEnds[column] as number) + shift)
          column += 1;
        shift = Math.max(shift, (ends[token] as number) - (headerEnds[column] as number));
      }
      tokenOf[column] = token;
      column += 1;
    }
  };
  // Column positions, looked up once when the table header is read (-1: absent).
  const columnAt = {
    dir: -1,
    lane: -1,
    cl: -1,
    speed: -1,
    length: -1,
    headway: -1,
    gap: -1,
    ax: -1,
    wheelbase: -1,
    rho: -1,
  };

  let lineNumber = 0;
  /**
   * Reads one line of text. Answers true, having read nothing, for the first vehicle row: the
   * caller then matches the site (`startTable`) and hands the row over again.
   */
  const handleLine = (text: string): boolean => {
    const trimmed = text.trim();
    if (trimmed === '') return false;
    at.line = lineNumber;
    if (!columns) {
      const keyValue = /^([A-Za-z][A-Za-z ]*?):\s*(.*)$/.exec(trimmed);
      if (/^Date-Time\s/i.test(trimmed)) {
        const layout = tableLayout(text);
        headerNames = layout.names;
        headerEnds = layout.ends;
        alignedTable = layout.aligned;
        tokenOf = new Int32Array(headerNames.length);
        columns = headerNames.map(
          (name) => COLUMN_ALIASES[name.toLowerCase()] ?? name.toLowerCase(),
        );
        columns.forEach((name, index) => position.set(name, index));
        for (const name of Object.keys(columnAt) as (keyof typeof columnAt)[]) {
          columnAt[name] = position.get(name) ?? -1;
        }
        if (!position.has('speed'))
          throw new FormatError('metroCountNoSpeed', {}, { ...at, field: 'Speed' });
        if (!units) throw new FormatError('metroCountNoUnits', {}, { ...at, field: 'Units' });
        return false;
      }
      if (!keyValue) return false;
      const [, key = '', value = ''] = keyValue;
      switch (key.toLowerCase()) {
        case 'site':
          header.siteName = value.trim();
          break;
        case 'attribute':
          header.attribute = value.trim();
          break;
        case 'direction': {
          const parsed = parseDirectionLine(value);
          if (parsed.direction !== undefined && !header.directions.includes(parsed.direction)) {
            header.directions.push(parsed.direction);
          }
          if (parsed.lane !== undefined) defaultLane = parsed.lane;
          break;
        }
        case 'zone':
          if (LocalTimeConverter.isValidTimeZone(value.trim()) && value.includes('/'))
            header.timeZone = value.trim();
          break;
        case 'scheme':
          header.classScheme = value.trim();
          break;
        case 'units':
          units = parseUnits(value, at);
          unitsLine = lineNumber;
          break;
        default:
          break;
      }
      return false;
    }

    // Vehicle rows start with the year; anything else after the table is the footer.
    if (!isDigit(trimmed.charCodeAt(0))) {
      const footer = /^In profile:\s*Vehicles\s*=\s*(\d+)/i.exec(trimmed);
      if (footer) footerCount = { count: Number(footer[1]), line: lineNumber };
      if (footer || !/^[A-Za-z ]+:/.test(trimmed)) return false;
    }
    // The first vehicle row: the caller matches the site, then hands the row over again.
    if (!summary) return true;
    row = text;
    const tokenCount = tokenise(text, starts, ends);
    if (tokenCount < 2 || !parseDateTimeAt(text, starts, ends, timeParts)) {
      const tokens = splitWhitespace(trimmed);
      throw new FormatError(
        'notMetroCountDateTime',
        { value: tokens.slice(0, 2).join(' ') },
        { ...at, field: 'Date-Time' },
      );
    }
    placeTokens(tokenCount);
    const timeMs = local!.toUtcMsOfParts(timeParts);
    let direction: DirectionCode | undefined = 0;
    if (columnAt.dir >= 0) {
      const token = tokenOf[columnAt.dir] as number;
      const directionToken = token >= 0 ? text.slice(starts[token], ends[token]) : '';
      direction = parseDirection(directionToken);
      if (direction === undefined) {
        throw new FormatError('notDirection', { value: directionToken }, { ...at, field: 'Dir' });
      }
    }
    // A vehicle without a direction of its own travels the way the header declares.
    if (direction === 0 && header.directions[0] !== undefined) direction = header.directions[0];
    options.sink.vehicle({
      timeMs,
      lane: columnAt.lane < 0 ? defaultLane : value(columnAt.lane, 'Ln', true),
      direction,
      classIndex: value(columnAt.cl, 'Cl'),
      speedMps: value(columnAt.speed, 'Speed', true) * units!.speedToMps,
      lengthM: value(columnAt.length, 'Length') * units!.lengthToM,
      headwayS: value(columnAt.headway, 'Hdwy'),
      gapS: value(columnAt.gap, 'Gap'),
      axles: value(columnAt.ax, 'Ax'),
      wheelbaseM: value(columnAt.wheelbase, 'Wb') * units!.lengthToM,
      rho: value(columnAt.rho, 'Rho'),
    });
    summary.vehicles += 1;
    includeTime(summary, timeMs);
    return false;
  };
  const startTable = async () => {
    header.siteId = findSiteId(header.attribute, header.siteName);
    const coordinates = findCoordinates(header.attribute, header.siteName);
    if (coordinates) Object.assign(header, coordinates);
    const context = await options.resolveSite(header);
    local = new LocalTimeConverter(context.timeZone);
    summary = { header, vehicles: 0, intervals: 0, firstMs: null, lastMs: null };
  };

  // Vehicle rows given as bytes are read in place; a row this cannot read plainly is decoded
  // and read as text by `handleLine`, which gives the same values and explains any error.
  let failed = false;
  let rowBytes: Uint8Array = new Uint8Array(0);
  let rowStart = 0;
  const byteValue = (index: number, required = false): number => {
    const token = index < 0 ? -1 : (tokenOf[index] as number);
    if (token < 0) {
      if (required) failed = true;
      return Number.NaN;
    }
    const parsed = decimalAtBytes(
      rowBytes,
      rowStart + (starts[token] as number),
      rowStart + (ends[token] as number),
    );
    if (Number.isNaN(parsed)) failed = true;
    return parsed;
  };
  const readRowBytes = (bytes: Uint8Array, from: number, to: number): boolean => {
    if (!summary) return false;
    let first = from;
    while (first < to && (bytes[first] === 32 || bytes[first] === 9)) first += 1;
    if (first === to || !isDigit(bytes[first] as number)) return false;
    const tokenCount = tokeniseBytes(bytes, from, to, starts, ends);
    if (tokenCount < 2 || !parseDateTimeAtBytes(bytes, from, starts, ends, timeParts)) return false;
    placeTokens(tokenCount);
    rowBytes = bytes;
    rowStart = from;
    failed = false;
    let direction: DirectionCode = 0;
    if (columnAt.dir >= 0) {
      const token = tokenOf[columnAt.dir] as number;
      if (token >= 0) {
        const code = (bytes[from + (starts[token] as number)] as number) - 48;
        if ((ends[token] as number) - (starts[token] as number) !== 1 || code < 0 || code > 8)
          return false;
        direction = code as DirectionCode;
      }
    }
    if (direction === 0 && header.directions[0] !== undefined) direction = header.directions[0];
    const lane = columnAt.lane < 0 ? defaultLane : byteValue(columnAt.lane, true);
    const classIndex = byteValue(columnAt.cl);
    const speed = byteValue(columnAt.speed, true);
    const length = byteValue(columnAt.length);
    const headwayS = byteValue(columnAt.headway);
    const gapS = byteValue(columnAt.gap);
    const axles = byteValue(columnAt.ax);
    const wheelbase = byteValue(columnAt.wheelbase);
    const rho = byteValue(columnAt.rho);
    if (failed) return false;
    const timeMs = local!.toUtcMsOfParts(timeParts);
    options.sink.vehicle({
      timeMs,
      lane,
      direction,
      classIndex,
      speedMps: speed * units!.speedToMps,
      lengthM: length * units!.lengthToM,
      headwayS,
      gapS,
      axles,
      wheelbaseM: wheelbase * units!.lengthToM,
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
        if (handleLine(text)) {
          await startTable();
          handleLine(text);
        }
      }
      continue;
    }
    const { bytes, lineStarts, lineEnds } = batch;
    for (let index = 0; index < lineStarts.length; index += 1) {
      lineNumber += 1;
      const from = lineStarts[index] as number;
      const to = lineEnds[index] as number;
      if (readRowBytes(bytes, from, to)) continue;
      const text = decoder.decode(bytes.subarray(from, to));
      if (handleLine(text)) {
        await startTable();
        handleLine(text);
      }
    }
  }
  // The file ended without them: its last line is where they were still missing.
  const end = lineNumber > 0 ? { line: lineNumber } : {};
  if (!columns) {
    throw new FormatError(unitsLine ? 'metroCountNoTable' : 'notMetroCount', {}, { file, ...end });
  }
  if (!summary) throw new FormatError('metroCountTableEmpty', {}, { file, ...end });
  if (footerCount && footerCount.count !== summary.vehicles) {
    throw new FormatError(
      'metroCountFooter',
      { expected: footerCount.count, found: summary.vehicles },
      { file, line: footerCount.line, field: 'In profile' },
    );
  }
  return summary;
}
