import type { FilterPayload } from './api/siteDetailApi.ts';
import {
  exclusionsFromSearch,
  exclusionsPayload,
  writeExclusions,
  type ExclusionFilters,
} from './siteDetailExclusions.ts';

export type Units = 'metric' | 'imperial';

/** Aggregations of SPEC section 9, in minutes. */
export const AGGREGATIONS = [5, 10, 15, 20, 30, 60, 1440, 10080] as const;

/** SPEC section 9 relative time ranges, counted back from the end of the site's data. */
export const TIME_RANGES = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '4w': 2_419_200_000,
};
export type TimeRangePreset = keyof typeof TIME_RANGES;
const isPreset = (value: string | null): value is TimeRangePreset =>
  value !== null && Object.hasOwn(TIME_RANGES, value);

/** What the page's filters hold, as the user reads them (speeds in the user's unit). */
export interface SiteDetailFilters extends ExclusionFilters {
  /** A relative time range; when set it wins over the dates. */
  range?: TimeRangePreset | undefined;
  /** Local dates `YYYY-MM-DD`; empty for all data. */
  from: string;
  to: string;
  aggregation: number;
  speedMin: number;
  speedMax: number;
  /** Included classes; undefined for every class of the scheme. */
  classes: number[] | undefined;
  headwayMin: number;
  /** Active directions; undefined for all. */
  directions: number[] | undefined;
}

const SPEED_FACTOR: Record<Units, number> = { metric: 3.6, imperial: 2.2369362920544 };

/** SPEC section 9 defaults: speed 1/3.6 to 50 m/s, separation 0, every direction. */
export function defaultFilters(units: Units): SiteDetailFilters {
  return {
    from: '',
    to: '',
    // A day a bin reads well over weeks or months of data.
    aggregation: 1440,
    speedMin: Math.round((1 / 3.6) * SPEED_FACTOR[units]),
    speedMax: Math.round(50 * SPEED_FACTOR[units]),
    classes: undefined,
    headwayMin: 0,
    directions: undefined,
    vehicleExclusions: [],
    timeExclusions: [],
  };
}

const numberList = (text: string | null) =>
  text === null
    ? undefined
    : text
        .split(',')
        .filter((item) => item !== '')
        .map(Number)
        .filter(Number.isFinite);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters a link carries, over the defaults. */
export function filtersFromSearch(search: URLSearchParams, units: Units): SiteDetailFilters {
  const defaults = defaultFilters(units);
  const number = (name: string, fallback: number) => {
    const value = Number(search.get(name));
    return search.has(name) && Number.isFinite(value) ? value : fallback;
  };
  const aggregation = number('agg', defaults.aggregation);
  const range = search.get('range');
  return {
    ...(isPreset(range) ? { range } : {}),
    from: DATE.test(search.get('from') ?? '') ? (search.get('from') ?? '') : '',
    to: DATE.test(search.get('to') ?? '') ? (search.get('to') ?? '') : '',
    aggregation: (AGGREGATIONS as readonly number[]).includes(aggregation)
      ? aggregation
      : defaults.aggregation,
    speedMin: number('vmin', defaults.speedMin),
    speedMax: number('vmax', defaults.speedMax),
    classes: numberList(search.get('classes')),
    headwayMin: number('hmin', defaults.headwayMin),
    directions: numberList(search.get('dirs')),
    ...exclusionsFromSearch(search),
  };
}

/** The filters as a link's query, leaving out what is at its default. */
export function searchFromFilters(filters: SiteDetailFilters, units: Units): URLSearchParams {
  const defaults = defaultFilters(units);
  const search = new URLSearchParams();
  if (filters.range) search.set('range', filters.range);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.aggregation !== defaults.aggregation) search.set('agg', String(filters.aggregation));
  if (filters.speedMin !== defaults.speedMin) search.set('vmin', String(filters.speedMin));
  if (filters.speedMax !== defaults.speedMax) search.set('vmax', String(filters.speedMax));
  if (filters.classes) search.set('classes', filters.classes.join(','));
  if (filters.headwayMin !== defaults.headwayMin) search.set('hmin', String(filters.headwayMin));
  if (filters.directions) search.set('dirs', filters.directions.join(','));
  writeExclusions(search, filters);
  return search;
}

/** The UTC instant of a local wall-clock time in a time zone (DST-correct). */
export function zonedTimeToUtc(localIso: string, timeZone: string): Date {
  const asUtc = new Date(`${localIso}Z`);
  const offsetAt = (instant: Date) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(instant);
    const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
    const wall = Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
    return wall - instant.getTime();
  };
  const first = new Date(asUtc.getTime() - offsetAt(asUtc));
  // Near a change the offset at the guess may differ: correct once with the offset found there.
  return new Date(asUtc.getTime() - offsetAt(first));
}

/** Problems that keep the filters from being applied, as i18n keys. */
export function filterProblems(filters: SiteDetailFilters): string[] {
  const problems: string[] = [];
  if (filters.from && filters.to && filters.from > filters.to)
    problems.push('siteDetail.filters.datesBackwards');
  if (!(filters.speedMin >= 0) || !(filters.speedMax > filters.speedMin))
    problems.push('siteDetail.filters.speedRange');
  if (!(filters.headwayMin >= 0)) problems.push('siteDetail.filters.headway');
  return problems;
}

/** The local date `YYYY-MM-DD` of an instant in a time zone. */
export function localDay(utcMs: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(utcMs));
}

/**
 * The end relative ranges count back from: the end of the site's data, or now when the data
 * runs on past now (a live counter) or the site has none.
 */
export function rangeAnchorMs(availableEnd: string | null | undefined, nowMs: number): number {
  const end = availableEnd ? Date.parse(availableEnd) : Number.NaN;
  return Number.isFinite(end) ? Math.min(end, nowMs) : nowMs;
}

/** The server's filter payload for the page's filters in the site's time zone. */
export function toPayload(
  filters: SiteDetailFilters,
  units: Units,
  timeZone: string,
  anchorMs: number = Date.now(),
): FilterPayload {
  const payload: FilterPayload = {
    velocity_min: filters.speedMin / SPEED_FACTOR[units],
    velocity_max: filters.speedMax / SPEED_FACTOR[units],
    headway_min: filters.headwayMin,
  };
  if (filters.range) {
    payload.start_time = new Date(anchorMs - TIME_RANGES[filters.range]).toISOString();
    payload.end_time = new Date(anchorMs).toISOString();
  } else if (filters.from)
    payload.start_time = zonedTimeToUtc(`${filters.from}T00:00:00`, timeZone).toISOString();
  if (filters.to && !filters.range) {
    const end = zonedTimeToUtc(`${filters.to}T00:00:00`, timeZone);
    // The end date is included: up to the next local midnight.
    const next = new Date(`${filters.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const nextMidnight = zonedTimeToUtc(next.toISOString().slice(0, 19), timeZone);
    payload.end_time = new Date(Math.max(end.getTime(), nextMidnight.getTime() - 1)).toISOString();
  }
  if (filters.classes) payload.active_classes = filters.classes;
  if (filters.directions) payload.active_directions = filters.directions;
  return { ...payload, ...exclusionsPayload(filters) };
}

export function speedIn(units: Units, speedMps: number): number {
  return speedMps * SPEED_FACTOR[units];
}
