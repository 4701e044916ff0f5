/** Context codes of SPEC section 3: what a site counts. */
export const SITE_CONTEXTS = ['VEH', 'PED', 'BIKE'] as const;
export type SiteContext = (typeof SITE_CONTEXTS)[number];

/** Time span codes: temporary (TS_T) or permanent (TS_P) collection. */
export const TIME_SPANS = ['TS_T', 'TS_P'] as const;
export type TimeSpan = (typeof TIME_SPANS)[number];

/** The map's layers (SPEC section 2); speed is the default (SPEC section 9). */
export const MAP_LAYERS = [
  'speed',
  'speed85',
  'speed95',
  'pace',
  'aboveLimit',
  'classes',
  'volume',
  'aadt',
  'kFactor',
  'dFactor',
  'peakHourFactor',
  'noData',
  'comparison',
] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];

/** The layers of design figures: each site's whole record, not the map's dates (issue 25). */
export const DESIGN_LAYERS: readonly MapLayer[] = ['aadt', 'kFactor', 'dFactor', 'peakHourFactor'];

/** Dot day range: every day, Monday to Friday, or Saturday and Sunday (SPEC section 9). */
export const DAY_RANGES = ['wholeWeek', 'weekdays', 'weekend'] as const;
export type DayRange = (typeof DAY_RANGES)[number];

/** ISO day of week (Monday 1 to Sunday 7) of a local date `YYYY-MM-DD`. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export function dayInRange(day: string, range: DayRange): boolean {
  if (range === 'wholeWeek') return true;
  const weekend = isoWeekday(day) >= 6;
  return range === 'weekend' ? weekend : !weekend;
}

export interface MapSiteFacts {
  ownerOrganisationId: string;
  realtime: boolean;
  contexts: readonly string[];
  timeSpan: string | null;
  selected: boolean;
}

export interface MapSiteFilter {
  /** Organisations whose sites are shown; undefined shows every organisation the user may see. */
  visibleOrganisationIds?: ReadonlySet<string>;
  selectedOnly: boolean;
  /** Active context filters (VEH, PED, BIKE). */
  contexts: ReadonlySet<string>;
  /** Chosen time spans (TS_T, TS_P). */
  timeSpans: ReadonlySet<string>;
}

/**
 * SPEC section 5: a site is on the map only when its organisation is visible, it is selected
 * when only selected sites are shown, it matches an active context filter, and it is realtime
 * or matches the chosen time span.
 */
export function isSiteVisible(site: MapSiteFacts, filter: MapSiteFilter): boolean {
  if (filter.visibleOrganisationIds && !filter.visibleOrganisationIds.has(site.ownerOrganisationId))
    return false;
  if (filter.selectedOnly && !site.selected) return false;
  if (!site.contexts.some((context) => filter.contexts.has(context))) return false;
  return site.realtime || (site.timeSpan !== null && filter.timeSpans.has(site.timeSpan));
}

/**
 * The value at percentile `p` (0 to 100) of a histogram of 1-unit bins, interpolated linearly
 * within the bin (bin k holds values from k to k + 1). Null when empty.
 */
export function histogramPercentile(histogram: ArrayLike<number>, p: number): number | null {
  let total = 0;
  for (let bin = 0; bin < histogram.length; bin += 1) total += histogram[bin] ?? 0;
  if (total === 0) return null;
  const target = (p / 100) * total;
  let below = 0;
  for (let bin = 0; bin < histogram.length; bin += 1) {
    const count = histogram[bin] ?? 0;
    if (count > 0 && below + count >= target) return bin + (target - below) / count;
    below += count;
  }
  return histogram.length;
}
