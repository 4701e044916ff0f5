import { csvField, csvRow } from '@roadcount/formats';
import { roundedShare } from './reportPeriod.ts';
import {
  COUNT_MODE_UNITS,
  countDirectionsOf,
  countsOnly,
  DIRECTION_CODES,
  directionsOf,
  speedIn,
  SPEED_UNITS,
  WEEKDAYS,
  zoneOffsetWriter,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';

/** docs/formats.md, Universal CSV: one figure per row. */
export const UNIVERSAL_CSV_HEADER =
  'site_id,site_name,interval_start,interval_minutes,direction,measure,category,unit,value';

const number = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? ''
    : String(Math.round(value * 1e6) / 1e6);

/** The edges of the headway–gap matrix as bin labels: 0-1, 1-2, …, 20+. */
const edgeLabels = (edges: number[]) =>
  edges.map((edge, index) => {
    const next = edges[index + 1];
    return next === undefined ? `${edge}+` : `${edge}-${next}`;
  });

/**
 * A site's figures as Universal CSV rows (docs/formats.md): the summary statistics, every time
 * bin per direction, the classes, speed bins, headway and gap bins and percentiles, the virtual
 * day and week and the speeding table, speeds in the report's unit. Lines end with a newline.
 * The site's rows are made in one pass and given as UTF-8 pieces of about 64 kB: a year of hourly
 * bins is some 70,000 rows a site, and a row given on by itself (a generator's step, a stream's
 * write) costs more than the row's own text, while one text of the whole site would keep each of
 * its pieces alive until the end, for the garbage collector to copy again and again.
 */
export function universalCsvText(figures: SiteFigures, context: ReportContext): Buffer[] {
  const { units, aggregationMinutes } = context.parameters;
  const speedUnit = SPEED_UNITS[units].label;
  const speed = (mps: number | null | undefined) => speedIn(units, mps);
  const site = csvRow([figures.site_id, figures.site_name]);
  const pieces: Buffer[] = [];
  let text = '';
  const flush = () => {
    pieces.push(Buffer.from(text));
    text = '';
  };
  const row = (
    interval: string,
    minutes: number | '',
    direction: string,
    measure: string,
    category: string,
    unit: string,
    value: number | null | undefined,
  ) => {
    text += `${site},${interval},${minutes},${direction},${measure},${csvField(category)},${csvField(unit)},${number(value)}\n`;
  };
  const summaryRow = (
    measure: string,
    unit: string,
    value: number | null | undefined,
    category = '',
  ) => row('', '', 'all', measure, category, unit, value);

  const stats = figures.summary;
  // A counter of bikes or people has no vehicle figures: its counts stand in their place.
  const onlyCounts = countsOnly(figures);
  if (!onlyCounts) {
    summaryRow('vehicles', 'vehicles', stats.vehicles);
    summaryRow('whole_days', 'days', stats.wholeDays);
    summaryRow('adt', 'vehicles per day', stats.adt);
    summaryRow('awdt', 'vehicles per day', stats.awdt);
    summaryRow('awedt', 'vehicles per day', stats.awedt);
  }
  const aadt = context.aadt(figures);
  summaryRow('aadt', 'vehicles per day', aadt.value, aadt.note);
  if (onlyCounts) {
    countRows(figures, aggregationMinutes, row);
    flush();
    return pieces;
  }
  summaryRow('average_speed', speedUnit, speed(stats.averageSpeedMps));
  summaryRow('speed_85th', speedUnit, speed(stats.speed85thMps));
  for (const [percentile, value] of Object.entries(figures.speedPercentiles ?? {}))
    summaryRow('speed_percentile', speedUnit, speed(value), percentile);
  if (stats.amPeak)
    summaryRow('am_peak_hour_volume', 'vehicles', stats.amPeak.vehicles, `${stats.amPeak.hour}`);
  if (stats.pmPeak)
    summaryRow('pm_peak_hour_volume', 'vehicles', stats.pmPeak.vehicles, `${stats.pmPeak.hour}`);
  summaryRow('commercial_vehicles', 'vehicles', stats.totalCommercial);
  summaryRow('commercial_share', '%', roundedShare(stats.percentCommercial));

  // The time bins: most of the file. Each interval and direction's leading fields are written
  // once for its four measures, and the units' fields once for the site.
  const directions = directionsOf(figures)
    .map((direction) => ({
      columns: figures.bins.directions[direction],
      code: DIRECTION_CODES[direction] ?? String(direction),
    }))
    .filter((entry) => entry.columns !== undefined);
  const localWithOffset = zoneOffsetWriter(figures.time_zone);
  const speedFields = `,${csvField(speedUnit)},`;
  const { starts } = figures.bins;
  for (let at = 0; at < starts.length; at += 1) {
    const interval = localWithOffset(starts[at] ?? '');
    for (const { columns, code } of directions) {
      if (!columns) continue;
      const lead = `${site},${interval},${aggregationMinutes},${code},`;
      const speeding = roundedShare(columns.speedingPercent[at]);
      text += `${lead}volume,,vehicles,${number(columns.vehicles[at] ?? 0)}
${lead}average_speed,${speedFields}${number(speed(columns.averageSpeedMps[at]))}
${lead}speed_85th,${speedFields}${number(speed(columns.speed85thMps[at]))}
${speeding === null || speeding === undefined ? '' : `${lead}speeding_share,,%,${number(speeding)}\n`}`;
    }
    if (text.length >= 65_536) flush();
  }

  for (const entry of figures.classes) {
    const name = `${entry.classIndex} ${context.className(figures.class_scheme, entry.classIndex)}`;
    summaryRow('class_count', 'vehicles', entry.vehicles, name);
    summaryRow('class_share', '%', roundedShare(entry.sharePercent), name);
  }

  const width = figures.speedByClass.binWidthMps;
  for (const bin of figures.speedByClass.bins) {
    const from = speed(bin.fromMps) ?? 0;
    const to = speed(bin.fromMps + width) ?? 0;
    const total = Object.values(bin.counts).reduce((sum, count) => sum + count, 0);
    summaryRow('speed_bin_count', 'vehicles', total, `${number(from)}-${number(to)} ${speedUnit}`);
  }

  const { edgesS, counts } = figures.headwayGapMatrix;
  const labels = edgeLabels(edgesS);
  for (let headwayBin = 0; headwayBin < labels.length; headwayBin += 1) {
    const total = (counts[headwayBin] ?? []).reduce((sum, count) => sum + count, 0);
    summaryRow('headway_bin_count', 'vehicles', total, `${labels[headwayBin]} s`);
  }
  for (let gapBin = 0; gapBin < labels.length; gapBin += 1) {
    const total = counts.reduce((sum, line) => sum + (line[gapBin] ?? 0), 0);
    summaryRow('gap_bin_count', 'vehicles', total, `${labels[gapBin]} s`);
  }
  for (const [percentile, value] of Object.entries(figures.headwayPercentiles ?? {}))
    summaryRow('headway_percentile', 's', value, percentile);
  for (const [percentile, value] of Object.entries(figures.gapPercentiles ?? {}))
    summaryRow('gap_percentile', 's', value, percentile);

  for (const [direction, hours] of Object.entries(figures.virtualDay)) {
    const code = DIRECTION_CODES[Number(direction)] ?? direction;
    for (let hour = 0; hour < hours.length; hour += 1)
      row('', '', code, 'virtual_day_volume', String(hour), 'vehicles per hour', hours[hour]);
  }
  for (const [direction, days] of Object.entries(figures.virtualWeek)) {
    const code = DIRECTION_CODES[Number(direction)] ?? direction;
    for (let day = 0; day < days.length; day += 1)
      row(
        '',
        '',
        code,
        'virtual_week_volume',
        WEEKDAYS[day] ?? String(day),
        'vehicles per day',
        days[day],
      );
  }

  const table = figures.speeding;
  if (table) {
    const [first, second] = table.stepsMps.map((step) => number(speed(step)));
    summaryRow('speeding_measured', 'vehicles', table.vehicles);
    summaryRow('speeding_count', 'vehicles', table.aboveLimit.vehicles, 'above limit');
    summaryRow('speeding_share', '%', roundedShare(table.aboveLimit.sharePercent), 'above limit');
    summaryRow(
      'speeding_count',
      'vehicles',
      table.aboveFirstStep.vehicles,
      `above limit + ${first} ${speedUnit}`,
    );
    summaryRow(
      'speeding_share',
      '%',
      roundedShare(table.aboveFirstStep.sharePercent),
      `above limit + ${first} ${speedUnit}`,
    );
    summaryRow(
      'speeding_count',
      'vehicles',
      table.aboveSecondStep.vehicles,
      `above limit + ${second} ${speedUnit}`,
    );
    summaryRow(
      'speeding_share',
      '%',
      roundedShare(table.aboveSecondStep.sharePercent),
      `above limit + ${second} ${speedUnit}`,
    );
  }
  countRows(figures, aggregationMinutes, row);
  flush();
  return pieces;
}

/**
 * A site's interval counts (the count summary of the count-site page) as rows: per mode
 * (category) and direction the total, then per mode the whole days and daily averages, then
 * each interval's count per mode and direction.
 */
function countRows(
  figures: SiteFigures,
  aggregationMinutes: number,
  row: (
    interval: string,
    minutes: number | '',
    direction: string,
    measure: string,
    category: string,
    unit: string,
    value: number | null | undefined,
  ) => void,
): void {
  const counts = figures.counts;
  if (!counts) return;
  for (const mode of counts.modes) {
    const unit = COUNT_MODE_UNITS[mode];
    const modeFigures = counts.figures[mode];
    for (const direction of countDirectionsOf(counts, mode))
      row(
        '',
        '',
        DIRECTION_CODES[direction] ?? String(direction),
        'count_total',
        mode,
        unit,
        modeFigures?.directions[direction],
      );
    row('', '', 'all', 'count_total', mode, unit, counts.totals[mode]);
    row('', '', 'all', 'count_whole_days', mode, 'days', counts.wholeDays);
    row('', '', 'all', 'count_daily_average', mode, `${unit} per day`, counts.dailyAverage[mode]);
    row('', '', 'all', 'count_awdt', mode, `${unit} per day`, modeFigures?.awdt);
    row('', '', 'all', 'count_awedt', mode, `${unit} per day`, modeFigures?.awedt);
  }
  const localWithOffset = zoneOffsetWriter(figures.time_zone);
  for (const bin of counts.bins) {
    const interval = localWithOffset(bin.start);
    for (const mode of counts.modes)
      for (const direction of countDirectionsOf(counts, mode))
        row(
          interval,
          aggregationMinutes,
          DIRECTION_CODES[direction] ?? String(direction),
          'count',
          mode,
          COUNT_MODE_UNITS[mode],
          bin.counts[mode]?.[direction] ?? 0,
        );
  }
}
