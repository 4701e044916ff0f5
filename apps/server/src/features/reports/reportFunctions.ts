import {
  DIRECTION_CODES,
  directionsOf,
  zoneOffsetWriter,
  type ReportContext,
  type SiteFigures,
} from './reportFigures.ts';

const quoted = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
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
  const site = `${figures.site_id},${quoted(figures.site_name)}`;
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
  const site = `${figures.site_id},${quoted(figures.site_name)}`;
  for (const [classIndex, classFigures] of byClass) {
    const name = quoted(context.className(figures.class_scheme, classIndex));
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
