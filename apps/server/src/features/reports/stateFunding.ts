import ExcelJS from 'exceljs';
import { speedIn, SPEED_UNITS, type ReportContext, type SiteFigures } from './reportFigures.ts';
import { settingsRows } from './standardWorkbook.ts';

const bold = { bold: true };

/**
 * The state funding report: the annual figures a road authority submits, one row per site for
 * the chosen period (AADT with its method, heavy-vehicle share, 85th percentile speed), with
 * the settings on the first sheet. Figures are the site-detail answer's for the same filters.
 */
export async function stateFundingWorkbook(
  figures: readonly SiteFigures[],
  context: ReportContext,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = `Roadcount ${context.softwareVersion}`;
  workbook.created = context.generatedAt;
  const { units } = context.parameters;
  const unit = SPEED_UNITS[units].label;

  const cover = workbook.addWorksheet('Report');
  cover.getColumn(1).width = 32;
  cover.getColumn(2).width = 70;
  cover.addRow(['Roadcount state funding report']).font = { bold: true, size: 14 };
  cover.addRow([]);
  for (const [name, value] of settingsRows(figures, context, 'State funding report')) {
    const line = cover.addRow([name, value]);
    line.getCell(1).font = bold;
  }
  cover.addRow([]);
  cover
    .addRow([
      'AADT method',
      "As each site's AADT card gives it: a short count in a factor group, its ADT adjusted by the group's monthly and day-of-week factors (FHWA TMG 2022); a continuous site, the AASHTO AADT (the mean of the 7 day-of-week averages within each calendar month, then of the months); any other site, its ADT, unadjusted. The method column says which, with the group, the factors or the variant used.",
    ])
    .getCell(2).alignment = { wrapText: true };

  const sheet = workbook.addWorksheet('Annual figures');
  sheet.columns = [
    { header: 'Site', key: 'name', width: 32 },
    { header: 'Site id', key: 'id', width: 38 },
    { header: 'Latitude', key: 'latitude', width: 12 },
    { header: 'Longitude', key: 'longitude', width: 12 },
    { header: 'Whole days', key: 'days', width: 12 },
    { header: 'ADT', key: 'adt', width: 12 },
    { header: 'AADT', key: 'aadt', width: 12 },
    { header: 'AADT figure', key: 'aadtName', width: 18 },
    { header: 'AADT method', key: 'method', width: 60 },
    { header: 'Heavy vehicles', key: 'heavy', width: 16 },
    { header: 'Heavy-vehicle share (%)', key: 'heavyShare', width: 24 },
    { header: `85th percentile speed (${unit})`, key: 'speed85', width: 28 },
  ];
  sheet.getRow(1).font = bold;
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const site of figures) {
    const stats = site.summary;
    const aadt = context.aadt(site);
    sheet.addRow({
      name: site.site_name,
      id: site.site_id,
      latitude: site.latitude,
      longitude: site.longitude,
      days: stats.wholeDays,
      adt: stats.adt,
      aadt: aadt.value,
      aadtName: aadt.name,
      method: aadt.note,
      heavy: stats.totalCommercial,
      heavyShare: stats.percentCommercial,
      speed85: speedIn(units, stats.speed85thMps),
    });
  }
  for (const key of ['adt', 'aadt', 'heavyShare', 'speed85']) sheet.getColumn(key).numFmt = '0.0';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
