import { isSiteVisible } from '@roadcount/domain';
import type { MapSite } from '@/lib/map/mapSites.ts';

export interface SiteFilters {
  /** Active context filters: VEH, BIKE, PED. */
  contexts: string[];
  /** Collection frequency: TS_T (temporary), TS_P (continuous). */
  timeSpans: string[];
  /** 'allAvailable' or a year with data. */
  year: 'allAvailable' | number;
  search: string;
  /** Platform admins choose organisations; empty shows them all. */
  organisationIds: string[];
  selectedOnly: boolean;
}

export const DEFAULT_SITE_FILTERS: SiteFilters = {
  contexts: ['VEH', 'BIKE', 'PED'],
  timeSpans: ['TS_T', 'TS_P'],
  year: 'allAvailable',
  search: '',
  organisationIds: [],
  selectedOnly: false,
};

/** The sites the map shows: SPEC section 5's visibility rule, then year and name search. */
export function visibleSites(
  sites: MapSite[],
  filters: SiteFilters,
  selected: string[],
): MapSite[] {
  const rule = {
    ...(filters.organisationIds.length > 0
      ? { visibleOrganisationIds: new Set(filters.organisationIds) }
      : {}),
    selectedOnly: filters.selectedOnly,
    contexts: new Set(filters.contexts),
    timeSpans: new Set(filters.timeSpans),
  };
  const search = filters.search.trim().toLocaleLowerCase();
  return sites.filter(
    (site) =>
      isSiteVisible(
        {
          ownerOrganisationId: site.owner_organisation_id,
          realtime: site.realtime,
          contexts: site.contexts,
          timeSpan: site.time_span,
          selected: selected.includes(site.id),
        },
        rule,
      ) &&
      (filters.year === 'allAvailable' || site.survey_years.includes(filters.year)) &&
      (search === '' || site.name.toLocaleLowerCase().includes(search)),
  );
}

/** Local date `YYYY-MM-DD` of a Date in the browser's zone. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** SPEC section 9: the last 7 days to the end of today. */
export function defaultDateRange(today = new Date()): { start: string; end: string } {
  const start = new Date(today);
  start.setDate(start.getDate() - 6);
  return { start: localDate(start), end: localDate(today) };
}
