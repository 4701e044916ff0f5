import { SITE_MESSAGES, siteUpdateSchema, type SiteUpdate } from './sites.ts';
import { speedLimitSchema } from './speedLimits.ts';

/**
 * SPEC section 2 and 5: the columns of the sites CSV import, in the template's order. Required
 * columns must be present in the header and filled on every row.
 */
export const SITE_IMPORT_COLUMNS = [
  { header: 'name', required: true },
  { header: 'alternative_name', required: false },
  { header: 'description', required: false },
  { header: 'asset_management_id', required: false },
  { header: 'latitude', required: true },
  { header: 'longitude', required: true },
  { header: 'heading', required: false },
  { header: 'direction_one', required: false },
  { header: 'direction_two', required: false },
  { header: 'site_type', required: true },
  { header: 'pedestrians_included', required: false },
  { header: 'class_scheme', required: true },
  { header: 'time_zone', required: true },
  { header: 'speed_limit_kmh', required: false },
  { header: 'speed_limit_from', required: false },
  { header: 'notes', required: false },
] as const;

export type SiteImportColumn = (typeof SITE_IMPORT_COLUMNS)[number]['header'];

/** At most this many sites in one file, so that one request stays small. */
export const SITE_IMPORT_MAX_ROWS = 5000;

/** The template a user downloads: the header line of every importable column. */
export function siteImportTemplate(): string {
  return `${SITE_IMPORT_COLUMNS.map((column) => column.header).join(',')}\n`;
}

/** SPEC section 8 wording, shown above the list of row errors. */
export const SITE_IMPORT_PROBLEM = 'problem with the CSV data, check your file';

/**
 * The import's own messages by code; the codes of SITE_MESSAGES are used too. Placeholders in
 * double braces are filled from the error's params (i18next style, so the web app can reuse them).
 */
export const SITE_IMPORT_MESSAGES = {
  empty: 'the row is empty',
  noRows: 'the file has no sites',
  tooManyRows: `the file has more than ${SITE_IMPORT_MAX_ROWS} sites`,
  unknownColumn: 'is not a column of the template',
  missingColumn: 'required column is missing',
  repeatedColumn: 'the column appears twice',
  extraCells: 'the row has more cells than the header',
  unclosedQuote: 'a quoted cell is not closed',
  heading: 'must be from 0 to 360',
  yesNo: 'must be yes or no',
  speedLimit: 'must be greater than 0',
  speedLimitDate: 'must be a date (YYYY-MM-DD) from 1970-01-01',
  speedLimitMissing: 'is required with a speed limit date',
  duplicateName: 'is repeated in the file (first on row {{row}})',
  nameTaken: 'is already the name of a site ({{name}})',
  siteLimit:
    'the subscription allows {{limit}} sites; the organisation has {{existing}} and the file adds {{adding}}',
  invalid: 'is not valid',
} as const;

export type SiteImportCode = keyof typeof SITE_IMPORT_MESSAGES | keyof typeof SITE_MESSAGES;

/** One problem: its row in the file (the header is row 1; null for the whole file) and column. */
export interface SiteImportError {
  row: number | null;
  field: string | null;
  code: SiteImportCode;
  message: string;
  params: Record<string, string | number>;
}

/** A valid row, ready to become a site. */
export interface ImportedSite {
  row: number;
  site: SiteUpdate & { heading: number | null };
  speedLimit: { limit_mps: number; effective_from: string } | null;
}

export function siteImportError(
  row: number | null,
  field: string | null,
  code: SiteImportCode,
  params: Record<string, string | number> = {},
): SiteImportError {
  const template =
    code in SITE_IMPORT_MESSAGES
      ? SITE_IMPORT_MESSAGES[code as keyof typeof SITE_IMPORT_MESSAGES]
      : SITE_MESSAGES[code as keyof typeof SITE_MESSAGES];
  const message = template.replace(/\{\{(\w+)\}\}/g, (_match, key: string) =>
    String(params[key] ?? ''),
  );
  return { row, field, code, message, params };
}

interface CsvRecord {
  line: number;
  cells: string[];
}

/** RFC 4180 records with the line each starts on; quoted cells may hold commas and newlines. */
export function parseCsvRecords(text: string): { records: CsvRecord[]; unclosedAt: number | null } {
  const source = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index];
    if (quoted) {
      if (character === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else {
        if (character === '\n') line += 1;
        cell += character;
      }
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      cells.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && source[index + 1] === '\n') index += 1;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line += 1;
      recordLine = line;
    } else cell += character;
  }
  if (quoted) return { records, unclosedAt: recordLine };
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return { records, unclosedAt: null };
}

const isBlank = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === '');

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** The issue codes of the site rules, by their messages. */
const CODE_BY_MESSAGE = new Map<string, SiteImportCode>(
  Object.entries(SITE_MESSAGES).map(([code, message]) => [message, code as SiteImportCode]),
);

function checkRow(
  record: CsvRecord,
  columns: (SiteImportColumn | null)[],
): { site?: ImportedSite; errors: SiteImportError[] } {
  const row = record.line;
  const errors: SiteImportError[] = [];
  const failed = new Set<string>();
  const fail = (field: string | null, code: SiteImportCode) => {
    if (field !== null && failed.has(field)) return;
    if (field !== null) failed.add(field);
    errors.push(siteImportError(row, field, code));
  };
  const value = (column: SiteImportColumn) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : (record.cells[index] ?? '').trim();
  };
  if (record.cells.length > columns.length) fail(null, 'extraCells');
  for (const column of SITE_IMPORT_COLUMNS)
    if (column.required && value(column.header) === '') fail(column.header, 'required');
  const number = (column: SiteImportColumn): number | null => {
    const text = value(column);
    if (text === '') return null;
    const parsed = Number(text);
    if (!Number.isFinite(parsed)) {
      fail(column, 'number');
      return null;
    }
    return parsed;
  };
  const heading = number('heading');
  if (heading !== null && (heading < 0 || heading > 360)) fail('heading', 'heading');
  const pedestrians = value('pedestrians_included').toLowerCase();
  if (!YES.has(pedestrians) && !NO.has(pedestrians)) fail('pedestrians_included', 'yesNo');
  const letter = (column: SiteImportColumn) =>
    (value(column).toUpperCase() || null) as SiteUpdate['direction_one'];
  const candidate: SiteUpdate = {
    name: value('name'),
    alternative_name: value('alternative_name'),
    description: value('description'),
    asset_management_id: value('asset_management_id'),
    latitude: number('latitude'),
    longitude: number('longitude'),
    heading: heading !== null && heading >= 0 && heading <= 360 ? heading : null,
    direction_one: letter('direction_one'),
    direction_two: letter('direction_two'),
    site_type: value('site_type').toLowerCase() as SiteUpdate['site_type'],
    time_zone: value('time_zone'),
    class_scheme: value('class_scheme').toLowerCase(),
    pedestrians_included: YES.has(pedestrians),
    notes: value('notes'),
  };
  const parsed = siteUpdateSchema.safeParse(candidate);
  for (const issue of parsed.error?.issues ?? []) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : null;
    fail(field, CODE_BY_MESSAGE.get(issue.message) ?? 'invalid');
  }
  let speedLimit: ImportedSite['speedLimit'] = null;
  const limitKmh = number('speed_limit_kmh');
  const limitFrom = value('speed_limit_from');
  if (limitKmh === null && limitFrom !== '' && !failed.has('speed_limit_kmh'))
    fail('speed_limit_kmh', 'speedLimitMissing');
  if (limitKmh !== null) {
    const limit = speedLimitSchema.safeParse({
      limit_mps: limitKmh / 3.6,
      ...(limitFrom ? { effective_from: limitFrom } : {}),
    });
    if (limit.success) speedLimit = limit.data;
    else
      for (const issue of limit.error.issues)
        if (issue.path[0] === 'effective_from') fail('speed_limit_from', 'speedLimitDate');
        else fail('speed_limit_kmh', 'speedLimit');
  }
  if (errors.length > 0 || !parsed.success) return { errors };
  return {
    errors,
    site: { row, site: { ...parsed.data, heading: parsed.data.heading ?? null }, speedLimit },
  };
}

const columnOrder = (field: string | null) =>
  field === null ? -1 : SITE_IMPORT_COLUMNS.findIndex((column) => column.header === field);

/**
 * Checks a whole sites CSV (SPEC section 5): the header names template columns and holds the
 * required ones; no row is empty; every required field is filled; values follow the site rules;
 * names are unique in the file and among `existingNames` (the organisation's sites). Answers
 * every error, or the sites when there is none.
 */
export function checkSiteImport(
  text: string,
  existingNames: readonly string[],
): { sites: ImportedSite[]; errors: SiteImportError[] } {
  const { records, unclosedAt } = parseCsvRecords(text);
  const errors: SiteImportError[] = [];
  if (unclosedAt !== null) errors.push(siteImportError(unclosedAt, null, 'unclosedQuote'));
  while (records.length > 0 && isBlank(records[records.length - 1] as CsvRecord)) records.pop();
  const [header, ...rows] = records;
  if (!header || isBlank(header)) {
    errors.push(siteImportError(1, null, 'noRows'));
    return { sites: [], errors };
  }
  const known = new Set<string>(SITE_IMPORT_COLUMNS.map((column) => column.header));
  const columns: (SiteImportColumn | null)[] = [];
  for (const cell of header.cells) {
    const name = cell.trim().toLowerCase();
    if (!known.has(name)) {
      errors.push(siteImportError(header.line, cell.trim(), 'unknownColumn'));
      columns.push(null);
    } else if (columns.includes(name as SiteImportColumn)) {
      errors.push(siteImportError(header.line, name, 'repeatedColumn'));
      columns.push(null);
    } else columns.push(name as SiteImportColumn);
  }
  const missing = SITE_IMPORT_COLUMNS.filter(
    (column) => column.required && !columns.includes(column.header),
  );
  for (const column of missing)
    errors.push(siteImportError(header.line, column.header, 'missingColumn'));
  // Rows are still checked past an unknown column, but not without a required one.
  if (missing.length > 0 || unclosedAt !== null) return { sites: [], errors };
  if (rows.length === 0)
    return { sites: [], errors: [...errors, siteImportError(null, null, 'noRows')] };
  if (rows.length > SITE_IMPORT_MAX_ROWS)
    return { sites: [], errors: [...errors, siteImportError(null, null, 'tooManyRows')] };

  const existing = new Map(existingNames.map((name) => [name.toLowerCase(), name]));
  const firstRowByName = new Map<string, number>();
  const sites: ImportedSite[] = [];
  for (const record of rows) {
    if (isBlank(record)) {
      errors.push(siteImportError(record.line, null, 'empty'));
      continue;
    }
    const checked = checkRow(record, columns);
    const rowErrors = [...checked.errors];
    const name = (record.cells[columns.indexOf('name')] ?? '').trim();
    const key = name.toLowerCase();
    if (name !== '') {
      const first = firstRowByName.get(key);
      const taken = existing.get(key);
      if (first !== undefined)
        rowErrors.push(siteImportError(record.line, 'name', 'duplicateName', { row: first }));
      else if (taken !== undefined)
        rowErrors.push(siteImportError(record.line, 'name', 'nameTaken', { name: taken }));
      if (first === undefined) firstRowByName.set(key, record.line);
    }
    // A row's errors in the template's column order, as the user reads the row.
    errors.push(...rowErrors.sort((a, b) => columnOrder(a.field) - columnOrder(b.field)));
    if (checked.site) sites.push(checked.site);
  }
  return errors.length > 0 ? { sites: [], errors } : { sites, errors };
}
