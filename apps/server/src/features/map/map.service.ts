import type { AadtMethod, AadtVariant } from '@roadcount/analytics';
import {
  dayNumberOf,
  dayOfNumber,
  paceOfHistogram,
  seriesAdt,
  seriesFigures,
  type SeriesRange,
} from '@roadcount/analytics';
import {
  dayInRange,
  findClassScheme,
  heavyClassIndexes,
  histogramPercentile,
  type DayRange,
  serverMessage,
} from '@roadcount/domain';
import { LocalTimeConverter } from '@roadcount/formats';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Access } from '../../infra/access/access.ts';
import { organisationScope, scopedOrganisationId } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { RollupSeriesCache } from '../siteData/index.ts';
import type { MapRepository } from './map.repository.ts';

/**
 * The pace (as the site detail finds it) of a 1 km/h speed histogram, in both units: each bin's
 * vehicles at its lower bound, so the 10 km/h band is the site detail's own and the 10 mph band
 * is within a bin of it.
 */
function histogramPace(histogram: ArrayLike<number>) {
  return {
    metric: paceOfHistogram(histogram, KMH, 'metric'),
    imperial: paceOfHistogram(histogram, KMH, 'imperial'),
  };
}

/**
 * A site's design figures over its whole record, as its site detail gives them with no filter
 * and 15-minute bins: the site's AADT (`siteAadt`: AASHTO, factored by its factor group, or
 * unadjusted), K and D of the design hour (a year of data only) and the peak hour factor.
 */
export interface SiteDesignFigures {
  aadt: number | null;
  aadtMethod: AadtMethod;
  aadtVariant: AadtVariant;
  kFactor: number | null;
  dFactor: number | null;
  peakHourFactor: number | null;
}

/** Works out a readable site's design figures (the app composes the analysis and factor groups). */
export type DesignFiguresOf = (
  viewer: Viewer,
  site: { id: string; siteType: string },
) => Promise<SiteDesignFigures>;

/**
 * How long a site's design figures are reused while its data stays the same: a factor group's
 * factors follow its continuous sites' data, which a site's own version does not show.
 */
const DESIGN_FIGURES_TTL_MS = 60_000;

export interface MapFilter {
  /** Local dates `YYYY-MM-DD`, both included. */
  start_date: string;
  end_date: string;
  day_range: DayRange;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KMH = 1 / 3.6;

/** The site's vehicles of one local day, from its rollup series (0 for a day without any). */
function dayVehicles(
  series: { dayNumbers: ArrayLike<number>; vehicles: ArrayLike<number> } | undefined,
  day: string,
): number {
  if (!series) return 0;
  const wanted = dayNumberOf(day);
  for (let slot = 0; slot < series.dayNumbers.length; slot += 1)
    if (series.dayNumbers[slot] === wanted) return series.vehicles[slot] as number;
  return 0;
}

function checkFilter(filter: MapFilter): void {
  for (const [name, value] of [
    ['start_date', filter.start_date],
    ['end_date', filter.end_date],
  ] as const) {
    if (!DATE.test(value) || Number.isNaN(Date.parse(value)))
      throw new HttpError(400, `${name} '${value}' is not a date (YYYY-MM-DD)`);
  }
  if (filter.start_date > filter.end_date) throw new HttpError(400, serverMessage('startAfterEnd'));
}

/** The limit in force on a local day: the latest whose effective-from date is not after it. */
function limitOn(limits: { effectiveFrom: string; limitMps: number }[], day: string) {
  let found: number | null = null;
  for (const limit of limits) if (limit.effectiveFrom <= day) found = limit.limitMps;
  return found;
}

/** The filter's days as a series range, without speed limits (each site adds its own). */
function seriesRange(filter: MapFilter): SeriesRange {
  return {
    firstDayNumber: dayNumberOf(filter.start_date),
    lastDayNumber: dayNumberOf(filter.end_date),
    dayRange: filter.day_range,
    limits: [],
  };
}

/** A site's speed limits as the series counts them: from a day, vehicles in whole km/h bins at or above it. */
function seriesLimits(
  limits: { effectiveFrom: string; limitMps: number }[],
): SeriesRange['limits'] {
  return limits.map((limit) => ({
    fromDayNumber: dayNumberOf(limit.effectiveFrom.slice(0, 10)),
    firstBinAbove: Math.round(limit.limitMps * 3.6),
  }));
}

/**
 * The map's figures per site over a date range and day range, from the sites' packed daily
 * rollups (kept in memory): ADT (the one definition of packages/analytics: vehicles in whole
 * days over whole days, as the site detail counts it), average and 85th percentile speed (from 1 km/h bins), the share
 * at or above the posted limit in force each day, and class shares with the heavy share.
 */
export function createMapService(deps: {
  repository: MapRepository;
  cache: RollupSeriesCache;
  access: Access;
  /** The organisation's headway threshold for free flow (siteData's, which its rollups used). */
  headwayThresholdSeconds: (organisationId: string) => Promise<number>;
  designFigures?: DesignFiguresOf;
}) {
  const { repository, cache } = deps;
  // Keyed by site and data version; a promise, so that requests at once share one reckoning.
  const designCache = new LRUCache<string, Promise<SiteDesignFigures>>({
    max: 20_000,
    ttl: DESIGN_FIGURES_TTL_MS,
  });
  // Two sites at a time: each is a whole-record scan on the analysis threads.
  const designLimit = pLimit(2);
  return {
    async sites(viewer: Viewer, filter: MapFilter) {
      const organisations = organisationScope(viewer, 'sites.read');
      checkFilter(filter);
      const scope = scopedOrganisationId(organisations);
      if (!organisations.all && scope === null) return [];
      const [rows, limits, realtimeLast] = await Promise.all([
        repository.sites(scope),
        repository.speedLimitsInScope(scope),
        repository.realtimeLastVehicles(scope),
      ]);
      const lastVehicles = new Map(realtimeLast.map((row) => [row.siteId, row.last]));
      const today = new Date();
      const limitsBySite = new Map<string, { effectiveFrom: string; limitMps: number }[]>();
      for (const limit of limits) {
        const list = limitsBySite.get(limit.siteId) ?? [];
        list.push(limit);
        limitsBySite.set(limit.siteId, list);
      }
      const seriesBySite = await cache.series(
        rows.map(({ site }) => ({ id: site.id, version: site.rollupsVersion })),
      );
      const heavyBySchemeId = new Map<string, Set<number>>();
      const range = seriesRange(filter);
      return rows.map(({ site, organisationName }) => {
        const siteLimits = limitsBySite.get(site.id) ?? [];
        const series = seriesBySite.get(site.id);
        const entry = series
          ? seriesFigures(series, { ...range, limits: seriesLimits(siteLimits) })
          : undefined;
        const classified = [...(entry?.classCounts ?? [])].filter(([classIndex]) => classIndex > 0);
        const classifiedTotal = classified.reduce((sum, [, count]) => sum + count, 0);
        const scheme = findClassScheme(site.classScheme);
        let heavy = heavyBySchemeId.get(scheme.id);
        if (!heavy) {
          heavy = heavyClassIndexes(scheme);
          heavyBySchemeId.set(scheme.id, heavy);
        }
        const heavyCount = classified
          .filter(([classIndex]) => heavy.has(classIndex))
          .reduce((sum, [, count]) => sum + count, 0);
        const percentile85 = entry ? histogramPercentile(entry.histogram, 85) : null;
        const percentile95 = entry ? histogramPercentile(entry.histogram, 95) : null;
        const pace = entry ? histogramPace(entry.histogram) : null;
        const meta = site.coreSiteMeta;
        const days = entry?.days ?? 0;
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
          class_scheme: scheme.id,
          last_surveyed: series?.lastDay ?? null,
          survey_years: series?.years ?? [],
          has_data: days > 0,
          days,
          vehicles: entry?.vehicles ?? 0,
          adt: series ? seriesAdt(series, range) : null,
          awdt: series ? seriesAdt(series, { ...range, dayRange: 'weekdays' }) : null,
          awedt: series ? seriesAdt(series, { ...range, dayRange: 'weekend' }) : null,
          average_speed_mps:
            entry && entry.speedCount > 0 ? entry.speedSumMps / entry.speedCount : null,
          speed85_mps: percentile85 === null ? null : percentile85 * KMH,
          speed95_mps: percentile95 === null ? null : percentile95 * KMH,
          pace_kmh_from_mps: pace?.metric?.fromMps ?? null,
          pace_mph_from_mps: pace?.imperial?.fromMps ?? null,
          speed_limit_mps: siteLimits.length > 0 ? limitOn(siteLimits, filter.end_date) : null,
          above_limit_percent:
            entry && entry.measuredAgainstLimit > 0
              ? (entry.aboveLimit / entry.measuredAgainstLimit) * 100
              : null,
          heavy_percent: classifiedTotal > 0 ? (heavyCount / classifiedTotal) * 100 : null,
          heavy_vehicles: heavyCount,
          last_vehicle_at: lastVehicles.get(site.id)?.toISOString() ?? null,
          today_vehicles: site.realtime
            ? dayVehicles(series, new LocalTimeConverter(site.timeZone).localDate(today.getTime()))
            : null,
          class_shares: classified
            .map(([classIndex, count]) => ({
              class_index: Number(classIndex),
              percent: (count / classifiedTotal) * 100,
            }))
            .sort((a, b) => a.class_index - b.class_index),
        };
      });
    },

    /**
     * The design figures of the viewer's sites that hold data, over each site's whole record
     * (the map's design layers): not the map's dates, as K, D and AADT are a year's figures.
     */
    async designFigures(viewer: Viewer) {
      const organisations = organisationScope(viewer, 'sites.read');
      const scope = scopedOrganisationId(organisations);
      if (!organisations.all && scope === null) return [];
      const figuresOf = deps.designFigures;
      if (!figuresOf) return [];
      const rows = (await repository.sites(scope)).filter(({ site }) => site.rollupsVersion > 0);
      return Promise.all(
        rows.map(async ({ site }) => {
          const key = `${site.id}:${site.rollupsVersion}`;
          let figures = designCache.get(key);
          if (!figures) {
            figures = designLimit(() => figuresOf(viewer, site));
            designCache.set(key, figures);
            figures.catch(() => designCache.delete(key));
          }
          return { id: site.id, ...(await figures) };
        }),
      );
    },

    /** A site's vehicles per local day in the range (the summary panel's small chart). */
    async siteVolumes(viewer: Viewer, siteId: string, filter: MapFilter) {
      checkFilter(filter);
      const site = await deps.access.site(viewer, 'sites.read', siteId);
      const [series] = (
        await cache.series([{ id: site.id, version: site.rollupsVersion }])
      ).values();
      if (!series) return [];
      const { firstDayNumber, lastDayNumber } = seriesRange(filter);
      const volumes: { day: string; vehicles: number }[] = [];
      series.dayNumbers.forEach((dayNumber, slot) => {
        if (dayNumber < firstDayNumber || dayNumber > lastDayNumber) return;
        const day = dayOfNumber(dayNumber);
        if (dayInRange(day, filter.day_range))
          volumes.push({ day, vehicles: series.vehicles[slot] as number });
      });
      return volumes;
    },

    /**
     * A site's free-flow speed (SPEC section 3): its daily rollups' free-flowing vehicles over
     * the range, which the organisation's headway threshold decides when they are rebuilt.
     */
    async siteFreeFlow(viewer: Viewer, siteId: string, filter: MapFilter) {
      checkFilter(filter);
      const site = await deps.access.site(viewer, 'sites.read', siteId);
      const [rows, thresholdS] = await Promise.all([
        repository.freeFlowHistograms(site.id, filter.start_date, filter.end_date),
        deps.headwayThresholdSeconds(site.ownerOrganisationId),
      ]);
      const histogram: number[] = [];
      for (const row of rows) {
        if (!dayInRange(row.day, filter.day_range)) continue;
        row.freeFlowHistogram.forEach((count, bin) => {
          histogram[bin] = (histogram[bin] ?? 0) + count;
        });
      }
      const percentile85 = histogramPercentile(histogram, 85);
      return {
        headway_threshold_s: thresholdS,
        vehicles: histogram.reduce((sum, count) => sum + (count ?? 0), 0),
        speed85_mps: percentile85 === null ? null : percentile85 * KMH,
      };
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
