import { SPEED_UNITS, speedIn, type SpeedUnits } from '@roadcount/domain';
import { XLSX_STYLE, xlsxBytes, type XlsxCell } from '../../infra/xlsx/xlsxStream.ts';
import type { AnalysisService, FilterPayload } from './analysis.service.ts';

type Detail = Awaited<ReturnType<AnalysisService['siteDetail']>>;

const DIRECTION_NAMES: Record<number, string> = {
  0: 'Undefined',
  1: 'North',
  2: 'North-east',
  3: 'East',
  4: 'South-east',
  5: 'South',
  6: 'South-west',
  7: 'West',
  8: 'North-west',
};

/**
 * The site detail's summary as an xlsx workbook: statistic cards, the time bins, the classes and
 * the speeding table, each figure as the siteDetail query gives it, speeds in the chosen unit
 * (full precision, shown to one decimal), every sheet stating its units.
 */
export async function summaryWorkbook(
  detail: Detail,
  context: {
    filter: FilterPayload;
    aggregationMinutes: number;
    units: SpeedUnits;
    className: (classIndex: number) => string;
    /** The AADT as the site detail's AADT card gives it (`aadtLabel`), in the viewer's language. */
    aadt: { value: number | null; name: string; note: string };
  },
): Promise<Buffer> {
  const speedUnit = SPEED_UNITS[context.units].label;
  const speed = (mps: number | null | undefined) => speedIn(context.units, mps);
  const { BOLD } = XLSX_STYLE;
  const { summary: stats } = detail;
  const filter = context.filter;
  // The 10 km/h band in km/h, the 10 mph band in mph.
  const pace = stats.pace?.[context.units] ?? null;
  const rows: [string, string | number | null, string][] = [
    ['Site', detail.site_name, ''],
    ['Site id', detail.site_id, ''],
    ['Time zone', detail.time_zone, ''],
    ['Class scheme', detail.class_scheme, ''],
    ['Filter: start', filter.start_time ?? 'all data', 'UTC'],
    ['Filter: end', filter.end_time ?? 'all data', 'UTC'],
    ['Filter: minimum speed', speed(filter.velocity_min ?? 1 / 3.6), speedUnit],
    ['Filter: maximum speed', speed(filter.velocity_max ?? 50), speedUnit],
    ['Filter: minimum headway', filter.headway_min ?? 0, 's'],
    ['Filter: classes', filter.active_classes?.join(', ') ?? 'all', 'class index'],
    [
      'Filter: directions',
      filter.active_directions?.map((code) => DIRECTION_NAMES[code] ?? code).join(', ') ?? 'all',
      '',
    ],
    ['Aggregation', context.aggregationMinutes, 'minutes'],
    ['Vehicles', stats.vehicles, 'vehicles'],
    ['Whole days', stats.wholeDays, 'days'],
    ['ADT', stats.adt, 'vehicles per day'],
    ['AWDT', stats.awdt, 'vehicles per weekday'],
    ['AWEDT', stats.awedt, 'vehicles per weekend day'],
    [context.aadt.name, context.aadt.value, 'vehicles per day'],
    ['AADT method', context.aadt.note, ''],
    ['Average speed', speed(stats.averageSpeedMps), speedUnit],
    ['85th percentile speed', speed(stats.speed85thMps), speedUnit],
    ['95th percentile speed', speed(stats.speed95thMps), speedUnit],
    ['Pace: from', pace ? speed(pace.fromMps) : null, speedUnit],
    ['Pace: to', pace ? speed(pace.toMps) : null, speedUnit],
    ['Pace: share of vehicles', pace?.sharePercent ?? null, '%'],
    ['Design hour volume (30th highest hour)', stats.designHour?.volume ?? null, 'vehicles'],
    ['K factor', stats.designHour ? stats.designHour.kFactor * 100 : null, '% of AADT'],
    [
      'D factor',
      stats.designHour?.dFactor ? stats.designHour.dFactor * 100 : null,
      '% in the peak direction',
    ],
    ['Peak hour factor', stats.peakHourFactor?.factor ?? null, 'ratio'],
    ['Peak hour start', stats.peakHourFactor?.start.replace('T', ' ') ?? null, 'local time'],
    ['AM peak hour', stats.amPeak?.hour ?? null, 'hour of day (local)'],
    ['AM peak hour volume', stats.amPeak?.vehicles ?? null, 'vehicles'],
    ['PM peak hour', stats.pmPeak?.hour ?? null, 'hour of day (local)'],
    ['PM peak hour volume', stats.pmPeak?.vehicles ?? null, 'vehicles'],
    ['Total commercial', stats.totalCommercial, 'vehicles'],
    ['Percent commercial', stats.percentCommercial, '%'],
  ];
  const directions = Object.keys(detail.bins.directions)
    .map(Number)
    .sort((a, b) => a - b);
  const binHeader = ['Bin start (local time)'];
  for (const direction of directions) {
    const name = DIRECTION_NAMES[direction] ?? String(direction);
    binHeader.push(
      `${name}: vehicles`,
      `${name}: average speed (${speedUnit})`,
      `${name}: 85th percentile speed (${speedUnit})`,
      `${name}: speeding (%)`,
    );
  }
  return xlsxBytes({ creator: 'Roadcount', created: new Date(0) }, async (workbook) => {
    const summary = workbook.addSheet('Summary', [42, 22, 24], { frozenRows: 1 });
    summary.addRow(['Statistic', 'Value', 'Unit'], BOLD);
    for (const [name, value, unit] of rows) summary.addRow([name, value ?? '', unit]);
    await summary.commit();

    const bins = workbook.addSheet('Bins', [22, ...binHeader.slice(1).map(() => 18)], {
      frozenRows: 1,
      frozenColumns: 1,
    });
    bins.addRow(binHeader, BOLD);
    detail.bins.starts.forEach((start, at) => {
      const row: XlsxCell[] = [start.replace('T', ' ')];
      for (const direction of directions) {
        const values = detail.bins.directions[direction];
        row.push(
          values?.vehicles[at] ?? 0,
          speed(values?.averageSpeedMps[at]),
          speed(values?.speed85thMps[at]),
          values?.speedingPercent[at] ?? null,
        );
      }
      bins.addRow(row);
    });
    await bins.commit();

    const classes = workbook.addSheet('Classes', [8, 36, 12, 12, 20, 26], { frozenRows: 1 });
    classes.addRow(
      [
        'Class',
        'Name',
        'Vehicles',
        'Share (%)',
        `Average speed (${speedUnit})`,
        `85th percentile speed (${speedUnit})`,
      ],
      BOLD,
    );
    for (const entry of detail.classes)
      classes.addRow([
        entry.classIndex,
        context.className(entry.classIndex),
        entry.vehicles,
        entry.sharePercent,
        speed(entry.averageSpeedMps),
        speed(entry.speed85thMps),
      ]);
    await classes.commit();

    const speeding = workbook.addSheet('Speeding', [44, 12, 12], { frozenRows: 1 });
    speeding.addRow(['Measure', 'Vehicles', 'Share (%)'], BOLD);
    const table = detail.speeding;
    if (!table) speeding.addRow(['No speed limit is entered for this site']);
    else {
      const [first, second] = table.stepsMps.map((step) => speed(step) ?? 0);
      speeding.addRow(['Vehicles measured against a limit', table.vehicles]);
      speeding.addRow([
        'Above the limit',
        table.aboveLimit.vehicles,
        table.aboveLimit.sharePercent,
      ]);
      speeding.addRow([
        `More than ${Number(first?.toFixed(1))} ${speedUnit} above the limit`,
        table.aboveFirstStep.vehicles,
        table.aboveFirstStep.sharePercent,
      ]);
      speeding.addRow([
        `More than ${Number(second?.toFixed(1))} ${speedUnit} above the limit`,
        table.aboveSecondStep.vehicles,
        table.aboveSecondStep.sharePercent,
      ]);
    }
    await speeding.commit();
  });
}
