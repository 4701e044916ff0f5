import { SPEED_UNITS, speedIn, type SpeedUnits } from '@roadcount/domain';
import ExcelJS from 'exceljs';
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

const bold = { bold: true };

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
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Roadcount';
  workbook.created = new Date(0);

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [
    { header: 'Statistic', key: 'name', width: 42 },
    { header: 'Value', key: 'value', width: 22 },
    { header: 'Unit', key: 'unit', width: 24 },
  ];
  summary.getRow(1).font = bold;
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
  for (const [name, value, unit] of rows) summary.addRow({ name, value: value ?? '', unit });
  summary.getColumn('value').numFmt = '#,##0.0##';

  const directions = Object.keys(detail.bins.directions)
    .map(Number)
    .sort((a, b) => a - b);
  const bins = workbook.addWorksheet('Bins');
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
  bins.addRow(binHeader).font = bold;
  detail.bins.starts.forEach((start, at) => {
    const row: (string | number | null)[] = [start.replace('T', ' ')];
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
  bins.getColumn(1).width = 22;
  for (let column = 2; column <= binHeader.length; column += 1) {
    bins.getColumn(column).width = 18;
    bins.getColumn(column).numFmt = '0.0';
  }
  bins.views = [{ state: 'frozen', ySplit: 1, xSplit: 1 }];

  const classes = workbook.addWorksheet('Classes');
  classes.columns = [
    { header: 'Class', key: 'classIndex', width: 8 },
    { header: 'Name', key: 'name', width: 36 },
    { header: 'Vehicles', key: 'vehicles', width: 12 },
    { header: 'Share (%)', key: 'share', width: 12, style: { numFmt: '0.0' } },
    {
      header: `Average speed (${speedUnit})`,
      key: 'average',
      width: 20,
      style: { numFmt: '0.0' },
    },
    {
      header: `85th percentile speed (${speedUnit})`,
      key: 'speed85',
      width: 26,
      style: { numFmt: '0.0' },
    },
  ];
  classes.getRow(1).font = bold;
  for (const entry of detail.classes) {
    classes.addRow({
      classIndex: entry.classIndex,
      name: context.className(entry.classIndex),
      vehicles: entry.vehicles,
      share: entry.sharePercent,
      average: speed(entry.averageSpeedMps),
      speed85: speed(entry.speed85thMps),
    });
  }

  const speeding = workbook.addWorksheet('Speeding');
  speeding.columns = [
    { header: 'Measure', key: 'name', width: 44 },
    { header: 'Vehicles', key: 'vehicles', width: 12 },
    { header: 'Share (%)', key: 'share', width: 12, style: { numFmt: '0.0' } },
  ];
  speeding.getRow(1).font = bold;
  const table = detail.speeding;
  if (!table) {
    speeding.addRow({ name: 'No speed limit is entered for this site' });
  } else {
    const [first, second] = table.stepsMps.map((step) => speed(step) ?? 0);
    speeding.addRow({ name: 'Vehicles measured against a limit', vehicles: table.vehicles });
    speeding.addRow({
      name: 'Above the limit',
      vehicles: table.aboveLimit.vehicles,
      share: table.aboveLimit.sharePercent,
    });
    speeding.addRow({
      name: `More than ${Number(first?.toFixed(1))} ${speedUnit} above the limit`,
      vehicles: table.aboveFirstStep.vehicles,
      share: table.aboveFirstStep.sharePercent,
    });
    speeding.addRow({
      name: `More than ${Number(second?.toFixed(1))} ${speedUnit} above the limit`,
      vehicles: table.aboveSecondStep.vehicles,
      share: table.aboveSecondStep.sharePercent,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
