import {
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

const quoted = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
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
 */
export function* universalCsvRows(figures: SiteFigures, context: ReportContext): Generator<string> {
  const { units, aggregationMinutes } = context.parameters;
  const speedUnit = SPEED_UNITS[units].label;
  const speed = (mps: number | null | undefined) => speedIn(units, mps);
  const site = `${figures.site_id},${quoted(figures.site_name)}`;
  const row = (
    interval: string,
    minutes: number | '',
    direction: string,
    measure: string,
    category: string,
    unit: string,
    value: number | null | undefined,
  ) =>
    `${site},${interval},${minutes},${direction},${measure},${quoted(category)},${quoted(unit)},${number(value)}\n`;
  const summaryRow = (
    measure: string,
    unit: string,
    value: number | null | undefined,
    category = '',
  ) => row('', '', 'all', measure, category, unit, value);

  const stats = figures.summary;
  yield summaryRow('vehicles', 'vehicles', stats.vehicles);
  yield summaryRow('whole_days', 'days', stats.wholeDays);
  yield summaryRow('adt', 'vehicles per day', stats.adt);
  yield summaryRow('awdt', 'vehicles per day', stats.awdt);
  yield summaryRow('awedt', 'vehicles per day', stats.awedt);
  const aadt = context.aadt(figures);
  yield summaryRow('aadt', 'vehicles per day', aadt.value, aadt.note);
  yield summaryRow('average_speed', speedUnit, speed(stats.averageSpeedMps));
  yield summaryRow('speed_85th', speedUnit, speed(stats.speed85thMps));
  for (const [percentile, value] of Object.entries(figures.speedPercentiles ?? {}))
    yield summaryRow('speed_percentile', speedUnit, speed(value), percentile);
  if (stats.amPeak)
    yield summaryRow(
      'am_peak_hour_volume',
      'vehicles',
      stats.amPeak.vehicles,
      `${stats.amPeak.hour}`,
    );
  if (stats.pmPeak)
    yield summaryRow(
      'pm_peak_hour_volume',
      'vehicles',
      stats.pmPeak.vehicles,
      `${stats.pmPeak.hour}`,
    );
  yield summaryRow('commercial_vehicles', 'vehicles', stats.totalCommercial);
  yield summaryRow('commercial_share', '%', stats.percentCommercial);

  const directions = directionsOf(figures);
  const localWithOffset = zoneOffsetWriter(figures.time_zone);
  const starts = figures.bins.starts.map(localWithOffset);
  for (let at = 0; at < starts.length; at += 1) {
    const interval = starts[at] ?? '';
    for (const direction of directions) {
      const columns = figures.bins.directions[direction];
      if (!columns) continue;
      const code = DIRECTION_CODES[direction] ?? String(direction);
      yield row(
        interval,
        aggregationMinutes,
        code,
        'volume',
        '',
        'vehicles',
        columns.vehicles[at] ?? 0,
      );
      yield row(
        interval,
        aggregationMinutes,
        code,
        'average_speed',
        '',
        speedUnit,
        speed(columns.averageSpeedMps[at]),
      );
      yield row(
        interval,
        aggregationMinutes,
        code,
        'speed_85th',
        '',
        speedUnit,
        speed(columns.speed85thMps[at]),
      );
      if (columns.speedingPercent[at] !== null && columns.speedingPercent[at] !== undefined)
        yield row(
          interval,
          aggregationMinutes,
          code,
          'speeding_share',
          '',
          '%',
          columns.speedingPercent[at],
        );
    }
  }

  for (const entry of figures.classes) {
    const name = `${entry.classIndex} ${context.className(figures.class_scheme, entry.classIndex)}`;
    yield summaryRow('class_count', 'vehicles', entry.vehicles, name);
    yield summaryRow('class_share', '%', entry.sharePercent, name);
  }

  const width = figures.speedByClass.binWidthMps;
  for (const bin of figures.speedByClass.bins) {
    const from = speed(bin.fromMps) ?? 0;
    const to = speed(bin.fromMps + width) ?? 0;
    const total = Object.values(bin.counts).reduce((sum, count) => sum + count, 0);
    yield summaryRow(
      'speed_bin_count',
      'vehicles',
      total,
      `${number(from)}-${number(to)} ${speedUnit}`,
    );
  }

  const { edgesS, counts } = figures.headwayGapMatrix;
  const labels = edgeLabels(edgesS);
  for (let headwayBin = 0; headwayBin < labels.length; headwayBin += 1) {
    const total = (counts[headwayBin] ?? []).reduce((sum, count) => sum + count, 0);
    yield summaryRow('headway_bin_count', 'vehicles', total, `${labels[headwayBin]} s`);
  }
  for (let gapBin = 0; gapBin < labels.length; gapBin += 1) {
    const total = counts.reduce((sum, line) => sum + (line[gapBin] ?? 0), 0);
    yield summaryRow('gap_bin_count', 'vehicles', total, `${labels[gapBin]} s`);
  }
  for (const [percentile, value] of Object.entries(figures.headwayPercentiles ?? {}))
    yield summaryRow('headway_percentile', 's', value, percentile);
  for (const [percentile, value] of Object.entries(figures.gapPercentiles ?? {}))
    yield summaryRow('gap_percentile', 's', value, percentile);

  for (const [direction, hours] of Object.entries(figures.virtualDay)) {
    const code = DIRECTION_CODES[Number(direction)] ?? direction;
    for (let hour = 0; hour < hours.length; hour += 1)
      yield row('', '', code, 'virtual_day_volume', String(hour), 'vehicles per hour', hours[hour]);
  }
  for (const [direction, days] of Object.entries(figures.virtualWeek)) {
    const code = DIRECTION_CODES[Number(direction)] ?? direction;
    for (let day = 0; day < days.length; day += 1)
      yield row(
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
    yield summaryRow('speeding_measured', 'vehicles', table.vehicles);
    yield summaryRow('speeding_count', 'vehicles', table.aboveLimit.vehicles, 'above limit');
    yield summaryRow('speeding_share', '%', table.aboveLimit.sharePercent, 'above limit');
    yield summaryRow(
      'speeding_count',
      'vehicles',
      table.aboveFirstStep.vehicles,
      `above limit + ${first} ${speedUnit}`,
    );
    yield summaryRow(
      'speeding_share',
      '%',
      table.aboveFirstStep.sharePercent,
      `above limit + ${first} ${speedUnit}`,
    );
    yield summaryRow(
      'speeding_count',
      'vehicles',
      table.aboveSecondStep.vehicles,
      `above limit + ${second} ${speedUnit}`,
    );
    yield summaryRow(
      'speeding_share',
      '%',
      table.aboveSecondStep.sharePercent,
      `above limit + ${second} ${speedUnit}`,
    );
  }
}
