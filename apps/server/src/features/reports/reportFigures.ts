import type { CountSummary, IntervalMode, SiteDetail } from '@roadcount/analytics';
import {
  aadtLabel,
  aadtLabelText,
  type ExplanationLine,
  type ReportParameters,
  type Translate,
} from '@roadcount/domain';
import { LocalTimeConverter } from '@roadcount/formats';

/**
 * One site's figures in a report: the site-detail answer (the analysis service's one kernel,
 * given by the app) with the site's own facts. Speeds m/s, headway and gap s.
 */
export type SiteFigures = SiteDetail & {
  site_id: string;
  site_name: string;
  site_type: string;
  latitude: number | null;
  longitude: number | null;
  time_zone: string;
  class_scheme: string;
  /**
   * The site's interval counts (bike, pedestrian, vehicle) per mode and direction: the count
   * summary the count-site page shows, for the same filter and bins; null without any.
   */
  counts?: CountSummary | null;
  /** Issue 25: how the site's AADT was found (the standard spreadsheet's AADT block). */
  aadtAdjustment?: {
    method: 'aashto' | 'factored' | 'unadjusted';
    reason: string | null;
    groupName: string | null;
    wholeDays: number;
    adt: number | null;
    aadt: number | null;
    monthlyFactor: number | null;
    dayOfWeekFactor: number | null;
    months: number[];
    errorPercent: number | null;
    errorSamples: number;
  };
};

/** What every report writer is given besides the figures. */
export interface ReportContext {
  parameters: ReportParameters;
  /** The product's version, stated on the report's first page or sheet. */
  softwareVersion: string;
  generatedAt: Date;
  /** A class index's name in the site's class scheme. */
  className: (classScheme: string, classIndex: number) => string;
  /** The requester's language (a BCP 47 tag): dates in the report are written in it. */
  locale?: string;
  /** The site's AADT as the site detail's AADT card gives it, in the requester's language. */
  aadt: (site: SiteFigures) => { value: number | null; name: string; note: string };
  /**
   * How the site's main figures were made (issue 36), as lines in the requester's language: the
   * reports' 'How these figures were made' sheet or page. None where it was not read.
   */
  explain?: { title: string; lines: (siteId: string) => Promise<ExplanationLine[]> };
}

/**
 * A site's AADT figure with its name and how it was found (`aadtLabel`, shared with the site
 * detail's AADT card), written in `locale` through `translate`.
 */
export function reportAadt(site: SiteFigures, locale: string, translate: Translate) {
  const label = aadtLabel(site.aadtAdjustment, site.summary);
  return { value: label.value, ...aadtLabelText(label, locale, translate) };
}

export { SPEED_UNITS, speedIn } from '@roadcount/domain';

export const DIRECTION_NAMES: Record<number, string> = {
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
export const DIRECTION_CODES: Record<number, string> = {
  0: 'U',
  1: 'N',
  2: 'NE',
  3: 'E',
  4: 'SE',
  5: 'S',
  6: 'SW',
  7: 'W',
  8: 'NW',
};

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/** The offset of a local wall-clock time at a site, in minutes east of UTC. */
function offsetMinutesAt(clock: LocalTimeConverter, parts: number[]): number {
  const [year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((wallMs - clock.toUtcMs(year, month, day, hour, minute, second, 0)) / 60_000);
}

/**
 * Bin starts as the site-detail answer gives them (local wall-clock time without an offset) with
 * the site's UTC offset at that moment, e.g. 2025-06-02T08:00:00+01:00. Offsets are worked out
 * once per local day (at its first and last hour), and per bin only on a day the clocks change.
 */
export function offsetWriter(
  clock: LocalTimeConverter,
  days = new Map<string, number | null>(),
): (localText: string) => string {
  const text = (offsetMinutes: number) => {
    const sign = offsetMinutes < 0 ? '-' : '+';
    return `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
  };
  /** Each offset's text, and each day's: a year of hourly bins asks the same few thousands of times. */
  const texts = new Map<number, string>();
  const textOf = (offsetMinutes: number) => {
    let found = texts.get(offsetMinutes);
    if (found === undefined) {
      found = text(offsetMinutes);
      texts.set(offsetMinutes, found);
    }
    return found;
  };
  const dayTexts = new Map<string, string | null>();
  return (localText) => {
    // The usual bin start (YYYY-MM-DDTHH:MM:SS) on a day without a clock change: one lookup.
    const day = localText.slice(0, 10);
    if (localText.length === 19) {
      const known = dayTexts.get(day);
      if (known) return `${localText}${known}`;
    }
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(localText);
    if (!match) return localText;
    const parts = match.slice(1).map((part) => Number(part ?? 0));
    let offset = days.get(day);
    if (offset === undefined) {
      const [year = 1970, month = 1, date = 1] = parts;
      const first = offsetMinutesAt(clock, [year, month, date, 0, 0, 0]);
      const last = offsetMinutesAt(clock, [year, month, date, 23, 59, 0]);
      offset = first === last ? first : null;
      days.set(day, offset);
    }
    if (!dayTexts.has(day)) dayTexts.set(day, offset === null ? null : textOf(offset));
    const minutes = offset ?? offsetMinutesAt(clock, parts);
    return `${match[0].length === 16 ? `${match[0]}:00` : match[0]}${textOf(minutes)}`;
  };
}

/** The directions with figures in a site's time bins, in compass order. */
export const directionsOf = (figures: SiteFigures) =>
  Object.keys(figures.bins.directions)
    .map(Number)
    .sort((a, b) => a - b);

/** Each zone's clock and offsets by local day, shared by every site and report in that zone. */
const zones = new Map<string, { clock: LocalTimeConverter; days: Map<string, number | null> }>();

/**
 * `offsetWriter` for a time zone, its offsets worked out once per local day for all sites in the
 * zone (the zone lookup costs tens of microseconds; a year of hourly bins for a hundred sites
 * would otherwise look up each day's offsets a hundred times).
 */
export function zoneOffsetWriter(timeZone: string): (localText: string) => string {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = { clock: new LocalTimeConverter(timeZone), days: new Map() };
    zones.set(timeZone, zone);
  }
  return offsetWriter(zone.clock, zone.days);
}

/** What a mode's interval counts count, as a report's labels name it. */
export const COUNT_MODE_NAMES: Record<IntervalMode, string> = {
  vehicle: 'Vehicles',
  bike: 'Bicycles',
  pedestrian: 'Pedestrians',
};
/** The unit of a mode's counts in a report. */
export const COUNT_MODE_UNITS: Record<IntervalMode, string> = {
  vehicle: 'vehicles',
  bike: 'bicycles',
  pedestrian: 'pedestrians',
};

/** The directions a mode was counted in, in compass order. */
export const countDirectionsOf = (counts: CountSummary, mode: IntervalMode) =>
  Object.keys(counts.figures[mode]?.directions ?? {})
    .map(Number)
    .sort((a, b) => a - b);

/**
 * Whether a site's figures are its interval counts alone (a bike or pedestrian counter): its
 * reports then give the counts, not vehicle figures that would all read 0.
 */
export const countsOnly = (site: SiteFigures) =>
  site.summary.vehicles === 0 && (site.counts?.modes.length ?? 0) > 0;
