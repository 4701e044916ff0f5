import {
  dayInRange,
  findClassScheme,
  heavyClassIndexes,
  histogramPercentile,
  type DayRange,
} from '@roadcount/domain';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { HttpError } from '../../infra/errors.ts';
import type { MapRepository } from './map.repository.ts';

export interface MapFilter {
  /** Local dates `YYYY-MM-DD`, both included. */
  start_date: string;
  end_date: string;
  day_range: DayRange;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KMH = 1 / 3.6;

function checkFilter(filter: MapFilter): void {
  for (const [name, value] of [
    ['start_date', filter.start_date],
    ['end_date', filter.end_date],
  ] as const) {
    if (!DATE.test(value) || Number.isNaN(Date.parse(value)))
      throw new HttpError(400, `${name} '${value}' is not a date (YYYY-MM-DD)`);
  }
  if (filter.start_date > filter.end_date)
    throw new HttpError(400, 'The start date must not be later than the end date.');
}

interface Figures {
  days: Set<string>;
  vehicles: number;
  speedSumMps: number;
  speedCount: number;
  histogram: number[];
  aboveLimit: number;
  measuredAgainstLimit: number;
  classCounts: Map<number, number>;
}

const emptyFigures = (): Figures => ({
  days: new Set(),
  vehicles: 0,
  speedSumMps: 0,
  speedCount: 0,
  histogram: [],
  aboveLimit: 0,
  measuredAgainstLimit: 0,
  classCounts: new Map(),
});

/** The limit in force on a local day: the latest whose effective-from date is not after it. */
function limitOn(limits: { effectiveFrom: string; limitMps: number }[], day: string) {
  let found: number | null = null;
  for (const limit of limits) if (limit.effectiveFrom <= day) found = limit.limitMps;
  return found;
}

/**
 * The map's figures per site over a date range and day range, from the daily rollups: ADT
 * (vehicles per day with data), average and 85th percentile speed (from 1 km/h bins), the share
 * at or above the posted limit in force each day, and class shares with the heavy share.
 */
export function createMapService(repository: MapRepository) {
  return {
    async sites(viewer: Viewer, filter: MapFilter) {
      authorize(viewer, 'sites.read');
      checkFilter(filter);
      const scope = viewer.role === 'admin' ? null : viewer.organisationId;
      if (viewer.role !== 'admin' && scope === null) return [];
      const [rows, spans, rollups, limits] = await Promise.all([
        repository.sites(scope),
        repository.dataSpans(scope),
        repository.rollupsInScope(scope, filter.start_date, filter.end_date),
        repository.speedLimitsInScope(scope),
      ]);
      const limitsBySite = new Map<string, { effectiveFrom: string; limitMps: number }[]>();
      for (const limit of limits) {
        const list = limitsBySite.get(limit.siteId) ?? [];
        list.push(limit);
        limitsBySite.set(limit.siteId, list);
      }
      const figures = new Map<string, Figures>();
      for (const rollup of rollups) {
        if (!dayInRange(rollup.day, filter.day_range)) continue;
        let entry = figures.get(rollup.siteId);
        if (!entry) {
          entry = emptyFigures();
          figures.set(rollup.siteId, entry);
        }
        entry.days.add(rollup.day);
        entry.vehicles += rollup.vehicles;
        entry.speedSumMps += rollup.speedSumMps;
        entry.speedCount += rollup.speedCount;
        const limitMps = limitOn(limitsBySite.get(rollup.siteId) ?? [], rollup.day);
        const firstBinAbove = limitMps === null ? null : Math.round(limitMps * 3.6);
        rollup.speedHistogram.forEach((count, bin) => {
          entry.histogram[bin] = (entry.histogram[bin] ?? 0) + count;
          if (firstBinAbove !== null) {
            entry.measuredAgainstLimit += count;
            if (bin >= firstBinAbove) entry.aboveLimit += count;
          }
        });
        for (const [classIndex, count] of Object.entries(rollup.classCounts)) {
          const key = Number(classIndex);
          entry.classCounts.set(key, (entry.classCounts.get(key) ?? 0) + count);
        }
      }
      const spanBySite = new Map(spans.map((span) => [span.siteId, span]));
      return rows.map(({ site, organisationName }) => {
        const span = spanBySite.get(site.id);
        const entry = figures.get(site.id) ?? emptyFigures();
        const histogram = Array.from(entry.histogram, (count) => count ?? 0);
        const classified = [...entry.classCounts].filter(([classIndex]) => classIndex > 0);
        const classifiedTotal = classified.reduce((sum, [, count]) => sum + count, 0);
        const heavy = heavyClassIndexes(findClassScheme(site.classScheme));
        const heavyCount = classified
          .filter(([classIndex]) => heavy.has(classIndex))
          .reduce((sum, [, count]) => sum + count, 0);
        const percentile85 = histogramPercentile(histogram, 85);
        const meta = site.coreSiteMeta;
        const siteLimits = limitsBySite.get(site.id) ?? [];
        return {
          id: site.id,
          name: site.name,
          site_type: site.siteType,
          realtime: site.realtime,
          contexts: Array.isArray(meta.site_context) ? (meta.site_context as string[]) : [],
          time_span: typeof meta.time_span === 'string' ? meta.time_span : null,
          latitude: site.latitude,
          longitude: site.longitude,
          owner_organisation_id: site.ownerOrganisationId,
          organisation_name: organisationName,
          class_scheme: findClassScheme(site.classScheme).id,
          last_surveyed: span?.lastDay ?? null,
          survey_years: (span?.years ?? []).map(Number).sort((a, b) => a - b),
          has_data: entry.days.size > 0,
          days: entry.days.size,
          vehicles: entry.vehicles,
          adt: entry.days.size > 0 ? entry.vehicles / entry.days.size : null,
          average_speed_mps: entry.speedCount > 0 ? entry.speedSumMps / entry.speedCount : null,
          speed85_mps: percentile85 === null ? null : percentile85 * KMH,
          speed_limit_mps: siteLimits.length > 0 ? limitOn(siteLimits, filter.end_date) : null,
          above_limit_percent:
            entry.measuredAgainstLimit > 0
              ? (entry.aboveLimit / entry.measuredAgainstLimit) * 100
              : null,
          heavy_percent: classifiedTotal > 0 ? (heavyCount / classifiedTotal) * 100 : null,
          class_shares: Object.fromEntries(
            classified.map(([classIndex, count]) => [classIndex, (count / classifiedTotal) * 100]),
          ),
        };
      });
    },

    /** A site's vehicles per local day in the range (the summary panel's small chart). */
    async siteVolumes(viewer: Viewer, siteId: string, filter: MapFilter) {
      checkFilter(filter);
      const site = isUuid(siteId) ? await repository.findSite(siteId) : undefined;
      if (!site) {
        authorize(viewer, 'sites.read');
        throw new HttpError(404, "We couldn't find that site. It may have been deleted");
      }
      authorize(viewer, 'sites.read', { organisationId: site.ownerOrganisationId });
      const byDay = new Map<string, number>();
      for (const rollup of await repository.rollups([siteId], filter.start_date, filter.end_date)) {
        if (!dayInRange(rollup.day, filter.day_range)) continue;
        byDay.set(rollup.day, (byDay.get(rollup.day) ?? 0) + rollup.vehicles);
      }
      return [...byDay]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, vehicles]) => ({ day, vehicles }));
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
