import { Readable } from 'node:stream';
import { NATIONAL_PLATFORM_MAX_DATA_COLUMNS } from '@roadcount/domain';
import { FormatError } from './formatError.ts';
import { checkedXlsx, notReadableXlsx } from './xlsxZip.ts';
import { includeTime } from './summary.ts';
import { LocalTimeConverter } from './localTime.ts';
import type {
  CounterFileHeader,
  DirectionCode,
  IntervalObservation,
  ReadOptions,
  ReadSummary,
} from './types.ts';

/** SPEC section 3: national-platform direction codes. */
const DIRECTION_CODES: Record<string, DirectionCode> = { IN: 1, OUT: 5, NON: 3 };
const DEFAULT_INTERVAL_S = 3600;

interface DataColumn {
  index: number;
  name: string;
  mode: IntervalObservation['mode'];
  direction: DirectionCode;
  lane: number;
}

/** xlsx files are zip archives: they start with `PK\x03\x04`. */
export function isXlsx(firstBytes: Uint8Array): boolean {
  return (
    firstBytes[0] === 0x50 &&
    firstBytes[1] === 0x4b &&
    firstBytes[2] === 0x03 &&
    firstBytes[3] === 0x04
  );
}

function modeOf(name: string): IntervalObservation['mode'] {
  if (/bike|bicycle|cycl/i.test(name)) return 'bike';
  if (/ped|foot|walk/i.test(name)) return 'pedestrian';
  return 'vehicle';
}

/**
 * Header cells `<mode or class> <IN|OUT|NON> [lane]`: a lane number is needed where the same
 * class and direction appear more than once. Refuses more than 25 data columns.
 */
function parseHeader(names: string[], file: string): DataColumn[] {
  const columns: DataColumn[] = [];
  const unnamed: string[] = [];
  for (let index = 1; index < names.length; index += 1) {
    const name = names[index]?.trim() ?? '';
    if (name === '') continue;
    const match = /^(.+?)\s+(IN|OUT|NON)(?:\s+(\d+))?$/i.exec(name);
    if (!match) {
      unnamed.push(name);
      continue;
    }
    columns.push({
      index,
      name,
      mode: modeOf(match[1] ?? ''),
      direction: DIRECTION_CODES[(match[2] ?? '').toUpperCase()] ?? 0,
      lane: match[3] ? Number(match[3]) : 0,
    });
  }
  if (unnamed.length === 1)
    throw new FormatError('nationalCellNotNamed', { cell: unnamed[0] ?? '' }, { file, line: 1 });
  if (unnamed.length > 1)
    throw new FormatError(
      'nationalCellsNotNamed',
      { cells: unnamed.map((name) => `'${name}'`).join(', ') },
      { file, line: 1 },
    );
  if (columns.length > NATIONAL_PLATFORM_MAX_DATA_COLUMNS) {
    throw new FormatError(
      'nationalTooManyColumns',
      {
        count: columns.length,
        max: NATIONAL_PLATFORM_MAX_DATA_COLUMNS,
        columns: columns
          .slice(NATIONAL_PLATFORM_MAX_DATA_COLUMNS)
          .map((column) => `'${column.name}'`)
          .join(', '),
      },
      { file, line: 1 },
    );
  }
  const byClassAndDirection = new Map<string, DataColumn[]>();
  for (const column of columns) {
    const key = `${column.name.replace(/\s+\d+$/, '').toLowerCase()}`;
    byClassAndDirection.set(key, [...(byClassAndDirection.get(key) ?? []), column]);
  }
  const repeatsWithoutLane = [...byClassAndDirection.values()].filter(
    (group) => group.length > 1 && group.some((column) => column.lane === 0),
  );
  if (repeatsWithoutLane.length > 0) {
    throw new FormatError(
      'nationalLaneNeeded',
      {
        columns: repeatsWithoutLane
          .flat()
          .map((column) => `'${column.name}'`)
          .join(', '),
      },
      { file, line: 1 },
    );
  }
  return columns;
}

/** A timestamp cell: a date, an Excel serial day number, or `YYYY-MM-DD HH:MM[:SS]` text. */
function wallClock(value: unknown): [number, number, number, number, number, number] | undefined {
  let asUtc: number | undefined;
  if (value instanceof Date) asUtc = value.getTime();
  else if (typeof value === 'number') asUtc = Math.round((value - 25_569) * 86_400_000);
  else if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
    if (match)
      return [+match[1]!, +match[2]!, +match[3]!, +match[4]!, +match[5]!, +(match[6] ?? 0)];
  }
  if (asUtc === undefined || !Number.isFinite(asUtc)) return undefined;
  const date = new Date(asUtc);
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ];
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) {
    return (value as { richText: { text: string }[] }).richText.map((part) => part.text).join('');
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  // Formula cells carry their computed result.
  if (typeof value === 'object' && 'result' in value) return cellText(value.result);
  return '';
}

/** National-platform xlsx: interval counts, one column per class, direction and lane. */
export async function readNationalXlsx(
  source: Readable,
  options: ReadOptions,
): Promise<ReadSummary> {
  const file = options.fileName;
  const header: CounterFileHeader = { format: 'national', kind: 'intervals', directions: [] };
  const checked = await checkedXlsx(source, file, options.maxXlsxInflatedBytes);
  // Errors of the site lookup and the sink are the server's, not the file's: kept as they are.
  const ours = new WeakSet<object>();
  const resolveSite = async (found: CounterFileHeader) => {
    try {
      return await options.resolveSite(found);
    } catch (error) {
      if (typeof error === 'object' && error !== null) ours.add(error);
      throw error;
    }
  };
  const sink: ReadOptions['sink'] = {
    vehicle: (vehicle) => {
      try {
        options.sink.vehicle(vehicle);
      } catch (error) {
        if (typeof error === 'object' && error !== null) ours.add(error);
        throw error;
      }
    },
    interval: (interval) => {
      try {
        options.sink.interval(interval);
      } catch (error) {
        if (typeof error === 'object' && error !== null) ours.add(error);
        throw error;
      }
    },
  };
  try {
    return await readWorkbook(checked, header, { ...options, resolveSite, sink });
  } catch (error) {
    if (error instanceof FormatError) throw error;
    if (typeof error === 'object' && error !== null && ours.has(error)) throw error;
    // The spreadsheet library's RangeError or TypeError on a damaged workbook.
    throw notReadableXlsx(file, error instanceof Error ? error.message : String(error));
  }
}

async function readWorkbook(
  bytes: Buffer,
  header: CounterFileHeader,
  options: ReadOptions,
): Promise<ReadSummary> {
  const file = options.fileName;
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
  });
  let columns: DataColumn[] | undefined;
  let summary: ReadSummary | undefined;
  let local: LocalTimeConverter | undefined;
  let pending: { startMs: number; counts: number[] } | undefined;

  const emit = (row: { startMs: number; counts: number[] }, durationS: number) => {
    row.counts.forEach((count, position) => {
      const column = columns![position]!;
      options.sink.interval({
        startMs: row.startMs,
        durationS,
        direction: column.direction,
        lane: column.lane,
        count,
        mode: column.mode,
      });
      summary!.vehicles += count;
      summary!.intervals += 1;
    });
  };

  let headerRow = 0;
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      const values = (row.values as unknown[]).slice(1);
      const at = { file, line: row.number };
      if (!columns) {
        columns = parseHeader(values.map(cellText), file);
        headerRow = row.number;
        header.directions = [...new Set(columns.map((column) => column.direction))];
        continue;
      }
      if (values.every((value) => cellText(value).trim() === '')) continue;
      if (!summary) {
        const context = await options.resolveSite(header);
        local = new LocalTimeConverter(context.timeZone);
        summary = { header, vehicles: 0, intervals: 0, firstMs: null, lastMs: null };
      }
      const parts = wallClock(values[0]);
      if (!parts) {
        throw new FormatError(
          'nationalNotDateTime',
          { value: cellText(values[0]) },
          { ...at, field: 'A (timestamp)' },
        );
      }
      const startMs = local!.toUtcMs(...parts);
      const counts = columns.map((column) => {
        const value = values[column.index];
        const count = typeof value === 'number' ? value : Number(cellText(value).trim() || 'NaN');
        if (!Number.isInteger(count) || count < 0) {
          throw new FormatError(
            'nationalNotCount',
            { value: cellText(value) },
            { ...at, field: column.name },
          );
        }
        return count;
      });
      // Each interval lasts until the next one starts; the first is known once the second is read.
      if (pending) emit(pending, (startMs - pending.startMs) / 1000);
      pending = { startMs, counts };
      includeTime(summary, startMs);
    }
    break; // the first worksheet holds the data
  }
  if (!columns) throw new FormatError('nationalNoHeader', {}, { file });
  if (!summary || !pending) throw new FormatError('nationalNoData', {}, { file, line: headerRow });
  const lastDuration =
    summary.firstMs !== null && summary.lastMs !== null && summary.intervals > 0
      ? (summary.lastMs - summary.firstMs) / 1000 / (summary.intervals / columns.length)
      : DEFAULT_INTERVAL_S;
  emit(pending, lastDuration);
  return summary;
}
