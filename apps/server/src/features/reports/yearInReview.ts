import { LocalTimeConverter } from '@roadcount/formats';
import { organisationScope, scopedOrganisationId } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { SiteDetailSource } from './siteDetailSource.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** The most sites a year in review reads; the rest of a larger organisation is left out (said). */
export const YEAR_IN_REVIEW_SITES_MAX = 200;
export const YEAR_IN_REVIEW_TOP_MAX = 50;

export interface YearInReviewRow {
  site_id: string;
  site_name: string;
  value: number;
  /** The previous year's figure, where the table compares (ADT change). */
  previous: number | null;
}

interface SiteYear {
  id: string;
  name: string;
  adt: number | null;
  previousAdt: number | null;
  speed85thMps: number | null;
  aboveLimitPercent: number | null;
  daysWithData: number;
}

const DAY_MS = 86_400_000;

/** The instants of a local calendar year at a site: its local 1 January to the next. */
function localYear(year: number, timeZone: string) {
  const clock = new LocalTimeConverter(timeZone);
  return {
    start: new Date(clock.toUtcMs(year, 1, 1, 0, 0, 0, 0)).toISOString(),
    end: new Date(clock.toUtcMs(year + 1, 1, 1, 0, 0, 0, 0)).toISOString(),
  };
}

/** The `top` rows with the largest values (or largest either way), largest first; sites without the figure are left out. */
function topRows(
  siteYears: readonly SiteYear[],
  top: number,
  value: (site: SiteYear) => number | null,
  previous: (site: SiteYear) => number | null = () => null,
  byMagnitude = false,
): YearInReviewRow[] {
  const rank = (row: YearInReviewRow) => (byMagnitude ? Math.abs(row.value) : row.value);
  return siteYears
    .flatMap((site) => {
      const figure = value(site);
      return figure === null || !Number.isFinite(figure)
        ? []
        : [{ site_id: site.id, site_name: site.name, value: figure, previous: previous(site) }];
    })
    .sort((a, b) => rank(b) - rank(a) || a.site_name.localeCompare(b.site_name))
    .slice(0, top);
}

/**
 * Year in review (SPEC section 2, Reporting): top-N tables of the organisation's sites for a
 * year, each figure the site-detail answer's for the site's local calendar year with the default
 * filters: busiest sites (ADT), highest 85th percentile speeds, largest share above the limit,
 * largest change in ADT against the year before (%), and data availability (days with data).
 */
export async function yearInReview(
  deps: { reports: ReportsRepository; siteDetail: SiteDetailSource },
  viewer: Viewer,
  args: { year: number; top: number },
) {
  const { year, top } = args;
  if (!Number.isInteger(year) || year < 1990 || year > 2100)
    throw new HttpError(400, 'year must be a year from 1990 to 2100');
  if (!Number.isInteger(top) || top < 1 || top > YEAR_IN_REVIEW_TOP_MAX)
    throw new HttpError(400, `top must be from 1 to ${YEAR_IN_REVIEW_TOP_MAX}`);
  const scope = organisationScope(viewer, 'sites.read');
  const organisationId = scopedOrganisationId(scope);
  if (!scope.all && organisationId === null)
    return { year, top, site_count: 0, sites_left_out: 0, days_in_year: 0, tables: emptyTables() };
  const sites = await deps.reports.liveSites(organisationId, YEAR_IN_REVIEW_SITES_MAX + 1);
  const read = sites.slice(0, YEAR_IN_REVIEW_SITES_MAX);

  const siteYears: SiteYear[] = [];
  for (const site of read) {
    const period = localYear(year, site.timeZone);
    const before = localYear(year - 1, site.timeZone);
    const detail = await deps.siteDetail(viewer, {
      siteId: site.id,
      payload: { start_time: period.start, end_time: period.end },
      aggregationMinutes: 1440,
      parts: ['summary', 'speeding', 'availability'],
    });
    const previous = await deps.siteDetail(viewer, {
      siteId: site.id,
      payload: { start_time: before.start, end_time: before.end },
      aggregationMinutes: 1440,
      parts: ['summary'],
    });
    siteYears.push({
      id: site.id,
      name: site.name,
      adt: detail.summary.adt,
      previousAdt: previous.summary.adt,
      speed85thMps: detail.summary.speed85thMps,
      aboveLimitPercent: detail.speeding?.aboveLimit.sharePercent ?? null,
      daysWithData: new Set(detail.availability.map((entry) => entry.day)).size,
    });
  }
  const daysInYear = Math.round((Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS);
  return {
    year,
    top,
    site_count: read.length,
    sites_left_out: sites.length - read.length,
    days_in_year: daysInYear,
    tables: {
      busiest: topRows(siteYears, top, (site) => site.adt),
      fastest: topRows(siteYears, top, (site) => site.speed85thMps),
      speeding: topRows(siteYears, top, (site) => site.aboveLimitPercent),
      adt_change: topRows(
        siteYears,
        top,
        (site) =>
          site.adt !== null && site.previousAdt !== null && site.previousAdt > 0
            ? ((site.adt - site.previousAdt) / site.previousAdt) * 100
            : null,
        (site) => site.previousAdt,
        true,
      ),
      availability: topRows(siteYears, top, (site) =>
        site.daysWithData > 0 ? site.daysWithData : null,
      ),
    },
  };
}

function emptyTables() {
  return { busiest: [], fastest: [], speeding: [], adt_change: [], availability: [] };
}
