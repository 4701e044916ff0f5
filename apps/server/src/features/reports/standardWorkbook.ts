import ExcelJS from 'exceljs';
import { LocalTimeConverter } from '@roadcount/formats';
import {
  DIRECTION_NAMES,
  directionsOf,
  speedIn,
  SPEED_UNITS,
  WEEKDAYS,
  withOffset,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';

const bold = { bold: true };
const title = { bold: true, size: 14 };
const section = { bold: true, size: 12, color: { argb: 'FF005BBD' } };

/** Excel's sheet names: at most 31 characters, none of []:*?/\, unique in the workbook. */
export function sheetName(name: string, taken: Set<string>): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Site';
  let candidate = clean.slice(0, 31);
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) {
    const suffix = ` (${copy})`;
    candidate = `${clean.slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

const AGGREGATION_NAMES: Record<number, string> = {
  60: 'hourly',
  1440: 'daily',
  10080: 'weekly',
};
export const aggregationName = (minutes: number) =>
  AGGREGATION_NAMES[minutes] ?? `${minutes} minutes`;

/** The report's settings, one row each: what the cover sheet and the CSV's documentation state. */
export function settingsRows(
  figures: readonly SiteFigures[],
  context: ReportContext,
  reportName = 'Standard spreadsheet',
): [string, string][] {
  const { parameters } = context;
  const { filter } = parameters;
  const unit = SPEED_UNITS[parameters.units].label;
  const speed = (mps: number) =>
    `${Number((speedIn(parameters.units, mps) ?? 0).toFixed(1))} ${unit}`;
  const list = (
    values: readonly (number | string)[] | null | undefined,
    name: (v: number | string) => string = String,
  ) => (values && values.length > 0 ? values.map(name).join(', ') : 'all');
  return [
    ['Report', reportName],
    ['Sites', figures.map((site) => site.site_name).join(', ')],
    ['Period start', parameters.start],
    ['Period end', parameters.end],
    ['Time aggregation', aggregationName(parameters.aggregationMinutes)],
    ['Units', parameters.units === 'metric' ? 'metric (km/h)' : 'imperial (mph)'],
    ['Minimum speed', speed(filter.velocity_min ?? 1 / 3.6)],
    ['Maximum speed', speed(filter.velocity_max ?? 50)],
    ['Minimum headway (separation)', `${filter.headway_min ?? 0} s`],
    ['Classes', list(filter.active_classes)],
    [
      'Directions',
      list(filter.active_directions, (code) => DIRECTION_NAMES[Number(code)] ?? String(code)),
    ],
    [
      'Lanes',
      [1, 3, 5, 7]
        .map((direction) => {
          const lanes = filter[`active_lane_heading_${direction}` as 'active_lane_heading_1'];
          return lanes && lanes.length > 0
            ? `${DIRECTION_NAMES[direction]}: ${lanes.join(', ')}`
            : '';
        })
        .filter(Boolean)
        .join('; ') || 'all',
    ],
    ['Vehicle exclusions', String(filter.vehicle_exclusions?.length ?? 0)],
    [
      'Time exclusions',
      filter.time_exclusions && filter.time_exclusions.length > 0
        ? filter.time_exclusions
            .map(
              (rule) =>
                `${rule.days.map((day) => WEEKDAYS[day]?.slice(0, 3)).join(' ')} ${rule.from}–${rule.to}`,
            )
            .join('; ')
        : 'none',
    ],
    ['Generated', context.generatedAt.toISOString()],
    ['Software', `Roadcount ${context.softwareVersion}`],
  ];
}

/**
 * The standard spreadsheet (SPEC section 9): a cover sheet stating the sites and every setting,
 * then one sheet per site with its summary statistics, volume by direction per interval, speed
 * bins, class counts, headway and gap bins and percentiles, virtual day and week: each figure as
 * the site-detail answer gives it, speeds in the report's unit.
 */
export async function standardWorkbook(
  figures: readonly SiteFigures[],
  context: ReportContext,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = `Roadcount ${context.softwareVersion}`;
  workbook.created = context.generatedAt;
  const { units, aggregationMinutes } = context.parameters;
  const speedUnit = SPEED_UNITS[units].label;
  const speed = (mps: number | null | undefined) => speedIn(units, mps);

  const cover = workbook.addWorksheet('Report');
  cover.getColumn(1).width = 32;
  cover.getColumn(2).width = 70;
  cover.addRow(['Roadcount standard spreadsheet']).font = title;
  cover.addRow([]);
  for (const [name, value] of settingsRows(figures, context)) {
    const line = cover.addRow([name, value]);
    line.getCell(1).font = bold;
    line.getCell(2).alignment = { wrapText: true, vertical: 'top' };
  }
  cover.addRow([]);
  cover.addRow(['Sheet', 'Site']).font = bold;

  const taken = new Set(['report']);
  for (const site of figures) {
    const name = sheetName(site.site_name, taken);
    cover.addRow([name, `${site.site_name} (${site.site_id}), ${site.time_zone}`]);
    const sheet = workbook.addWorksheet(name);
    sheet.getColumn(1).width = 30;
    for (let column = 2; column <= 20; column += 1) sheet.getColumn(column).width = 16;
    const heading = (text: string) => {
      sheet.addRow([]);
      sheet.addRow([text]).font = section;
    };
    const header = (cells: string[]) => (sheet.addRow(cells).font = bold);

    sheet.addRow([site.site_name]).font = title;
    sheet.addRow(['Site id', site.site_id]);
    sheet.addRow(['Time zone', site.time_zone]);
    sheet.addRow(['Class scheme', site.class_scheme]);

    heading('Summary statistics');
    header(['Statistic', 'Value', 'Unit']);
    const stats = site.summary;
    const summaryRows: [string, number | null, string][] = [
      ['Vehicles', stats.vehicles, 'vehicles'],
      ['Whole days', stats.wholeDays, 'days'],
      ['ADT', stats.adt, 'vehicles per day'],
      ['AWDT', stats.awdt, 'vehicles per weekday'],
      ['AWEDT', stats.awedt, 'vehicles per weekend day'],
      [stats.aadtIsEstimate ? 'AADT (estimate)' : 'AADT', stats.aadt, 'vehicles per day'],
      ['Average speed', speed(stats.averageSpeedMps), speedUnit],
      ['85th percentile speed', speed(stats.speed85thMps), speedUnit],
      ['AM peak hour (local start)', stats.amPeak?.hour ?? null, 'hour of day'],
      ['AM peak hour volume', stats.amPeak?.vehicles ?? null, 'vehicles'],
      ['PM peak hour (local start)', stats.pmPeak?.hour ?? null, 'hour of day'],
      ['PM peak hour volume', stats.pmPeak?.vehicles ?? null, 'vehicles'],
      ['Commercial vehicles', stats.totalCommercial, 'vehicles'],
      ['Commercial share', stats.percentCommercial, '%'],
    ];
    for (const [label, value, unit] of summaryRows) sheet.addRow([label, value ?? '', unit]);
    for (const [percentile, value] of Object.entries(site.headwayPercentiles ?? {}))
      sheet.addRow([`Headway, ${percentile}th percentile`, value, 's']);
    for (const [percentile, value] of Object.entries(site.gapPercentiles ?? {}))
      sheet.addRow([`Gap, ${percentile}th percentile`, value, 's']);

    const directions = directionsOf(site);
    heading(`Volume by direction per interval (${aggregationName(aggregationMinutes)})`);
    const binHeader = ['Interval start (local, UTC offset)'];
    for (const direction of directions) {
      const label = DIRECTION_NAMES[direction] ?? String(direction);
      binHeader.push(
        `${label}: vehicles`,
        `${label}: average speed (${speedUnit})`,
        `${label}: 85th percentile (${speedUnit})`,
        `${label}: speeding (%)`,
      );
    }
    header(binHeader);
    const clock = new LocalTimeConverter(site.time_zone);
    site.bins.starts.forEach((start, at) => {
      const cells: (string | number | null)[] = [withOffset(start, clock)];
      for (const direction of directions) {
        const columns = site.bins.directions[direction];
        cells.push(
          columns?.vehicles[at] ?? 0,
          speed(columns?.averageSpeedMps[at]),
          speed(columns?.speed85thMps[at]),
          columns?.speedingPercent[at] ?? null,
        );
      }
      sheet.addRow(cells);
    });

    heading(`Speed bins (${speedUnit})`);
    const classIndexes = site.classes.map((entry) => entry.classIndex);
    header(['From', 'To', 'All classes', ...classIndexes.map((index) => `Class ${index}`)]);
    const width = site.speedByClass.binWidthMps;
    for (const bin of site.speedByClass.bins) {
      const total = Object.values(bin.counts).reduce((sum, count) => sum + count, 0);
      sheet.addRow([
        speed(bin.fromMps),
        speed(bin.fromMps + width),
        total,
        ...classIndexes.map((index) => bin.counts[index] ?? 0),
      ]);
    }

    heading('Class counts');
    header([
      'Class',
      'Name',
      'Vehicles',
      'Share (%)',
      `Average speed (${speedUnit})`,
      `85th percentile (${speedUnit})`,
    ]);
    for (const entry of site.classes)
      sheet.addRow([
        entry.classIndex,
        context.className(site.class_scheme, entry.classIndex),
        entry.vehicles,
        entry.sharePercent,
        speed(entry.averageSpeedMps),
        speed(entry.speed85thMps),
      ]);

    heading('Headway and gap bins (s)');
    header(['Bin (s)', 'Vehicles by headway', 'Vehicles by gap']);
    const { edgesS, counts } = site.headwayGapMatrix;
    edgesS.forEach((edge, bin) => {
      const next = edgesS[bin + 1];
      sheet.addRow([
        next === undefined ? `${edge}+` : `${edge}-${next}`,
        (counts[bin] ?? []).reduce((sum, count) => sum + count, 0),
        counts.reduce((sum, line) => sum + (line[bin] ?? 0), 0),
      ]);
    });

    heading('Virtual day: average vehicles per local hour over whole days');
    const dayDirections = Object.keys(site.virtualDay)
      .map(Number)
      .sort((a, b) => a - b);
    header([
      'Hour',
      ...dayDirections.map((direction) => DIRECTION_NAMES[direction] ?? String(direction)),
    ]);
    for (let hour = 0; hour < 24; hour += 1)
      sheet.addRow([
        hour,
        ...dayDirections.map((direction) => site.virtualDay[direction]?.[hour] ?? null),
      ]);

    heading('Virtual week: average vehicles per weekday over whole days');
    const weekDirections = Object.keys(site.virtualWeek)
      .map(Number)
      .sort((a, b) => a - b);
    header([
      'Day',
      ...weekDirections.map((direction) => DIRECTION_NAMES[direction] ?? String(direction)),
    ]);
    WEEKDAYS.forEach((day, index) =>
      sheet.addRow([
        day,
        ...weekDirections.map((direction) => site.virtualWeek[direction]?.[index] ?? null),
      ]),
    );

    heading('Speeding');
    const table = site.speeding;
    if (!table) sheet.addRow(['No speed limit is entered for this site']);
    else {
      const [first, second] = table.stepsMps.map((step) => Number((speed(step) ?? 0).toFixed(1)));
      header(['Measure', 'Vehicles', 'Share (%)']);
      sheet.addRow(['Vehicles measured against a limit', table.vehicles]);
      sheet.addRow(['Above the limit', table.aboveLimit.vehicles, table.aboveLimit.sharePercent]);
      sheet.addRow([
        `More than ${first} ${speedUnit} above`,
        table.aboveFirstStep.vehicles,
        table.aboveFirstStep.sharePercent,
      ]);
      sheet.addRow([
        `More than ${second} ${speedUnit} above`,
        table.aboveSecondStep.vehicles,
        table.aboveSecondStep.sharePercent,
      ]);
    }
    sheet.eachRow((line) =>
      line.eachCell((cell) => {
        if (typeof cell.value === 'number' && !Number.isInteger(cell.value)) cell.numFmt = '0.0##';
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
