import { splitCsvLine } from './csv.ts';
import { numberField } from './fields.ts';
import { FormatError } from './formatError.ts';
import { includeTime } from './summary.ts';
import { LocalTimeConverter } from './localTime.ts';
import { findSiteId } from './sid.ts';
import type { CounterFileHeader, ReadOptions, ReadSummary } from './types.ts';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const DEFAULT_INTERVAL_S = 900;
/** The most lines a file held for review names (the count of rows says how many in all). */
const MAX_LINES_NAMED = 100;

export function isEcoCounter(firstLines: string[]): boolean {
  const meaningful = firstLines.filter((line) => line.trim() !== '');
  return (
    /^"?Period"?,/i.test(meaningful[0] ?? '') && meaningful.some((line) => /^"?Time"?,/i.test(line))
  );
}

/** `Aug 14, 2025 1:00 PM` or `2023-12-01 00:00:00` as wall-clock parts. */
function parseEcoTime(text: string) {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (iso) {
    return {
      year: +iso[1]!,
      month: +iso[2]!,
      day: +iso[3]!,
      hour: +iso[4]!,
      minute: +iso[5]!,
      second: +(iso[6] ?? 0),
    };
  }
  const named = /^([A-Za-z]{3})[a-z]*\s+(\d{1,2}),\s*(\d{4})\s+(\d{1,2}):(\d{2})\s*([AP]M)$/i.exec(
    text,
  );
  const month = named ? MONTHS[named[1]!.toLowerCase()] : undefined;
  if (!named || !month) return undefined;
  const hour = (+named[4]! % 12) + (named[6]!.toUpperCase() === 'PM' ? 12 : 0);
  return { year: +named[3]!, month, day: +named[2]!, hour, minute: +named[5]!, second: 0 };
}

/**
 * The words Eco-Counter's exports write for a flow's direction after the counter's name, in the
 * languages of its interface (upper case, accents as written and without): IN is the site's
 * direction one, OUT its direction two.
 */
const DIRECTION_WORDS: Record<'in' | 'out', readonly string[]> = {
  in: ['IN', 'ENTRÉE', 'ENTREE', 'ENTRANT', 'EIN', 'EINWÄRTS', 'EINWAERTS', 'ENTRADA', 'ENTRATA'],
  out: [
    'OUT',
    'SORTIE',
    'SORTANT',
    'AUS',
    'AUSWÄRTS',
    'AUSWAERTS',
    'UIT',
    'SALIDA',
    'SAÍDA',
    'SAIDA',
    'USCITA',
  ],
};

/**
 * Which direction a header column counts: its last word, after a space, underscore, hyphen or
 * full stop (`Thames Path IN`, `3010_IN`, `Quai-Sortie`), is one of the direction words.
 */
export function ecoCounterDirectionOf(name: string): 'in' | 'out' | undefined {
  const match = /(?:^|[\s_.-])([^\s_.-]+)$/u.exec(name.trim());
  const word = match?.[1]?.toLocaleUpperCase('en');
  if (!word || match?.index === 0) return undefined;
  if (DIRECTION_WORDS.in.includes(word)) return 'in';
  if (DIRECTION_WORDS.out.includes(word)) return 'out';
  return undefined;
}

/**
 * Eco-Counter interval CSV (bike or pedestrian counts): `Period,...`, then
 * `Time,<counter>,<counter> IN,<counter> OUT` and one row per interval; the direction columns
 * may be spelt as `ecoCounterDirectionOf` reads them, and either may be absent. IN is the site's
 * direction one, OUT its direction two. With one direction column, the other direction is the
 * total minus it (the wrong-way riders of a one-way lane), so that the site's total is the
 * file's. Rows whose directions cannot make the total (IN + OUT is not the total, or one
 * direction exceeds it) are read as the file gives them and their lines are listed in the
 * summary's `directionsNotTotal` (the first hundred): the file is then held for review naming them.
 */
export async function readEcoCounter(
  lines: AsyncIterable<string[]>,
  options: ReadOptions,
): Promise<ReadSummary> {
  const file = options.fileName;
  // Interval counters count modes (bicycles or pedestrians), not vehicle classes.
  const header: CounterFileHeader = {
    format: 'ecocounter',
    kind: 'intervals',
    directions: [],
    classScheme: 'modes',
  };
  const mode = options.intervalMode ?? 'bike';
  let columns: { total: number; in: number; out: number; names: string[] } | undefined;
  let summary: ReadSummary | undefined;
  let local: LocalTimeConverter | undefined;
  let directionIn: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 = 0;
  let directionOut: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 = 0;
  let previousStart: number | undefined;
  let lineNumber = 0;
  for await (const batch of lines) {
    for (const text of batch) {
      lineNumber += 1;
      if (text.trim() === '') continue;
      const fields = splitCsvLine(text).map((field) => field.trim());
      const at = { file, line: lineNumber };
      if (!columns) {
        if (/^time$/i.test(fields[0] ?? '')) {
          const names = fields;
          // The total is the counter's own column; the direction columns follow it.
          const inIndex = names.findIndex(
            (name, index) => index > 1 && ecoCounterDirectionOf(name) === 'in',
          );
          const outIndex = names.findIndex(
            (name, index) => index > 1 && ecoCounterDirectionOf(name) === 'out',
          );
          if (names.length < 2)
            throw new FormatError('ecoCounterNoCounter', {}, { ...at, field: 'Time' });
          columns = { total: 1, in: inIndex, out: outIndex, names };
          header.siteName = names[1];
          header.siteId = findSiteId(names[1]);
        }
        continue;
      }
      if (!summary) {
        const context = await options.resolveSite(header);
        local = new LocalTimeConverter(context.timeZone);
        directionIn = context.laneDirections?.[1] ?? 0;
        directionOut = context.laneDirections?.[2] ?? 0;
        summary = { header, vehicles: 0, intervals: 0, firstMs: null, lastMs: null };
      }
      const when = parseEcoTime(fields[0] ?? '');
      if (!when) {
        throw new FormatError(
          'notEcoCounterTime',
          { value: fields[0] ?? '' },
          { ...at, field: 'Time' },
        );
      }
      const startMs = local!.toUtcMs(
        when.year,
        when.month,
        when.day,
        when.hour,
        when.minute,
        when.second,
      );
      const durationS =
        previousStart !== undefined && startMs > previousStart
          ? (startMs - previousStart) / 1000
          : DEFAULT_INTERVAL_S;
      previousStart = startMs;
      const total = numberField(
        fields[columns.total],
        columns.names[columns.total] ?? 'total',
        at,
        true,
      );
      const countIn =
        columns.in >= 0
          ? numberField(fields[columns.in], columns.names[columns.in] ?? 'IN', at, true)
          : Number.NaN;
      const countOut =
        columns.out >= 0
          ? numberField(fields[columns.out], columns.names[columns.out] ?? 'OUT', at, true)
          : Number.NaN;
      if (columns.in >= 0 || columns.out >= 0) {
        // One direction given: the other is what the total leaves (never below 0).
        const inCount = columns.in >= 0 ? countIn : total - countOut;
        const outCount = columns.out >= 0 ? countOut : total - countIn;
        if (inCount < 0 || outCount < 0 || inCount + outCount !== total) {
          const held = (summary.directionsNotTotal ??= { rows: 0, lines: [] });
          held.rows += 1;
          if (held.lines.length < MAX_LINES_NAMED) held.lines.push(lineNumber);
        }
        options.sink.interval({
          startMs,
          durationS,
          direction: directionIn,
          lane: 1,
          count: Math.max(0, inCount),
          mode,
        });
        options.sink.interval({
          startMs,
          durationS,
          direction: directionOut,
          lane: 2,
          count: Math.max(0, outCount),
          mode,
        });
        summary.intervals += 2;
      } else {
        options.sink.interval({ startMs, durationS, direction: 0, lane: 0, count: total, mode });
        summary.intervals += 1;
      }
      summary.vehicles += total;
      includeTime(summary, startMs);
    }
  }
  // The file ended without them: its last line is where they were still missing.
  const end = lineNumber > 0 ? { line: lineNumber } : {};
  if (!columns) throw new FormatError('ecoCounterNoHeader', {}, { file, ...end });
  if (!summary) throw new FormatError('ecoCounterNoInterval', {}, { file, ...end });
  return summary;
}
