import { splitCsvLine } from './csv.ts';
import { csvFieldPositions, decimalAt } from './scan.ts';
import { parseDirection } from './directions.ts';
import { numberField } from './fields.ts';
import { FormatError } from './formatError.ts';
import { includeTime } from './summary.ts';
import { parseIsoTimestamp } from './isoTime.ts';
import { LocalTimeConverter } from './localTime.ts';
import { findSiteId } from './sid.ts';
import type { CounterFileHeader, ReadOptions, ReadSummary } from './types.ts';

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

export function isRoadcountCsv(firstLines: string[]): boolean {
  const header = firstLines.find((line) => line.trim() !== '' && !line.startsWith('#'));
  return (
    header !== undefined && /^timestamp,/i.test(header.trim()) && /(^|,)lane(,|$)/i.test(header)
  );
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
  lines: AsyncIterable<string[]>,
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

  let lineNumber = 0;
  for await (const batch of lines) {
    for (const text of batch) {
      lineNumber += 1;
      if (text.trim() === '' || text.startsWith('#')) continue;
      if (!columns) {
        columns = new Map(
          splitCsvLine(text).map((name, position) => [name.trim().toLowerCase(), position]),
        );
        headerLineNumber = lineNumber;
        for (const name of REQUIRED) {
          if (!columns.has(name))
            throw new FormatError(`the header has no '${name}' column`, {
              file,
              line: lineNumber,
              field: name,
            });
        }
        speed = pickColumn(columns, SPEED_COLUMNS);
        if (!speed) {
          throw new FormatError(
            'the header has no speed column (speed_kmh, speed_mph or speed_mps)',
            {
              file,
              line: lineNumber,
              field: 'speed',
            },
          );
        }
        length = pickColumn(columns, LENGTH_COLUMNS);
        wheelbase = pickColumn(columns, WHEELBASE_COLUMNS);
        continue;
      }
      // Most lines have no quotes: find the fields' positions and read numbers in place.
      const fields =
        text.includes('"') || columns.size > starts.length ? splitCsvLine(text) : undefined;
      const fieldCount = fields ? fields.length : csvFieldPositions(text, starts, ends);
      if (fieldCount !== columns.size) {
        throw new FormatError(
          `expected ${columns.size} fields as in the header, found ${fieldCount}`,
          {
            file,
            line: lineNumber,
          },
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
          ...(Number.isFinite(latitude) && Number.isFinite(longitude)
            ? { latitude, longitude }
            : {}),
        };
        header.siteId ??= findSiteId(header.siteName);
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
      }
      const timestampText = fieldText(positions.timestamp) ?? '';
      const timeMs = parseIsoTimestamp(timestampText.trim(), local);
      if (Number.isNaN(timeMs)) {
        throw new FormatError(`'${timestampText}' is not an ISO 8601 timestamp`, {
          ...at,
          field: 'timestamp',
        });
      }
      const directionText = fieldText(positions.direction) ?? '';
      const direction = parseDirection(directionText);
      if (direction === undefined) {
        throw new FormatError(`'${directionText}' is not a direction (N, E, S, W or 0 to 8)`, {
          ...at,
          field: 'direction',
        });
      }
      // The directions seen, in order, become a new site's direction one and two.
      const seen = summary.header.directions;
      if (direction !== 0 && seen.length < 2 && !seen.includes(direction)) seen.push(direction);
      const speedValue = numberAt(speed!.index, speed!.name, true);
      if (speedValue < 0)
        throw new FormatError(`speed ${speedValue} is negative`, { ...at, field: speed!.name });
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
    }
  }
  if (!columns) throw new FormatError('the file is empty', { file });
  if (!summary)
    throw new FormatError('the file has a header but no vehicles', {
      file,
      line: headerLineNumber,
    });
  return summary;
}
