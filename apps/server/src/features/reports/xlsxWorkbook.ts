import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The cell styles a report workbook uses. A number that is not whole is shown to three decimals. */
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

const FONT = { name: 'Calibri', size: 11, family: 2 };
/** Each style as ExcelJS takes it; one object each, so ExcelJS finds the style once a workbook. */
const STYLES: Record<XlsxStyle, Partial<ExcelJS.Style>> = {
  [XLSX_STYLE.PLAIN]: {},
  [XLSX_STYLE.BOLD]: { font: { ...FONT, bold: true } },
  [XLSX_STYLE.FRACTION]: { numFmt: '0.0##' },
  [XLSX_STYLE.TITLE]: { font: { ...FONT, bold: true, size: 14 } },
  [XLSX_STYLE.SECTION]: { font: { ...FONT, bold: true, size: 12, color: { argb: 'FF005BBD' } } },
  [XLSX_STYLE.WRAPPED]: { alignment: { vertical: 'top', wrapText: true } },
};

/** A worksheet being written: rows in order, each written out as it is added. */
export interface XlsxSheet {
  /** Adds the next row; a row without a value stays empty in the sheet. */
  addRow: (cells: readonly XlsxCell[], style?: XlsxStyle) => void;
  /** A row's style for each of its cells. */
  addStyledRow: (cells: readonly { value: XlsxCell; style: XlsxStyle }[]) => void;
  /** The sheet is complete. */
  commit: () => Promise<void>;
}

/**
 * A report workbook written as a stream by ExcelJS's `WorkbookWriter`: each row goes to the zip
 * when added, so a year of hourly rows for many sites is never held whole. The sheets' order in
 * the workbook is the order they were added, whatever the order they are written in, so that a
 * cover sheet can come first and be written last. Cells are text (inline, no shared strings
 * table to hold) or numbers, with one of the styles of XLSX_STYLE.
 */
export function xlsxWorkbook(
  output: Writable,
  properties: { creator: string; created: Date; compressionLevel?: number },
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: properties.compressionLevel ?? 1 } },
  });
  workbook.creator = properties.creator;
  workbook.created = properties.created;
  workbook.modified = properties.created;

  return {
    addSheet(name: string, columnWidths: readonly (number | undefined)[] = []): XlsxSheet {
      const sheet = workbook.addWorksheet(name);
      columnWidths.forEach((width, index) => {
        if (width !== undefined) sheet.getColumn(index + 1).width = width;
      });
      let rowNumber = 0;
      const addStyledRow = (cells: readonly { value: XlsxCell; style: XlsxStyle }[]) => {
        rowNumber += 1;
        const row = sheet.getRow(rowNumber);
        cells.forEach((cell, index) => {
          const { value } = cell;
          if (value === null || value === undefined) return;
          if (typeof value === 'number' && !Number.isFinite(value)) return;
          const target = row.getCell(index + 1);
          target.value = value;
          const style =
            cell.style === XLSX_STYLE.PLAIN && typeof value === 'number' && !Number.isInteger(value)
              ? XLSX_STYLE.FRACTION
              : cell.style;
          if (style !== XLSX_STYLE.PLAIN) target.style = STYLES[style];
        });
        row.commit();
      };
      return {
        addRow(cells, style = XLSX_STYLE.PLAIN) {
          addStyledRow(cells.map((value) => ({ value, style })));
        },
        addStyledRow,
        async commit() {
          await sheet.commit();
        },
      };
    },

    /** Ends the workbook; resolves once `output` has it all. */
    async commit(): Promise<void> {
      await workbook.commit();
    },
  };
}
