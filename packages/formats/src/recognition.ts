// Why a text file was not recognised as any counter format, and where: the line (and field)
// that kept the nearest format from being recognised. The detectors (`isRoadcountCsv`,
// `isMetroCount`, `isJamar`, `isEcoCounter`) each look for a few marks in the first lines; here
// each format's marks are looked for again, exactly and nearly (a character or two changed), and
// the format with most of them present names the first one missing.

import { recognitionMessage, type RecognitionMessageKey } from '@roadcount/domain';
import { splitCsvLine } from './csv.ts';
import { isRoadcountHeader } from './roadcountCsv.ts';

/** The line (1-based, as an editor counts) and field that made the format unrecognisable. */
export interface RecognitionProblem {
  line: number;
  field?: string;
  message: string;
}

interface Diagnosis {
  /** How much of the format is there: 1 a mark found exactly, 0.5 one nearly. */
  score: number;
  problem?: RecognitionProblem;
}

/** What every text format needs, and the xlsx: said when no format is near. */
export const KNOWN_FORMATS = recognitionMessage('knownFormats');

/** Columns of a Roadcount CSV header (docs/formats.md), for telling one apart when damaged. */
const ROADCOUNT_COLUMNS = new Set([
  'timestamp',
  'lane',
  'direction',
  'class',
  'speed_kmh',
  'speed_mph',
  'speed_mps',
  'length_m',
  'length_ft',
  'headway_s',
  'gap_s',
  'axles',
  'wheelbase_m',
  'wheelbase_ft',
  'rho',
  'site_id',
  'site_name',
  'latitude',
  'longitude',
]);

/**
 * Edits between two short texts: a character inserted, deleted, changed, or two side by side
 * swapped (optimal string alignment).
 */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Whether `text` begins with `keyword` but for a character or two (case aside): a mark damaged
 * by an edit, a stray byte or a cut.
 */
function nearly(text: string, keyword: string): boolean {
  const start = text.trimStart().toLowerCase();
  const wanted = keyword.toLowerCase();
  const tolerance = wanted.length >= 12 ? 2 : 1;
  for (const length of [wanted.length - 1, wanted.length, wanted.length + 1])
    if (length > 0 && distance(start.slice(0, length), wanted) <= tolerance) return true;
  return false;
}

/** A line's beginning as the message quotes it: spaces run together, control characters shown as '?', long text cut. */
function quoted(text: string): string {
  const shown = text
    .trim()
    .replace(/\s+/g, ' ')
    // Control characters (and undecodable bytes) are invisible or garbled in a message.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\ufffd]/g, '?');
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown;
}

/** The index of the first line that is not blank (and not a `#` comment, when asked). */
function firstMeaningful(lines: readonly string[], skipComments = false): number {
  return lines.findIndex((line) => line.trim() !== '' && !(skipComments && line.startsWith('#')));
}

function roadcount(lines: readonly string[]): Diagnosis {
  const index = firstMeaningful(lines, true);
  if (index < 0) return { score: 0 };
  const header = lines[index] as string;
  const line = index + 1;
  const fields = splitCsvLine(header.trim()).map((field) => field.trim());
  const first = fields[0] ?? '';
  const begins = first.toLowerCase() === 'timestamp';
  // As the detector asks: a 'lane' column, quoted or not.
  const hasLane = fields.some((field) => field.toLowerCase() === 'lane');
  const known = fields.filter((field) => ROADCOUNT_COLUMNS.has(field.toLowerCase())).length;
  const later = lines.findIndex((text, at) => at > index && isRoadcountHeader(text));
  if (later >= 0)
    return {
      score: 2,
      problem: {
        line,
        message: recognitionMessage('beforeRoadcountHeader', {
          text: quoted(header),
          headerLine: later + 1,
        }),
      },
    };
  const score =
    (begins ? 1 : nearly(first, 'timestamp') ? 0.5 : 0) +
    (hasLane ? 1 : 0) +
    (known >= 3 ? 0.5 : 0);
  if (!begins)
    return {
      score,
      problem: {
        line,
        field: 'timestamp',
        message: recognitionMessage('roadcountBegins', { text: quoted(first) }),
      },
    };
  return {
    score,
    problem: { line, field: 'lane', message: recognitionMessage('roadcountNoLane') },
  };
}

/**
 * A mark some line must begin with (`pattern`), for formats whose marks may be on any of the
 * first lines: where it is, or the line that nearly is it.
 */
function findMark(lines: readonly string[], pattern: RegExp, keywords: readonly string[]) {
  const exact = lines.findIndex((line) => pattern.test(line.trim()));
  const near =
    exact >= 0 ? -1 : lines.findIndex((line) => keywords.some((keyword) => nearly(line, keyword)));
  return { exact, near, score: exact >= 0 ? 1 : near >= 0 ? 0.5 : 0 };
}

/** The problem of a mark not found: the line that nearly is it, or the last line looked at. */
function missingMark(
  lines: readonly string[],
  mark: { near: number },
  what: RecognitionMessageKey,
  field: string | undefined,
): RecognitionProblem {
  const wanted = recognitionMessage(what);
  if (mark.near >= 0)
    return {
      line: mark.near + 1,
      ...(field ? { field } : {}),
      message: recognitionMessage('markNearly', {
        text: quoted(lines[mark.near] as string),
        mark: wanted,
      }),
    };
  return {
    line: lines.length,
    ...(field ? { field } : {}),
    message: recognitionMessage('markMissing', { mark: wanted, lines: lines.length }),
  };
}

function metroCount(lines: readonly string[]): Diagnosis {
  const site = findMark(lines, /^Site:/, ['Site:']);
  const profile = findMark(lines, /^(Column Legend|Survey Duration|Data type):/, [
    'Column Legend:',
    'Survey Duration:',
    'Data type:',
  ]);
  const banner = lines.some((line) => /metrocount/i.test(line)) ? 0.5 : 0;
  const score = site.score + profile.score + banner;
  if (site.exact < 0)
    return {
      score,
      problem: missingMark(lines, site, 'metroCountSite', undefined),
    };
  return {
    score,
    problem: missingMark(lines, profile, 'metroCountProfile', undefined),
  };
}

function jamar(lines: readonly string[]): Diagnosis {
  const started = findMark(lines, /^Date\/Time:\s*,/i, ['Date/Time:,']);
  const table = findMark(lines, /^Veh\.?\s*No\.?\s*,/i, ['Veh. No.,', 'Veh No,']);
  const score = started.score + table.score;
  if (started.exact < 0)
    return {
      score,
      problem: missingMark(lines, started, 'jamarStart', 'Date/Time:'),
    };
  return {
    score,
    problem: missingMark(lines, table, 'jamarTable', 'Veh. No.'),
  };
}

function ecoCounter(lines: readonly string[]): Diagnosis {
  const index = firstMeaningful(lines);
  if (index < 0) return { score: 0 };
  const opening = lines[index] as string;
  const begins = /^"?Period"?,/i.test(opening);
  const period = findMark(lines, /^"?Period"?,/i, ['Period,', '"Period",']);
  const time = findMark(lines, /^"?Time"?,/i, ['Time,', '"Time",']);
  const score = (begins ? 1 : period.score) + time.score;
  if (!begins && period.exact > index)
    return {
      score: score + 0.5,
      problem: {
        line: index + 1,
        message: recognitionMessage('beforeEcoCounterPeriod', {
          text: quoted(opening),
          periodLine: period.exact + 1,
        }),
      },
    };
  if (!begins)
    return {
      score,
      problem: {
        line: index + 1,
        field: 'Period',
        message: recognitionMessage('ecoCounterBegins', { text: quoted(opening) }),
      },
    };
  return {
    score,
    problem: missingMark(lines, time, 'ecoCounterTime', 'Time'),
  };
}

/**
 * Where the first lines of a text file stopped looking like the nearest counter format, or,
 * when none is near, its first line that is not blank. Undefined for a file without text.
 */
export function recognitionProblem(lines: readonly string[]): RecognitionProblem | undefined {
  const nearest = [roadcount, metroCount, jamar, ecoCounter]
    .map((diagnose) => diagnose(lines))
    .reduce((best, next) => (next.score > best.score ? next : best));
  if (nearest.score > 0 && nearest.problem) return nearest.problem;
  const index = firstMeaningful(lines);
  if (index < 0)
    return lines.length > 0
      ? {
          line: lines.length,
          message: recognitionMessage('onlyBlankLines', { formats: KNOWN_FORMATS }),
        }
      : undefined;
  return {
    line: index + 1,
    message: recognitionMessage('unknownFirstLine', {
      text: quoted(lines[index] as string),
      formats: KNOWN_FORMATS,
    }),
  };
}
