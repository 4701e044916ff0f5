import { splitCsvLine } from './csv.ts';
import { csvFieldPositions } from './scan.ts';
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

/** Digits between two positions as a whole number; -1 when there are none or another character. */
function wholeAt(text: string, start: number, end: number): number {
  if (end <= start || end - start > 15) return -1;
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/** Where a run of digits starting at `start` ends (at most `most` digits). */
function digitsEnd(text: string, start: number, end: number, most: number): number {
  let index = start;
  while (index < end && index - start < most) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) break;
    index += 1;
  }
  return index;
}

/**
 * `parseUsDateTime` read from the characters between positions, into `parts` (year, month, day,
 * hour, minute, second, ms); false when the text is not that shape (the caller then takes the
 * general path, which explains the error).
 */
function usDateTimeAt(
  text: string,
  dateStart: number,
  dateEnd: number,
  timeStart: number,
  timeEnd: number,
  parts: Int32Array,
): boolean {
  // M/D/YYYY
  const monthEnd = digitsEnd(text, dateStart, dateEnd, 2);
  if (monthEnd === dateStart || monthEnd >= dateEnd || text.charCodeAt(monthEnd) !== 47)
    return false;
  const dayEnd = digitsEnd(text, monthEnd + 1, dateEnd, 2);
  if (dayEnd === monthEnd + 1 || dayEnd >= dateEnd || text.charCodeAt(dayEnd) !== 47) return false;
  if (dateEnd - (dayEnd + 1) !== 4) return false;
  const year = wholeAt(text, dayEnd + 1, dateEnd);
  if (year < 0) return false;
  // h:mm[:ss[.f]] then AM or PM
  const hourEnd = digitsEnd(text, timeStart, timeEnd, 2);
  if (hourEnd === timeStart || text.charCodeAt(hourEnd) !== 58 || hourEnd + 3 > timeEnd)
    return false;
  const minute = wholeAt(text, hourEnd + 1, hourEnd + 3);
  if (minute < 0) return false;
  let index = hourEnd + 3;
  let second = 0;
  let ms = 0;
  if (index < timeEnd && text.charCodeAt(index) === 58) {
    if (index + 3 > timeEnd) return false;
    second = wholeAt(text, index + 1, index + 3);
    if (second < 0) return false;
    index += 3;
    if (index < timeEnd && text.charCodeAt(index) === 46) {
      const fractionEnd = digitsEnd(text, index + 1, timeEnd, timeEnd);
      if (fractionEnd === index + 1) return false;
      ms = Math.round(Number(`0.${text.slice(index + 1, fractionEnd)}`) * 1000);
      index = fractionEnd;
    }
  }
  while (index < timeEnd && (text.charCodeAt(index) === 32 || text.charCodeAt(index) === 9))
    index += 1;
  if (timeEnd - index !== 2 || (text.charCodeAt(index + 1) | 32) !== 109) return false;
  const meridiem = text.charCodeAt(index) | 32;
  if (meridiem !== 97 && meridiem !== 112) return false;
  let hour = wholeAt(text, timeStart, hourEnd) % 12;
  if (meridiem === 112) hour += 12;
  parts[0] = year;
  parts[1] = wholeAt(text, dateStart, monthEnd);
  parts[2] = wholeAt(text, monthEnd + 1, dayEnd);
  parts[3] = hour;
  parts[4] = minute;
  parts[5] = second;
  parts[6] = ms;
  return true;
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
  // Jamar counters classify by FHWA 13, with 14 a bicycle and 15 unclassified.
  const header: CounterFileHeader = {
    format: 'jamar',
    kind: 'vehicles',
    directions: [],
    classScheme: 'fhwa13',
  };
  let columns: Map<string, number> | undefined;
  let summary: ReadSummary | undefined;
  let local: LocalTimeConverter | undefined;
  let laneDirections: Record<number, DirectionCode> = {};
  // The row being read, for the helper below (created once, not per row).
  const at = { file, line: 0 };
  let fields: string[] = [];
  const column = (name: string) => fields[columns?.get(name) ?? -1] ?? '';
  // The fast path: field positions on the line, read in place (no string per field).
  const starts = new Int32Array(64);
  const ends = new Int32Array(64);
  const timeParts = new Int32Array(7);
  let positions = { date: -1, time: -1, channel: -1, class: -1, speed: -1, last: -1 };
  /** The positions the fast path trims, set with them (not rebuilt for every row). */
  let fastFields: number[] = [];
  /** Narrows field `index` of the line to its text without surrounding spaces and tabs. */
  const trimField = (line: string, index: number) => {
    let start = starts[index] as number;
    let end = ends[index] as number;
    while (start < end && (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9))
      start += 1;
    while (end > start && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9))
      end -= 1;
    starts[index] = start;
    ends[index] = end;
  };
  /** A vehicle read from the positions alone, or false to take the general path. */
  const readFast = (line: string): boolean => {
    if (line.includes('"')) return false;
    const count = csvFieldPositions(line, starts, ends);
    if (count > starts.length || positions.last >= count) return false;
    for (const index of fastFields) trimField(line, index);
    if (
      !usDateTimeAt(
        line,
        starts[positions.date] as number,
        ends[positions.date] as number,
        starts[positions.time] as number,
        ends[positions.time] as number,
        timeParts,
      )
    )
      return false;
    // Whole numbers only: anything else is read by the general path, exactly as before.
    const channel = wholeAt(
      line,
      starts[positions.channel] as number,
      ends[positions.channel] as number,
    );
    const jamarClass = wholeAt(
      line,
      starts[positions.class] as number,
      ends[positions.class] as number,
    );
    const speed = wholeAt(line, starts[positions.speed] as number, ends[positions.speed] as number);
    if (channel < 0 || jamarClass < 0 || speed < 0) return false;
    const timeMs = local!.toUtcMsOfParts(timeParts);
    options.sink.vehicle({
      timeMs,
      lane: channel,
      direction: laneDirections[channel] ?? 0,
      classIndex: jamarClass === JAMAR_UNCLASSIFIED ? 0 : jamarClass,
      speedMps: speed * MPH_TO_MPS,
      lengthM: Number.NaN,
      headwayS: Number.NaN,
      gapS: Number.NaN,
      axles: Number.NaN,
      wheelbaseM: Number.NaN,
      rho: Number.NaN,
    });
    summary!.vehicles += 1;
    includeTime(summary!, timeMs);
    return true;
  };

  let lineNumber = 0;
  for await (const batch of lines) {
    for (const text of batch) {
      lineNumber += 1;
      const trimmed = text.trim();
      if (trimmed === '') continue;
      if (summary && readFast(trimmed)) continue;
      fields = splitCsvLine(trimmed).map((field) => field.trim());
      at.line = lineNumber;
      if (!columns) {
        const key = (fields[0] ?? '').replace(/:$/, '').toLowerCase();
        if (/^veh\.?\s*no\.?$/.test(key)) {
          columns = new Map(fields.map((name, index) => [name.toLowerCase(), index]));
          for (const required of ['date', 'time', 'channel', 'class', 'speed']) {
            if (!columns.has(required)) {
              throw new FormatError(
                'headerNoColumn',
                { column: required },
                { ...at, field: required },
              );
            }
          }
        } else if (key === 'site code' || key === 'station id') {
          const value = fields.slice(1).join(',').trim();
          if (key === 'site code') header.siteName = value;
          else {
            header.description = value;
            if (value) header.stationCode = value;
          }
        }
        continue;
      }
      if (!summary) {
        header.siteId = findSiteId(header.siteName, header.description);
        const context = await options.resolveSite(header);
        local = new LocalTimeConverter(context.timeZone);
        laneDirections = context.laneDirections ?? {};
        summary = { header, vehicles: 0, intervals: 0, firstMs: null, lastMs: null };
        const at = (name: string) => columns?.get(name) ?? -1;
        positions = {
          date: at('date'),
          time: at('time'),
          channel: at('channel'),
          class: at('class'),
          speed: at('speed'),
          last: Math.max(at('date'), at('time'), at('channel'), at('class'), at('speed')),
        };
        fastFields = [
          positions.date,
          positions.time,
          positions.channel,
          positions.class,
          positions.speed,
        ];
      }
      const when = parseUsDateTime(column('date'), column('time'));
      if (!when) {
        throw new FormatError(
          'notJamarDateTime',
          { value: `${column('date')} ${column('time')}` },
          { ...at, field: 'Date' },
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
  // The file ended without them: its last line is where they were still missing.
  const end = lineNumber > 0 ? { line: lineNumber } : {};
  if (!columns) throw new FormatError('jamarNoHeader', {}, { file, ...end });
  if (!summary) throw new FormatError('jamarNoVehicle', {}, { file, ...end });
  return summary;
}
