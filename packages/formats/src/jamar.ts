import { splitCsvLine } from './csv.ts';
import { numberField } from './fields.ts';
import { FormatError } from './formatError.ts';
import { includeTime } from './summary.ts';
import { LocalTimeConverter } from './localTime.ts';
import { findSiteId } from './sid.ts';
import type { CounterFileHeader, DirectionCode, ReadOptions, ReadSummary } from './types.ts';

const MPH_TO_MPS = 0.44704;
/** Jamar class 14 is a bicycle; 15 is unclassified, which the product stores as class 0. */
const JAMAR_UNCLASSIFIED = 15;

export function isJamar(firstLines: string[]): boolean {
  return (
    firstLines.some((line) => /^Date\/Time:\s*,/i.test(line.trim())) &&
    firstLines.some((line) => /^Veh\.?\s*No\.?\s*,/i.test(line.trim()))
  );
}

/** `11/6/2023` and `11:54:57 AM` (month first, 12-hour clock). */
function parseUsDateTime(date: string, time: string) {
  const day = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date.trim());
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*([AP]M)$/i.exec(time.trim());
  if (!day || !clock) return undefined;
  let hour = Number(clock[1]) % 12;
  if ((clock[5] ?? '').toUpperCase() === 'PM') hour += 12;
  return {
    year: Number(day[3]),
    month: Number(day[1]),
    day: Number(day[2]),
    hour,
    minute: Number(clock[2]),
    second: Number(clock[3] ?? 0),
    ms: clock[4] ? Math.round(Number(`0.${clock[4]}`) * 1000) : 0,
  };
}

/**
 * Jamar STARneXt per-vehicle CSV. The file names no direction: each channel is a lane whose
 * direction comes from the site (channel 1 direction one, channel 2 direction two by default).
 */
export async function readJamar(
  lines: AsyncIterable<string[]>,
  options: ReadOptions,
): Promise<ReadSummary> {
  const file = options.fileName;
  const header: CounterFileHeader = { format: 'jamar', kind: 'vehicles', directions: [] };
  let columns: Map<string, number> | undefined;
  let summary: ReadSummary | undefined;
  let local: LocalTimeConverter | undefined;
  let laneDirections: Record<number, DirectionCode> = {};
  // The row being read, for the helper below (created once, not per row).
  const at = { file, line: 0 };
  let fields: string[] = [];
  const column = (name: string) => fields[columns?.get(name) ?? -1] ?? '';

  let lineNumber = 0;
  for await (const batch of lines) {
    for (const text of batch) {
      lineNumber += 1;
      const trimmed = text.trim();
      if (trimmed === '') continue;
      fields = splitCsvLine(trimmed).map((field) => field.trim());
      at.line = lineNumber;
      if (!columns) {
        const key = (fields[0] ?? '').replace(/:$/, '').toLowerCase();
        if (/^veh\.?\s*no\.?$/.test(key)) {
          columns = new Map(fields.map((name, index) => [name.toLowerCase(), index]));
          for (const required of ['date', 'time', 'channel', 'class', 'speed']) {
            if (!columns.has(required)) {
              throw new FormatError(`the header has no '${required}' column`, {
                ...at,
                field: required,
              });
            }
          }
        } else if (key === 'site code' || key === 'station id') {
          const value = fields.slice(1).join(',').trim();
          if (key === 'site code') header.siteName = value;
          else header.description = value;
        }
        continue;
      }
      if (!summary) {
        header.siteId = findSiteId(header.siteName, header.description);
        const context = await options.resolveSite(header);
        local = new LocalTimeConverter(context.timeZone);
        laneDirections = context.laneDirections ?? {};
        summary = { header, vehicles: 0, intervals: 0, firstMs: null, lastMs: null };
      }
      const when = parseUsDateTime(column('date'), column('time'));
      if (!when) {
        throw new FormatError(
          `'${column('date')} ${column('time')}' is not a date and time (M/D/YYYY h:mm:ss AM)`,
          {
            ...at,
            field: 'Date',
          },
        );
      }
      const timeMs = local!.toUtcMs(
        when.year,
        when.month,
        when.day,
        when.hour,
        when.minute,
        when.second,
        when.ms,
      );
      const channel = numberField(column('channel'), 'Channel', at, true);
      const jamarClass = numberField(column('class'), 'Class', at, true);
      options.sink.vehicle({
        timeMs,
        lane: channel,
        direction: laneDirections[channel] ?? 0,
        classIndex: jamarClass === JAMAR_UNCLASSIFIED ? 0 : jamarClass,
        speedMps: numberField(column('speed'), 'Speed', at, true) * MPH_TO_MPS,
        lengthM: Number.NaN,
        headwayS: Number.NaN,
        gapS: Number.NaN,
        axles: Number.NaN,
        wheelbaseM: Number.NaN,
        rho: Number.NaN,
      });
      summary.vehicles += 1;
      includeTime(summary, timeMs);
    }
  }
  if (!columns)
    throw new FormatError(
      "no 'Veh. No., Date, Time, Channel, Class, Speed' header line was found",
      { file },
    );
  if (!summary) throw new FormatError('the file lists no vehicles', { file });
  return summary;
}
