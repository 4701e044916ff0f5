import {
  countSummary,
  type AadtFigure,
  type AadtMethod,
  type AadtVariant,
  type SummaryStatistics,
  forEachSelected,
  type CountFilter,
  type SiteDetailPart,
  type TimeExclusion,
  type VehicleColumns,
  type VehicleExclusion,
  type VehicleFilter,
} from '@roadcount/analytics';
import {
  DEFAULT_SPEED_MAX_MPS,
  DEFAULT_SPEED_MIN_MPS,
  findClassScheme,
  heavyClassIndexes,
  serverMessage,
} from '@roadcount/domain';
import { csvRow, LocalTimeConverter } from '@roadcount/formats';
import type { Access, SiteRow } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { SiteData } from '../siteData/index.ts';
import type { AnalysisPool, SiteDetailAsk } from './analysisPool.ts';
import { siteDetailPrice, type SiteDetailRequest } from './siteDetailBudget.ts';

/** SPEC section 3: the filter request payload, speeds in m/s and headway in s. */
export interface FilterPayload {
  start_time?: string | null;
  end_time?: string | null;
  velocity_min?: number | null;
  velocity_max?: number | null;
  active_classes?: number[] | null;
  headway_min?: number | null;
  active_directions?: number[] | null;
  active_lane_heading_1?: number[] | null;
  active_lane_heading_3?: number[] | null;
  active_lane_heading_5?: number[] | null;
  active_lane_heading_7?: number[] | null;
  /** Ids of saved vehicle exclusion filters of the site's organisation to apply. */
  vehicle_exclusions?: string[] | null;
  /** Local days (Monday 0 to Sunday 6) and times (HH:MM) whose vehicles are left out. */
  time_exclusions?: { days: number[]; from: string; to: string }[] | null;
}

const AGGREGATIONS = [5, 10, 15, 20, 30, 60, 1440, 10080];

const CSV_HEADER =
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';
const LETTERS: Record<number, string> = {
  1: 'N',
  2: 'NE',
  3: 'E',
  4: 'SE',
  5: 'S',
  6: 'SW',
  7: 'W',
  8: 'NW',
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const figure = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '';
const integer = (value: number) => (value >= 0 ? String(value) : '');

/** ISO 8601 local time with its UTC offset, e.g. 2025-06-01T08:15:02.125+01:00. */
function localIso(utcMs: number, offsetMs: number): string {
  const local = new Date(utcMs + offsetMs);
  const minutes = Math.round(offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${local.toISOString().slice(0, 23)}${offset}`;
}

function csvLine(
  batch: VehicleColumns,
  index: number,
  offsetMs: number,
  siteColumns: string,
): string {
  return `${localIso(batch.timeMs[index] as number, offsetMs)},${integer(batch.lane[index] as number)},${LETTERS[batch.direction[index] as number] ?? ''},${integer(batch.classIndex[index] as number)},${figure((batch.speedMps[index] as number) * 3.6, 1)},${figure(batch.lengthM[index] as number, 2)},${figure(batch.headwayS[index] as number, 2)},${figure(batch.gapS[index] as number, 2)},${integer(batch.axles[index] as number)},${figure(batch.wheelbaseM[index] as number, 2)},${figure(batch.rho[index] as number, 2)},${siteColumns}\n`;
}

/** The SPEC filter payload as the kernel's filter, with SPEC section 9 defaults. */
function vehicleFilter(
  payload: FilterPayload,
  scheme: ReturnType<typeof findClassScheme>,
  exclusions: { vehicle: VehicleExclusion[]; time: TimeExclusion[] },
): VehicleFilter {
  const lanesByDirection: Record<number, number[]> = {};
  for (const direction of [1, 3, 5, 7] as const) {
    const lanes = payload[`active_lane_heading_${direction}`];
    if (lanes && lanes.length > 0) lanesByDirection[direction] = lanes;
  }
  const filter: VehicleFilter = {
    ...payloadWindow(payload),
    speedMinMps: payload.velocity_min ?? DEFAULT_SPEED_MIN_MPS,
    speedMaxMps: payload.velocity_max ?? DEFAULT_SPEED_MAX_MPS,
    // No class chosen: every class of the scheme, unclassified too, so that the total with the
    // filters wide open is every vehicle the files saved.
    classes:
      payload.active_classes ?? scheme.classes.map((vehicleClass) => vehicleClass.class_index),
    minHeadwayS: payload.headway_min ?? 0,
    directions: payload.active_directions ?? EVERY_DIRECTION,
    lanesByDirection,
    vehicleExclusions: exclusions.vehicle,
    timeExclusions: exclusions.time,
  };
  if (filter.startMs > filter.endMs) throw new HttpError(400, serverMessage('startAfterEnd'));
  return filter;
}
const EVERY_DIRECTION = [0, 1, 2, 3, 4, 5, 6, 7, 8];

function instant(text: string | null | undefined, name: string, fallback: number): number {
  if (!text) return fallback;
  const value = Date.parse(text);
  if (Number.isNaN(value)) throw new HttpError(400, `${name} '${text}' is not a date and time`);
  return value;
}

/** The payload's time window, from the beginning to the end of time where it names none. */
function payloadWindow(payload: FilterPayload): { startMs: number; endMs: number } {
  return {
    startMs: instant(payload.start_time, 'start_time', 0),
    endMs: instant(payload.end_time, 'end_time', Date.UTC(9999, 0, 1)),
  };
}

/** SPEC section 3 payload as the count filter: the time window, directions and lanes. */
function countFilter(payload: FilterPayload): CountFilter {
  const lanesByDirection: Record<number, number[]> = {};
  for (const direction of [1, 3, 5, 7] as const) {
    const lanes = payload[`active_lane_heading_${direction}`];
    if (lanes && lanes.length > 0) lanesByDirection[direction] = lanes;
  }
  return {
    ...payloadWindow(payload),
    directions: payload.active_directions ?? EVERY_DIRECTION,
    lanesByDirection,
  };
}

/** A site-detail question: the site, the filter, the bin width and the parts wanted (all when absent). */
export interface SiteDetailQuery {
  siteId: string;
  payload: FilterPayload;
  aggregationMinutes: number;
  parts?: SiteDetailPart[];
  /**
   * The request this field belongs to: priced against its budget before the scan, the site's
   * facts read once for all its fields. None for tasks.
   */
  request?: SiteDetailRequest;
}

/** What the analysis reads besides the site's stored data: given by the app, not imported. */
export interface AnalysisDeps {
  siteData: SiteData;
  pool: AnalysisPool;
  access: Access;
  /** The site's speed limits, oldest first. */
  speedLimits: (siteId: string) => Promise<{ effective_from: string; limit_mps: number }[]>;
  /** The organisation's saved vehicle exclusion filters named by `ids`, and the time rules. */
  exclusions: {
    vehicleExclusions: (organisationId: string, ids: unknown) => Promise<VehicleExclusion[]>;
    /** The site's excluded bad-data periods, left out of every figure (issue 25). */
    excludedPeriods: (siteId: string) => Promise<VehicleExclusion[]>;
    timeExclusions: (input: unknown) => TimeExclusion[];
  };
  /** The site's AADT by the one decision (`siteAadt`), over its whole record. */
  siteAadt: (site: { id: string; siteType: string }) => Promise<AadtFigure>;
}

/**
 * The summary with the site's AADT in place of an AASHTO figure of the filtered days: AADT is an
 * annual figure of the site, the same on every surface whatever the filters (issue 36). Its
 * method, variant and scope are null only in an answer that did not ask for the summary.
 */
export type SiteSummary = SummaryStatistics & {
  aadtMethod: AadtMethod | null;
  aadtVariant: AadtVariant | null;
  aadtScope: AadtFigure['scope'] | null;
};

function withSiteAadt(summary: SummaryStatistics, aadt: AadtFigure | null): SiteSummary {
  if (!aadt) return { ...summary, aadtMethod: null, aadtVariant: null, aadtScope: null };
  return {
    ...summary,
    aadt: aadt.value,
    aadtIsEstimate: aadt.estimate,
    aadtMonthsMissingWeekdays: aadt.monthsMissingWeekdays,
    aadtMethod: aadt.method,
    aadtVariant: aadt.variant,
    aadtScope: aadt.scope,
  };
}

/** Reads `read` at most once under `key` (within one request), or every time (without one). */
type Once = <T>(key: string, read: () => Promise<T>) => Promise<T>;

export function createAnalysisService(deps: AnalysisDeps) {
  /** The live site, if the viewer may read it: 404 for none, 403 for another organisation's. */
  const readableSite = (viewer: Viewer, siteId: string) =>
    deps.access.site(viewer, 'sites.read', siteId);

  /**
   * The payload as the kernel's filter, its saved exclusions read from the site's organisation
   * and the site's excluded bad-data periods added, whatever the payload names.
   */
  async function siteFilter(
    site: { id: string; ownerOrganisationId: string; classScheme: string | null },
    payload: FilterPayload,
    once: Once = (_key, read) => read(),
  ) {
    const vehicle = [
      ...(await deps.exclusions.vehicleExclusions(
        site.ownerOrganisationId,
        payload.vehicle_exclusions,
      )),
      ...(await once(`excluded:${site.id}`, () => deps.exclusions.excludedPeriods(site.id))),
    ];
    const time = deps.exclusions.timeExclusions(payload.time_exclusions);
    return vehicleFilter(payload, findClassScheme(site.classScheme), { vehicle, time });
  }

  /** What the analysis threads are asked for a site's figures, once the viewer may read it. */
  async function siteDetailAsk(viewer: Viewer, query: SiteDetailQuery) {
    const { siteId, payload, aggregationMinutes, parts, request } = query;
    // Aliased fields of one request ask for the same site: its facts are read once.
    const once: Once = request ? (key, read) => request.once(key, read) : (_key, read) => read();
    const site = await once(`site:${siteId}`, () => readableSite(viewer, siteId));
    if (!AGGREGATIONS.includes(aggregationMinutes)) {
      throw new HttpError(400, `aggregation_minutes must be one of ${AGGREGATIONS.join(', ')}`);
    }
    if (request) {
      const spans = await once(`spans:${site.id}`, () => deps.siteData.vehicleSpans(site.id));
      request.spend(siteDetailPrice(spans, payloadWindow(payload), aggregationMinutes));
    }
    const scheme = findClassScheme(site.classScheme);
    const filter = await siteFilter(site, payload, once);
    const local = new LocalTimeConverter(site.timeZone);
    // Each limit applies from local midnight of its date, in the site's time zone.
    const limits = await once(`limits:${site.id}`, () => deps.speedLimits(site.id));
    const speedLimits = limits.map((limit) => {
      const [year = 1970, month = 1, day = 1] = limit.effective_from.split('-').map(Number);
      return {
        effectiveFromMs: local.toUtcMs(year, month, day, 0, 0, 0, 0),
        limitMps: limit.limit_mps,
      };
    });
    const ask: SiteDetailAsk = {
      siteId: site.id,
      columns: await once(`files:${site.id}`, () => deps.siteData.vehicleFiles(site.id)),
      timeZone: site.timeZone,
      filter,
      binMinutes: aggregationMinutes,
      speedLimits,
      heavyClasses: [...heavyClassIndexes(scheme)],
      units: 'metric',
      ...(parts ? { parts } : {}),
    };
    return { site, scheme, ask };
  }

  /** A site's figures from the analysis threads, with the site's facts and the units. */
  async function withSiteFacts<T extends { summary: SummaryStatistics }>(
    viewer: Viewer,
    query: SiteDetailQuery,
    answer: (ask: SiteDetailAsk) => Promise<T>,
    signal: AbortSignal | undefined,
  ) {
    const { site, scheme, ask } = await siteDetailAsk(viewer, query);
    // The client left while the site was read: nothing is asked of the analysis threads.
    signal?.throwIfAborted();
    const wantsSummary = !query.parts || query.parts.includes('summary');
    const [figures, aadt] = await Promise.all([
      answer(ask),
      wantsSummary ? deps.siteAadt(site) : null,
    ]);
    return {
      ...siteFacts(site, scheme),
      ...figures,
      summary: withSiteAadt(figures.summary, aadt),
    };
  }

  /** Pedestrian and bike volumes from the site's interval counts, per time bin. */
  async function countSummaryOf(
    viewer: Viewer,
    siteId: string,
    payload: FilterPayload,
    aggregationMinutes: number,
  ) {
    const site = await readableSite(viewer, siteId);
    if (!AGGREGATIONS.includes(aggregationMinutes)) {
      throw new HttpError(400, `aggregation_minutes must be one of ${AGGREGATIONS.join(', ')}`);
    }
    const filter = {
      ...countFilter(payload),
      excludedWindows: await deps.siteData.excludedWindows(site.id),
    };
    if (filter.startMs > filter.endMs) throw new HttpError(400, serverMessage('startAfterEnd'));
    const files = await deps.siteData.intervalCounts(site.id);
    const local = new LocalTimeConverter(site.timeZone);
    return {
      site_id: site.id,
      units: { count: 'people or bicycles', time: 'site local time' },
      ...countSummary(
        files,
        filter,
        { offsetAt: (utcMs) => local.offsetAt(utcMs) },
        aggregationMinutes,
      ),
    };
  }

  /** The site's own facts and the units every figure of its answer is in. */
  function siteFacts(site: SiteRow, scheme: { id: string }) {
    return {
      site_id: site.id,
      site_name: site.name,
      site_type: site.siteType,
      latitude: site.latitude,
      longitude: site.longitude,
      time_zone: site.timeZone,
      class_scheme: scheme.id,
      units: { speed: 'm/s', headway: 's', gap: 's', volume: 'vehicles' },
    };
  }

  return {
    /**
     * The site's time zone and the span of its data (the earliest start and latest end of the
     * files that joined it): what the page's relative time ranges count back from.
     */
    async siteTimeRange(viewer: Viewer, siteId: string) {
      const site = await readableSite(viewer, siteId);
      const range = await deps.siteData.dataTimeRange(site.id);
      const iso = (value: Date | string | null | undefined) =>
        value ? new Date(value).toISOString() : null;
      return {
        site_id: site.id,
        time_zone: site.timeZone,
        available_start: iso(range?.start),
        available_end: iso(range?.end),
        data_kinds: await deps.siteData.dataKinds(site.id),
      };
    },

    /**
     * The site's volume on each local day of its whole history, and the days between its first
     * and last that have none: what the availability calendar shows.
     */
    async siteAvailability(viewer: Viewer, siteId: string) {
      const site = await readableSite(viewer, siteId);
      const days = (await deps.siteData.dailyVolumes(site.id)).filter((day) => day.volume > 0);
      const first = days[0]?.day ?? null;
      const last = days.at(-1)?.day ?? null;
      const missing: string[] = [];
      if (first && last) {
        const present = new Set(days.map((day) => day.day));
        for (
          let time = Date.parse(`${first}T00:00:00Z`);
          time <= Date.parse(`${last}T00:00:00Z`);
          time += 86_400_000
        ) {
          const day = new Date(time).toISOString().slice(0, 10);
          if (!present.has(day)) missing.push(day);
        }
      }
      return {
        site_id: site.id,
        first_day: first,
        last_day: last,
        days: days.map((day) => ({ day: day.day, volume: day.volume })),
        missing_days: missing,
      };
    },

    /**
     * The vehicles that pass the filter as Roadcount CSV lines (docs/formats.md), local times
     * with their offset, speeds in km/h: what the site-detail download saves.
     */
    async *vehiclesCsv(viewer: Viewer, siteId: string, payload: FilterPayload) {
      const site = await readableSite(viewer, siteId);
      const filter = await siteFilter(site, payload);
      const local = new LocalTimeConverter(site.timeZone);
      const clock = { offsetAt: (utcMs: number) => local.offsetAt(utcMs) };
      const siteFields = csvRow([site.id, site.name, site.latitude, site.longitude]);
      yield `${CSV_HEADER}\n`;
      // One batch at a time: a long export never holds every line at once.
      for await (const batch of deps.siteData.vehicleBatches(site.id)) {
        const lines: string[] = [];
        forEachSelected([batch], filter, clock, (_batch, index) => {
          lines.push(
            csvLine(batch, index, local.offsetAt(batch.timeMs[index] as number), siteFields),
          );
        });
        for (let start = 0; start < lines.length; start += 10_000)
          yield lines.slice(start, start + 10_000).join('');
      }
    },

    /** Pedestrian and bike volumes from the site's interval counts, per time bin. */
    countSummary: countSummaryOf,

    /**
     * A report's figures for a site: the site-detail answer, with the count summary the
     * count-site page shows (`countSummary` above, same filter and bins) when the site has
     * interval counts (bike, pedestrian or vehicle counts per interval), else null.
     */
    async reportFigures(viewer: Viewer, query: SiteDetailQuery) {
      const detail = await withSiteFacts(
        viewer,
        query,
        (ask) => deps.pool.siteDetail(ask, undefined),
        undefined,
      );
      const counts = (await deps.siteData.dataKinds(detail.site_id)).includes('intervals')
        ? await countSummaryOf(viewer, query.siteId, query.payload, query.aggregationMinutes)
        : null;
      return { ...detail, counts };
    },

    /**
     * Everything the site-detail page shows, in one answer. When `signal` aborts (the client
     * went away), the work stops and the promise rejects with its reason.
     */
    siteDetail: (viewer: Viewer, query: SiteDetailQuery, signal?: AbortSignal) =>
      withSiteFacts(viewer, query, (ask) => deps.pool.siteDetail(ask, signal), signal),

    /** The same, with the time bins as JSON text for an answer that sends them on as they are. */
    siteDetailWithJsonBins: (viewer: Viewer, query: SiteDetailQuery, signal?: AbortSignal) =>
      withSiteFacts(viewer, query, (ask) => deps.pool.siteDetailWithJsonBins(ask, signal), signal),
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
