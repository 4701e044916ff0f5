import { XLSX_STYLE, xlsxBytes } from '../../infra/xlsx/xlsxStream.ts';
import { speedIn, SPEED_UNITS, type ReportContext, type SiteFigures } from './reportFigures.ts';
import { settingsRows } from './standardWorkbook.ts';

const { BOLD, TITLE, WRAPPED } = XLSX_STYLE;

/**
 * The state funding report: the annual figures a road authority submits, one row per site for
 * the chosen period (AADT with its method, heavy-vehicle share, 85th percentile speed), with
 * the settings on the first sheet. Figures are the site-detail answer's for the same filters.
 */
export async function stateFundingWorkbook(
  figures: readonly SiteFigures[],
  context: ReportContext,
): Promise<Buffer> {
  const { units } = context.parameters;
  const unit = SPEED_UNITS[units].label;
  return xlsxBytes(
    { creator: `Roadcount ${context.softwareVersion}`, created: context.generatedAt },
    async (workbook) => {
      const cover = workbook.addSheet('Report', [32, 70]);
      cover.addRow(['Roadcount state funding report'], TITLE);
      cover.addRow([]);
      for (const [name, value] of settingsRows(figures, context, 'State funding report'))
        cover.addStyledRow([
          { value: name, style: BOLD },
          { value, style: XLSX_STYLE.PLAIN },
        ]);
      cover.addRow([]);
      cover.addStyledRow([
        { value: 'AADT method', style: XLSX_STYLE.PLAIN },
        {
          value:
            "As each site's AADT card gives it: a short count in a factor group, its ADT adjusted by the group's monthly and day-of-week factors (FHWA TMG 2022); a continuous site, the AASHTO AADT (the mean of the 7 day-of-week averages within each calendar month, then of the months); any other site, its ADT, unadjusted. The method column says which, with the group, the factors or the variant used.",
          style: WRAPPED,
        },
      ]);
      await cover.commit();

      const columns: [string, number][] = [
        ['Site', 32],
        ['Site id', 38],
        ['Latitude', 12],
        ['Longitude', 12],
        ['Whole days', 12],
        ['ADT', 12],
        ['AADT', 12],
        ['AADT figure', 18],
        ['AADT method', 60],
        ['Heavy vehicles', 16],
        ['Heavy-vehicle share (%)', 24],
        [`85th percentile speed (${unit})`, 28],
      ];
      const sheet = workbook.addSheet(
        'Annual figures',
        columns.map(([, width]) => width),
        { frozenRows: 1 },
      );
      sheet.addRow(
        columns.map(([header]) => header),
        BOLD,
      );
      for (const site of figures) {
        const stats = site.summary;
        const aadt = context.aadt(site);
        sheet.addRow([
          site.site_name,
          site.site_id,
          site.latitude,
          site.longitude,
          stats.wholeDays,
          stats.adt,
          aadt.value,
          aadt.name,
          aadt.note,
          stats.totalCommercial,
          stats.percentCommercial,
          speedIn(units, stats.speed85thMps),
        ]);
      }
      await sheet.commit();
    },
  );
}
