import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XLSX_STYLE, xlsxWorkbook } from './xlsxWorkbook.ts';

/** The bytes a streamed workbook writes, once it is committed. */
async function written(build: (book: ReturnType<typeof xlsxWorkbook>) => Promise<void>) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = xlsxWorkbook(output, {
    creator: 'Roadcount 9.9.9',
    created: new Date('2025-06-02T08:00:00Z'),
  });
  await build(book);
  await book.commit();
  return Buffer.concat(chunks);
}

describe('xlsxWorkbook', () => {
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
});
