import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';

/**
 * The cell styles a streamed workbook offers (its styles part lists them in this order): what the
 * standard spreadsheet uses. A number in a plain cell that is not whole is shown to three
 * decimals (FRACTION).
 */
export const XLSX_STYLE = {
  PLAIN: 0,
  BOLD: 1,
  FRACTION: 2,
  TITLE: 3,
  SECTION: 4,
  WRAPPED: 5,
} as const;
export type XlsxStyle = (typeof XLSX_STYLE)[keyof typeof XLSX_STYLE];

export type XlsxCell = string | number | null | undefined;

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="0.0##"/></numFmts>' +
  `<fonts count="4"><font>${FONT}</font><font><b/>${FONT}</font>` +
  '<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="12"/><color rgb="FF005BBD"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="6">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>' +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0"/></styleSheet>';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The characters XML 1.0 does not allow in a document, even escaped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;

/** Text as XML character data (and attribute values): escaped, characters XML forbids left out. */
export function xmlText(text: string): string {
  // Most cells need nothing done: one test is cheaper than four replacements.
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A column's letters: 0 is A, 25 is Z, 26 is AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}
const LETTERS = Array.from({ length: 64 }, (_, index) => columnLetters(index));

/** One cell's XML: text as a string cell, a finite number as a number; nothing for no value. */
function cellXml(reference: string, value: XlsxCell, style: XlsxStyle): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const shown =
      style === XLSX_STYLE.PLAIN && !Number.isInteger(value) ? XLSX_STYLE.FRACTION : style;
    return shown === XLSX_STYLE.PLAIN
      ? `<c r="${reference}"><v>${value}</v></c>`
      : `<c r="${reference}" s="${shown}"><v>${value}</v></c>`;
  }
  if (value === null || value === undefined) return '';
  return style === XLSX_STYLE.PLAIN
    ? `<c r="${reference}" t="str"><v>${xmlText(value)}</v></c>`
    : `<c r="${reference}" s="${style}" t="str"><v>${xmlText(value)}</v></c>`;
}

/** A worksheet being written: rows in order, held as UTF-8 pieces until the sheet is committed. */
export interface XlsxSheet {
  /** Adds the next row; a row without a value is left out (it stays empty in the sheet). */
  addRow: (cells: readonly XlsxCell[], style?: XlsxStyle) => void;
  /** A row's style for each of its cells. */
  addStyledRow: (cells: readonly { value: XlsxCell; style: XlsxStyle }[]) => void;
  /** The sheet is complete: it goes into the workbook's file, after the sheets committed before. */
  commit: () => Promise<void>;
}

/**
 * Every workbook Roadcount writes (the reports and the site detail's summary), as a stream: each
 * sheet's rows become XML text as they are added, one string a row (a year of hourly rows per
 * site is some 8,760 rows of a dozen cells, where ExcelJS's streaming writer builds an object per
 * cell and looks up its style: docs/reports.md has the measurement that chose this writer), and
 * each sheet is compressed into the zip while the next is made. The sheets' order in the workbook is the order they were added, whatever the order they
 * are committed in, so that a cover sheet can come first and be written last. Cells are strings
 * (as formula-result strings, as ExcelJS writes them without shared strings) or numbers, with one
 * of the styles of XLSX_STYLE.
 */
export function xlsxStream(
  output: Writable,
  properties: { creator: string; created: Date; compressionLevel?: number },
) {
  const archive = archiver('zip', { zlib: { level: properties.compressionLevel ?? 1 } });
  const date = properties.created;
  const failed = new Promise<never>((_resolve, reject) => {
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  failed.catch(() => undefined);
  archive.pipe(output);
  const finished = new Promise<void>((resolve, reject) => {
    output.on('finish', resolve);
    output.on('close', resolve);
    output.on('error', reject);
  });
  finished.catch(() => undefined);

  const names: string[] = [];
  /** The entry the archive is compressing: the next sheet waits for it (two sheets at most held). */
  let previous: Promise<void> = Promise.resolve();
  const entryWritten = (name: string) =>
    new Promise<void>((resolve) => {
      const onEntry = (entry: archiver.EntryData) => {
        if (entry.name !== name) return;
        archive.off('entry', onEntry);
        resolve();
      };
      archive.on('entry', onEntry);
    });
  const append = async (name: string, content: Buffer | string) => {
    await Promise.race([previous, failed]);
    previous = entryWritten(name);
    archive.append(content, { name, date });
  };

  return {
    /**
     * A sheet, after the sheets added before it. `frozenRows` rows at its top and
     * `frozenColumns` at its left stay in view when it scrolls (a table's header and labels).
     */
    addSheet(
      name: string,
      columnWidths: readonly (number | undefined)[] = [],
      { frozenRows = 0, frozenColumns = 0 }: { frozenRows?: number; frozenColumns?: number } = {},
    ): XlsxSheet {
      names.push(name);
      const path = `xl/worksheets/sheet${names.length}.xml`;
      const pieces: Buffer[] = [];
      const cols = columnWidths
        .map((width, index) =>
          width === undefined
            ? ''
            : `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`,
        )
        .join('');
      const pane =
        frozenRows > 0 || frozenColumns > 0
          ? '<pane' +
            (frozenColumns > 0 ? ` xSplit="${frozenColumns}"` : '') +
            (frozenRows > 0 ? ` ySplit="${frozenRows}"` : '') +
            ` topLeftCell="${columnLetters(frozenColumns)}${frozenRows + 1}"` +
            ` activePane="${frozenRows > 0 ? (frozenColumns > 0 ? 'bottomRight' : 'bottomLeft') : 'topRight'}" state="frozen"/>`
          : '';
      const views = pane
        ? `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>`
        : '';
      let text =
        `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS}">${views}` +
        `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
      let rowNumber = 0;
      const flush = () => {
        pieces.push(Buffer.from(text));
        text = '';
      };
      const addStyledRow = (cells: readonly { value: XlsxCell; style: XlsxStyle }[]) => {
        rowNumber += 1;
        let row = '';
        for (let column = 0; column < cells.length; column += 1) {
          const cell = cells[column];
          if (cell)
            row += cellXml(
              `${LETTERS[column] ?? columnLetters(column)}${rowNumber}`,
              cell.value,
              cell.style,
            );
        }
        if (row) text += `<row r="${rowNumber}">${row}</row>`;
        if (text.length >= 65_536) flush();
      };
      return {
        addRow(cells, style = XLSX_STYLE.PLAIN) {
          rowNumber += 1;
          let row = '';
          for (let column = 0; column < cells.length; column += 1)
            row += cellXml(
              `${LETTERS[column] ?? columnLetters(column)}${rowNumber}`,
              cells[column],
              style,
            );
          if (row) text += `<row r="${rowNumber}">${row}</row>`;
          if (text.length >= 65_536) flush();
        },
        addStyledRow,
        async commit() {
          text +=
            '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
          flush();
          await append(path, Buffer.concat(pieces));
          pieces.length = 0;
        },
      };
    },

    /** Writes the workbook's own parts and ends the file; resolves once `output` has it all. */
    async commit(): Promise<void> {
      const sheets = names.map((_name, index) => index + 1);
      const stamp = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
      await append(
        '[Content_Types].xml',
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          sheets
            .map(
              (sheet) =>
                `<Override PartName="/xl/worksheets/sheet${sheet}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
          '</Types>',
      );
      await append(
        '_rels/.rels',
        `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
          `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
          '</Relationships>',
      );
      await append(
        'docProps/core.xml',
        `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
          `<dc:creator>${xmlText(properties.creator)}</dc:creator>` +
          `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
          `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
          '</cp:coreProperties>',
      );
      await append(
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
          names
            .map(
              (name, index) =>
                `<sheet name="${xmlText(name)}" sheetId="${index + 1}" r:id="rId${index + 2}"/>`,
            )
            .join('') +
          '</sheets></workbook>',
      );
      await append(
        'xl/_rels/workbook.xml.rels',
        `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
          `<Relationship Id="rId1" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
          sheets
            .map(
              (sheet) =>
                `<Relationship Id="rId${sheet + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${sheet}.xml"/>`,
            )
            .join('') +
          '</Relationships>',
      );
      await append('xl/styles.xml', STYLES_XML);
      await Promise.race([previous, failed]);
      await Promise.race([archive.finalize(), failed]);
      await Promise.race([finished, failed]);
    },
  };
}

export type XlsxWorkbook = ReturnType<typeof xlsxStream>;

/**
 * A small workbook whole in memory (one row per site, a site's summary): `write` adds and commits
 * its sheets, then the workbook is committed and its bytes returned.
 */
export async function xlsxBytes(
  properties: { creator: string; created: Date },
  write: (workbook: XlsxWorkbook) => Promise<void>,
): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = xlsxStream(output, properties);
  await write(workbook);
  await workbook.commit();
  return Buffer.concat(chunks);
}
