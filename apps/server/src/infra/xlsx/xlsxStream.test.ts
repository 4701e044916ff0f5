import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, XLSX_STYLE, xlsxBytes, xlsxStream, xmlText } from './xlsxStream.ts';

/** The bytes a streamed workbook writes, once it is committed. */
async function written(build: (book: ReturnType<typeof xlsxStream>) => Promise<void>) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = xlsxStream(output, {
    creator: 'Roadcount 9.9.9',
    created: new Date('2025-06-02T08:00:00Z'),
  });
  await build(book);
  await book.commit();
  return Buffer.concat(chunks);
}

describe('xlsxStream', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('escapes markup and leaves out the characters XML forbids', () => {
    expect(xmlText('North & South <A1> "x"')).toBe('North &amp; South &lt;A1&gt; &quot;x&quot;');
    expect(xmlText('tab\there, bell\u0007 gone')).toBe('tab\there, bell gone');
    expect(xmlText('Plain text')).toBe('Plain text');
  });

  it('writes sheets in the order added, whatever the order committed, read back by ExcelJS', async () => {
    const bytes = await written(async (book) => {
      const cover = book.addSheet('Report', [32, 70]);
      const site = book.addSheet('Mill Lane & <Bridge>', [30, 16]);
      site.addRow(['Mill Lane', 'Title'], XLSX_STYLE.TITLE);
      site.addRow([]);
      site.addRow(['Vehicles', 1204, 'vehicles']);
      site.addRow(['Average speed', 47.25, 'km/h']);
      site.addRow(['85th percentile', null, 'km/h']);
      site.addRow(['Statistic', 'Value'], XLSX_STYLE.BOLD);
      await site.commit();
      cover.addStyledRow([
        { value: 'Sites', style: XLSX_STYLE.BOLD },
        { value: 'Mill Lane', style: XLSX_STYLE.WRAPPED },
      ]);
      await cover.commit();
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.creator).toBe('Roadcount 9.9.9');
    expect(workbook.created?.toISOString()).toBe('2025-06-02T08:00:00.000Z');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Mill Lane & <Bridge>',
    ]);

    const cover = workbook.getWorksheet('Report');
    expect(cover?.getColumn(1).width).toBe(32);
    expect(cover?.getCell('A1').value).toBe('Sites');
    expect(cover?.getCell('A1').font?.bold).toBe(true);
    expect(cover?.getCell('B1').alignment).toEqual({ vertical: 'top', wrapText: true });

    const site = workbook.getWorksheet('Mill Lane & <Bridge>');
    expect(site?.getColumn(1).width).toBe(30);
    expect(site?.getCell('A1').font).toMatchObject({ bold: true, size: 14 });
    // The empty row stays empty: the figures start on row 3.
    expect(site?.getRow(2).hasValues).toBe(false);
    expect(site?.getCell('B3').value).toBe(1204);
    expect(site?.getCell('B3').numFmt).toBeUndefined();
    // A number that is not whole is shown to three decimals.
    expect(site?.getCell('B4').value).toBe(47.25);
    expect(site?.getCell('B4').numFmt).toBe('0.0##');
    // No value: no cell.
    expect(site?.getCell('B5').value).toBeNull();
    expect(site?.getCell('C5').value).toBe('km/h');
    expect(site?.getCell('B6').font?.bold).toBe(true);
  });

  it('freezes a header row and a label column, in a workbook made whole in memory', async () => {
    const bytes = await xlsxBytes(
      { creator: 'Roadcount', created: new Date('2025-06-02T08:00:00Z') },
      async (book) => {
        const table = book.addSheet('Annual figures', [20, 10], { frozenRows: 1 });
        table.addRow(['Site', 'ADT'], XLSX_STYLE.BOLD);
        table.addRow(['Mill Lane', 1080.5]);
        await table.commit();
        const bins = book.addSheet('Bins', [], { frozenRows: 1, frozenColumns: 1 });
        bins.addRow(['Start', 'North']);
        await bins.commit();
      },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const table = workbook.getWorksheet('Annual figures');
    expect(table?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(table?.getCell('B2').value).toBe(1080.5);
    expect(workbook.getWorksheet('Bins')?.views[0]).toMatchObject({
      state: 'frozen',
      xSplit: 1,
      ySplit: 1,
      topLeftCell: 'B2',
    });
  });
});
