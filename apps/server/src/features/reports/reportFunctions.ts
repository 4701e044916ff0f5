import { csvField, csvRow } from '@roadcount/formats';
import { roundedShare } from './reportPeriod.ts';
import {
  DIRECTION_CODES,
  directionsOf,
  speedIn,
  SPEED_UNITS,
  zoneOffsetWriter,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';

const number = (value: number) => String(Math.round(value * 1e6) / 1e6);

export const VEHICLE_FLOW_HEADER =
  'site_id,site_name,interval_start,interval_minutes,direction,vehicles,flow_per_hour';

/**
 * Vehicle flow (report function): per interval and direction, the vehicles and their hourly
 * flow rate (vehicles × 60 / interval minutes), from the site-detail answer's time bins.
 */
export function* vehicleFlowRows(figures: SiteFigures, context: ReportContext): Generator<string> {
  const minutes = context.parameters.aggregationMinutes;
  const localWithOffset = zoneOffsetWriter(figures.time_zone);
  const site = csvRow([figures.site_id, figures.site_name]);
  const directions = directionsOf(figures);
  for (let at = 0; at < figures.bins.starts.length; at += 1) {
    const start = localWithOffset(figures.bins.starts[at] ?? '');
    for (const direction of directions) {
      const vehicles = figures.bins.directions[direction]?.vehicles[at] ?? 0;
      yield `${site},${start},${minutes},${DIRECTION_CODES[direction] ?? direction},${vehicles},${number((vehicles * 60) / minutes)}\n`;
    }
  }
}

export const EVENT_COUNT_HEADER =
  'site_id,site_name,interval_start,interval_minutes,direction,class,class_name,vehicles';

/**
 * Event count (report function): per interval, direction and class, the vehicles counted; each
 * class's counts are the site-detail time bins of the filter narrowed to that class.
 */
export function* eventCountRows(
  figures: SiteFigures,
  byClass: ReadonlyMap<number, SiteFigures>,
  context: ReportContext,
): Generator<string> {
  const minutes = context.parameters.aggregationMinutes;
  const localWithOffset = zoneOffsetWriter(figures.time_zone);
  const site = csvRow([figures.site_id, figures.site_name]);
  for (const [classIndex, classFigures] of byClass) {
    const name = csvField(context.className(figures.class_scheme, classIndex));
    const directions = directionsOf(classFigures);
    for (let at = 0; at < classFigures.bins.starts.length; at += 1) {
      const start = localWithOffset(classFigures.bins.starts[at] ?? '');
      for (const direction of directions) {
        const vehicles = classFigures.bins.directions[direction]?.vehicles[at] ?? 0;
        if (vehicles === 0) continue;
        yield `${site},${start},${minutes},${DIRECTION_CODES[direction] ?? direction},${classIndex},${name},${vehicles}\n`;
      }
    }
  }
}

/** Event list (report function): the individual vehicles' time, lane, direction and class. */
export const EVENT_LIST_COLUMNS = [
  'timestamp',
  'lane',
  'direction',
  'class',
  'site_id',
  'site_name',
];

/** The event list's line of a Roadcount vehicles CSV line (docs/formats.md, section 3). */
export function eventListLine(vehicleLine: string): string {
  const cells = vehicleLine.split(',');
  // timestamp, lane, direction, class ... site_id (11), then the site name, quoted if it must be.
  const siteAndRest = cells.slice(11);
  const siteId = siteAndRest[0] ?? '';
  // The name may hold commas (quoted): it is everything between the id and the two coordinates.
  const name = siteAndRest.slice(1, -2).join(',');
  return `${cells.slice(0, 4).join(',')},${siteId},${name}`;
}

export const SIGN_FILE_HEADER =
  'site_id,site_name,latitude,longitude,period_start,period_end,units,speed_limit,vehicles,adt,average_speed,speed_85th,speed_99th,above_limit_share';

/**
 * Sign file (report function): one row per site with what a variable message or speed-display
 * sign at the site shows: the speed limit in force at the end of the period, the vehicles and
 * ADT, the average, 85th and 99th percentile speeds and the share above the limit, speeds in
 * the report's unit, from the site-detail answer.
 */
export function signFileRow(
  figures: SiteFigures,
  limits: readonly { effectiveFrom: string; limitMps: number }[],
  context: ReportContext,
): string {
  const { units, start, end } = context.parameters;
  const endDay = end.slice(0, 10);
  // The limits come sorted by the day they take effect; the last that started before the end.
  const limit = limits.filter((entry) => entry.effectiveFrom < endDay).at(-1);
  const figure = (value: number | null | undefined) =>
    value === null || value === undefined || !Number.isFinite(value)
      ? null
      : { number: number(value) };
  const speed = (mps: number | null | undefined) => figure(speedIn(units, mps));
  return csvRow([
    figures.site_id,
    figures.site_name,
    figure(figures.latitude),
    figure(figures.longitude),
    start,
    end,
    SPEED_UNITS[units].label,
    speed(limit?.limitMps),
    figure(figures.summary.vehicles),
    figure(figures.summary.adt),
    speed(figures.summary.averageSpeedMps),
    speed(figures.summary.speed85thMps),
    speed(figures.speedPercentiles?.[99]),
    figure(roundedShare(figures.speeding?.aboveLimit.sharePercent)),
  ]);
}
