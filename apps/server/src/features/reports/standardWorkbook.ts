import type { Writable } from 'node:stream';
import {
  COUNT_MODE_NAMES,
  COUNT_MODE_UNITS,
  countDirectionsOf,
  countsOnly,
  DIRECTION_NAMES,
  directionsOf,
  speedIn,
  SPEED_UNITS,
  WEEKDAYS,
  zoneOffsetWriter,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';
import type { ExplanationLine } from '@roadcount/domain';
import { periodZone, reportPeriodText, roundedShare } from './reportPeriod.ts';
import {
  XLSX_STYLE,
  xlsxStream,
  type XlsxCell,
  type XlsxSheet,
  type XlsxStyle,
} from '../../infra/xlsx/xlsxStream.ts';

const { BOLD, TITLE, SECTION, WRAPPED } = XLSX_STYLE;

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

/** The report's period in its sites' time zone (UTC when they differ), named with the zone. */
export function periodRow(figures: readonly SiteFigures[], context: ReportContext): string {
  const zone = periodZone(figures.map((site) => site.time_zone));
  return `${reportPeriodText(context.parameters, zone, context.locale ?? 'en-GB')} (${zone})`;
}

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
    ['Period (days included)', periodRow(figures, context)],
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
    [
      'Generated',
      new Intl.DateTimeFormat(context.locale ?? 'en-GB', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(context.generatedAt) + ' UTC',
    ],
    ['Software', `Roadcount ${context.softwareVersion}`],
  ];
}

/**
 * The standard spreadsheet (SPEC section 9): a cover sheet stating the sites and every setting,
 * then one sheet per site with its summary statistics, volume by direction per interval, speed
 * bins, class counts, headway and gap bins and percentiles, virtual day and week: each figure as
 * the site-detail answer gives it, speeds in the report's unit. Written as a stream (each row
 * committed once written), so that a year of hourly rows for many sites is never held whole.
 */
export async function standardWorkbook(
  figures: AsyncIterable<SiteFigures> | Iterable<SiteFigures>,
  context: ReportContext,
  output: Writable,
): Promise<void> {
  const workbook = xlsxStream(output, {
    creator: `Roadcount ${context.softwareVersion}`,
    created: context.generatedAt,
  });
  const { units, aggregationMinutes } = context.parameters;
  const speedUnit = SPEED_UNITS[units].label;
  const speed = (mps: number | null | undefined) => speedIn(units, mps);
  type Cell = XlsxCell;
  /** Adds a row, each cell in `style` (fractional figures in a plain row shown to three decimals). */
  const addRow = (sheet: XlsxSheet, cells: Cell[], style?: XlsxStyle) => sheet.addRow(cells, style);

  // The cover sheet comes first in the workbook but is written last, once every site is read.
  const cover = workbook.addSheet('Report', [32, 70]);
  const taken = new Set(['report']);
  const sites: { name: string; site: SiteFigures }[] = [];
  /** How each site's main figures were made, for the sheet that says so (issue 36). */
  const explained: ExplanationLine[] = [];
  /** A site sheet's column widths: the labels' column, then 19 of figures. */
  const widths = [30, ...Array.from({ length: 19 }, () => 16)];

  for await (const site of figures) {
    const name = sheetName(site.site_name, taken);
    sites.push({ name, site: { ...site, bins: { starts: [], directions: {} } } });
    const sheet = workbook.addSheet(name, widths);
    const heading = (text: string) => {
      addRow(sheet, []);
      addRow(sheet, [text], SECTION);
    };
    const header = (cells: string[]) => addRow(sheet, cells, BOLD);

    addRow(sheet, [site.site_name], TITLE);
    addRow(sheet, ['Site id', site.site_id]);
    addRow(sheet, ['Time zone', site.time_zone]);
    addRow(sheet, ['Class scheme', site.class_scheme]);

    heading('Summary statistics');
    header(['Statistic', 'Value', 'Unit']);
    const stats = site.summary;
    const aadt = context.aadt(site);
    const summaryRows: [string, number | null, string][] = [
      ['Vehicles', stats.vehicles, 'vehicles'],
      ['Whole days', stats.wholeDays, 'days'],
      ['ADT', stats.adt, 'vehicles per day'],
      ['AWDT', stats.awdt, 'vehicles per weekday'],
      ['AWEDT', stats.awedt, 'vehicles per weekend day'],
      [aadt.name, aadt.value, `vehicles per day; ${aadt.note}`],
      ['Average speed', speed(stats.averageSpeedMps), speedUnit],
      ['85th percentile speed', speed(stats.speed85thMps), speedUnit],
      ['AM peak hour (local start)', stats.amPeak?.hour ?? null, 'hour of day'],
      ['AM peak hour volume', stats.amPeak?.vehicles ?? null, 'vehicles'],
      ['PM peak hour (local start)', stats.pmPeak?.hour ?? null, 'hour of day'],
      ['PM peak hour volume', stats.pmPeak?.vehicles ?? null, 'vehicles'],
      ['Commercial vehicles', stats.totalCommercial, 'vehicles'],
      ['Commercial share', roundedShare(stats.percentCommercial), '%'],
    ];
    // A counter of bikes or people has no vehicle figures: its counts follow instead.
    const onlyCounts = countsOnly(site);
    for (const [label, value, unit] of summaryRows)
      if (!onlyCounts || label === aadt.name) addRow(sheet, [label, value ?? '', unit]);
    const writeCounts = () =>
      countSections(site, aggregationMinutes, heading, header, (cells) => addRow(sheet, cells));
    if (onlyCounts) {
      writeCounts();
      await sheet.commit();
      continue;
    }
    for (const [percentile, value] of Object.entries(site.speedPercentiles ?? {}))
      addRow(sheet, [`Speed, ${percentile}th percentile`, speed(value), speedUnit]);
    trafficEngineeringRows(site, speed, speedUnit, units).forEach((cells, at) =>
      addRow(sheet, cells, at === 0 ? SECTION : undefined),
    );
    for (const [percentile, value] of Object.entries(site.headwayPercentiles ?? {}))
      addRow(sheet, [`Headway, ${percentile}th percentile`, value, 's']);
    for (const [percentile, value] of Object.entries(site.gapPercentiles ?? {}))
      addRow(sheet, [`Gap, ${percentile}th percentile`, value, 's']);

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
    const localWithOffset = zoneOffsetWriter(site.time_zone);
    site.bins.starts.forEach((start, at) => {
      const cells: Cell[] = [localWithOffset(start)];
      for (const direction of directions) {
        const columns = site.bins.directions[direction];
        cells.push(
          columns?.vehicles[at] ?? 0,
          speed(columns?.averageSpeedMps[at]),
          speed(columns?.speed85thMps[at]),
          roundedShare(columns?.speedingPercent[at]),
        );
      }
      addRow(sheet, cells);
    });

    heading(`Speed bins (${speedUnit})`);
    const classIndexes = site.classes.map((entry) => entry.classIndex);
    header(['From', 'To', 'All classes', ...classIndexes.map((index) => `Class ${index}`)]);
    const width = site.speedByClass.binWidthMps;
    for (const bin of site.speedByClass.bins) {
      const total = Object.values(bin.counts).reduce((sum, count) => sum + count, 0);
      addRow(sheet, [
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
      addRow(sheet, [
        entry.classIndex,
        context.className(site.class_scheme, entry.classIndex),
        entry.vehicles,
        roundedShare(entry.sharePercent),
        speed(entry.averageSpeedMps),
        speed(entry.speed85thMps),
      ]);

    heading('Headway and gap bins (s)');
    header(['Bin (s)', 'Vehicles by headway', 'Vehicles by gap']);
    const { edgesS, counts } = site.headwayGapMatrix;
    edgesS.forEach((edge, bin) => {
      const next = edgesS[bin + 1];
      addRow(sheet, [
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
      addRow(sheet, [
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
    WEEKDAYS.forEach((day, dayIndex) =>
      addRow(sheet, [
        day,
        ...weekDirections.map((direction) => site.virtualWeek[direction]?.[dayIndex] ?? null),
      ]),
    );

    heading('Speeding');
    const table = site.speeding;
    if (!table) addRow(sheet, ['No speed limit is entered for this site']);
    else {
      const [first, second] = table.stepsMps.map((step) => Number((speed(step) ?? 0).toFixed(1)));
      header(['Measure', 'Vehicles', 'Share (%)']);
      addRow(sheet, ['Vehicles measured against a limit', table.vehicles]);
      addRow(sheet, [
        'Above the limit',
        table.aboveLimit.vehicles,
        roundedShare(table.aboveLimit.sharePercent),
      ]);
      addRow(sheet, [
        `More than ${first} ${speedUnit} above`,
        table.aboveFirstStep.vehicles,
        roundedShare(table.aboveFirstStep.sharePercent),
      ]);
      addRow(sheet, [
        `More than ${second} ${speedUnit} above`,
        table.aboveSecondStep.vehicles,
        roundedShare(table.aboveSecondStep.sharePercent),
      ]);
    }
    writeCounts();
    await sheet.commit();
    if (context.explain) explained.push(...(await context.explain.lines(site.site_id)));
  }
  if (context.explain) await howMadeSheet(workbook, context.explain.title, explained, taken);

  const read = sites.map((entry) => entry.site);
  cover.addRow(['Roadcount standard spreadsheet'], TITLE);
  cover.addRow([]);
  for (const [name, value] of settingsRows(read, context))
    cover.addStyledRow([
      { value: name, style: BOLD },
      { value, style: WRAPPED },
    ]);
  cover.addRow([]);
  cover.addRow(['Sheet', 'Site'], BOLD);
  for (const { name, site } of sites)
    cover.addRow(
      [name, `${site.site_name} (${site.site_id}), ${site.time_zone}`],
      XLSX_STYLE.PLAIN,
    );
  await cover.commit();
  await workbook.commit();
}

/**
 * 'How these figures were made' (issue 36): for each site's ADT, AADT, 85th percentile speed and
 * volumes, the formula, the files and days behind it, what was left out and why, and the AADT's
 * method and factor group with its factors' version; the same explanation the site detail's
 * "How was this made?" dialog shows.
 */
async function howMadeSheet(
  workbook: ReturnType<typeof xlsxStream>,
  title: string,
  lines: readonly ExplanationLine[],
  taken: Set<string>,
) {
  const sheet = workbook.addSheet(sheetName(title, taken), [34, 110]);
  sheet.addRow([title], TITLE);
  for (const line of lines)
    if (line.kind === 'heading') {
      sheet.addRow([]);
      sheet.addRow([`${line.text}: ${line.label}`], SECTION);
    } else
      sheet.addStyledRow([
        { value: line.label, style: BOLD },
        { value: line.text, style: WRAPPED },
      ]);
  await sheet.commit();
}

/**
 * A site's interval counts per mode and direction (the count summary of the count-site page):
 * totals, whole days, daily averages, then the counts per interval.
 */
function countSections(
  site: SiteFigures,
  aggregationMinutes: number,
  heading: (text: string) => void,
  header: (cells: string[]) => void,
  addRow: (cells: XlsxCell[]) => void,
): void {
  const counts = site.counts;
  if (!counts || counts.modes.length === 0) return;
  heading('Interval counts by mode and direction');
  header(['Mode', 'Direction', 'Total', 'Whole days', 'Daily average', 'AWDT', 'AWEDT', 'Unit']);
  for (const mode of counts.modes) {
    const figures = counts.figures[mode];
    for (const direction of countDirectionsOf(counts, mode))
      addRow([
        COUNT_MODE_NAMES[mode],
        DIRECTION_NAMES[direction] ?? String(direction),
        figures?.directions[direction] ?? 0,
        '',
        '',
        '',
        '',
        COUNT_MODE_UNITS[mode],
      ]);
    addRow([
      COUNT_MODE_NAMES[mode],
      'All directions',
      counts.totals[mode] ?? 0,
      counts.wholeDays,
      counts.dailyAverage[mode] ?? '',
      figures?.awdt ?? '',
      figures?.awedt ?? '',
      COUNT_MODE_UNITS[mode],
    ]);
  }
  heading(`Interval counts per interval (${aggregationName(aggregationMinutes)})`);
  const columns = counts.modes.flatMap((mode) =>
    countDirectionsOf(counts, mode).map((direction) => ({ mode, direction })),
  );
  header([
    'Interval start (local, UTC offset)',
    ...columns.map(
      ({ mode, direction }) =>
        `${DIRECTION_NAMES[direction] ?? String(direction)}: ${COUNT_MODE_UNITS[mode]}`,
    ),
  ]);
  const localWithOffset = zoneOffsetWriter(site.time_zone);
  for (const bin of counts.bins)
    addRow([
      localWithOffset(bin.start),
      ...columns.map(({ mode, direction }) => bin.counts[mode]?.[direction] ?? 0),
    ]);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Issue 25: the AADT as found (a short count adjusted by its factor group's TMG 2022 factors,
 * with the factors and error; a continuous site's AASHTO AADT; or the ADT unadjusted) and the
 * design figures: 95th percentile speed, pace, K and D factors and peak hour factor.
 */
function trafficEngineeringRows(
  site: SiteFigures,
  speed: (mps: number | null | undefined) => number | null,
  speedUnit: string,
  units: 'metric' | 'imperial',
): (string | number | null)[][] {
  const stats = site.summary;
  const found = site.aadtAdjustment;
  const rows: (string | number | null)[][] = [
    ['Traffic-engineering figures'],
    ['Statistic', 'Value', 'Unit'],
  ];
  if (found?.method === 'factored')
    rows.push(
      ['AADT method', 'ADT × monthly factor × day-of-week factor (FHWA TMG 2022)', ''],
      ['Factor group', found.groupName, ''],
      ['ADT of the count', found.adt, `vehicles per day over ${found.wholeDays} whole days`],
      [
        'Monthly factor',
        found.monthlyFactor,
        found.months.map((month) => MONTHS[month]).join(', '),
      ],
      ['Day-of-week factor', found.dayOfWeekFactor, 'ratio'],
      ['AADT (adjusted)', found.aadt, 'vehicles per day'],
      [
        'AADT error estimate',
        found.errorPercent,
        `% mean absolute error over ${found.errorSamples} runs`,
      ],
    );
  else if (found?.method === 'unadjusted')
    rows.push(
      [
        'AADT method',
        found.reason === 'noFactors'
          ? 'Unadjusted: the factor group has no factors'
          : 'Unadjusted: in no factor group',
        '',
      ],
      ['AADT (unadjusted ADT)', found.adt, 'vehicles per day'],
    );
  else
    rows.push([
      'AADT method',
      stats.aadtMonthsMissingWeekdays.length === 0
        ? 'AASHTO (continuous site; every month has all seven weekdays)'
        : `AASHTO variant: months without every weekday averaged over the weekdays present (${stats.aadtMonthsMissingWeekdays.map((month) => MONTHS[month]).join(', ')})`,
      '',
    ]);
  const pace = stats.pace?.[units];
  rows.push(
    ['95th percentile speed', speed(stats.speed95thMps), speedUnit],
    ['Pace from', speed(pace?.fromMps), speedUnit],
    ['Pace to', speed(pace?.toMps), speedUnit],
    ['Pace share', roundedShare(pace?.sharePercent), '% of vehicles'],
    [
      'K factor',
      stats.designHour ? stats.designHour.kFactor * 100 : null,
      '% of AADT (30th highest hour)',
    ],
    [
      'D factor',
      stats.designHour?.dFactor ? stats.designHour.dFactor * 100 : null,
      '% in the peak direction',
    ],
    [
      'Peak hour factor',
      stats.peakHourFactor?.factor ?? null,
      stats.peakHourFactor
        ? `peak hour from ${stats.peakHourFactor.start}`
        : 'needs 15-minute intervals or finer',
    ],
  );
  return rows.map((cells) => cells.map((cell) => cell ?? ''));
}
