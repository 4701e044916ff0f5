import {
  columnsFromArrow,
  siteDetail,
  type VehicleColumns,
  type VehicleFilter,
} from '@roadcount/analytics';
import { findClassScheme, heavyClassIndexes, selectableClasses } from '@roadcount/domain';
import { LocalTimeConverter } from '@roadcount/formats';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import { sites, trafficDataFiles } from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import { JOINED_STATUSES } from '../ingest/refreshRollups.task.ts';
import { columnsKey } from '../ingest/processFile.task.ts';
import type { ColumnCache } from './columnCache.ts';
import { readSpeedLimits } from '../sites/speedLimits.graphql.ts';
import { isUuid } from '../../infra/db/ids.ts';

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
}

const AGGREGATIONS = [5, 10, 15, 20, 30, 60, 1440, 10080];
const EVERY_DIRECTION = [0, 1, 2, 3, 4, 5, 6, 7, 8];

function instant(text: string | null | undefined, name: string, fallback: number): number {
  if (!text) return fallback;
  const value = Date.parse(text);
  if (Number.isNaN(value)) throw new HttpError(400, `${name} '${text}' is not a date and time`);
  return value;
}

export function createAnalysisService(deps: {
  db: Database;
  blobs: BlobStore;
  cache: ColumnCache;
}) {
  /** The site's vehicles: every file that joined it (passed or accepted), cached by that set. */
  async function siteColumns(siteId: string): Promise<VehicleColumns[]> {
    const files = await deps.db
      .select({ id: trafficDataFiles.id, logs: trafficDataFiles.logs })
      .from(trafficDataFiles)
      .where(
        and(
          eq(trafficDataFiles.siteId, siteId),
          inArray(trafficDataFiles.reviewStatus, JOINED_STATUSES),
        ),
      )
      .orderBy(asc(trafficDataFiles.id));
    const vehicleFiles = files.filter((file) => file.logs.data_kind !== 'intervals');
    return deps.cache.get(siteId, vehicleFiles.map((file) => file.id).join(','), async () => {
      const batches: VehicleColumns[] = [];
      for (const file of vehicleFiles)
        batches.push(columnsFromArrow(await deps.blobs.getBytes(columnsKey(file.id))));
      return batches;
    });
  }

  return {
    async siteDetail(
      viewer: Viewer,
      siteId: string,
      payload: FilterPayload,
      aggregationMinutes: number,
    ) {
      const [site] = isUuid(siteId)
        ? await deps.db.select().from(sites).where(eq(sites.id, siteId))
        : [];
      if (!site || site.deletedAt) {
        authorize(viewer, 'sites.read');
        throw new HttpError(404, "We couldn't find that site. It may have been deleted");
      }
      authorize(viewer, 'sites.read', { organisationId: site.ownerOrganisationId });
      if (!AGGREGATIONS.includes(aggregationMinutes)) {
        throw new HttpError(400, `aggregation_minutes must be one of ${AGGREGATIONS.join(', ')}`);
      }
      const scheme = findClassScheme(site.classScheme);
      const lanesByDirection: Record<number, number[]> = {};
      for (const direction of [1, 3, 5, 7] as const) {
        const lanes = payload[`active_lane_heading_${direction}`];
        if (lanes && lanes.length > 0) lanesByDirection[direction] = lanes;
      }
      const filter: VehicleFilter = {
        startMs: instant(payload.start_time, 'start_time', 0),
        endMs: instant(payload.end_time, 'end_time', Date.UTC(9999, 0, 1)),
        speedMinMps: payload.velocity_min ?? 1 / 3.6,
        speedMaxMps: payload.velocity_max ?? 50,
        classes:
          payload.active_classes ??
          selectableClasses(scheme).map((vehicleClass) => vehicleClass.class_index),
        minHeadwayS: payload.headway_min ?? 0,
        directions: payload.active_directions ?? EVERY_DIRECTION,
        lanesByDirection,
      };
      if (filter.startMs > filter.endMs)
        throw new HttpError(400, 'The start date must not be later than the end date.');
      const local = new LocalTimeConverter(site.timeZone);
      // Each limit applies from local midnight of its date, in the site's time zone.
      const speedLimits = (await readSpeedLimits(deps.db, site.id)).map((limit) => {
        const [year = 1970, month = 1, day = 1] = limit.effective_from.split('-').map(Number);
        return {
          effectiveFromMs: local.toUtcMs(year, month, day, 0, 0, 0, 0),
          limitMps: limit.limit_mps,
        };
      });
      const detail = siteDetail(
        await siteColumns(site.id),
        filter,
        { offsetAt: (utcMs) => local.offsetAt(utcMs) },
        {
          binMinutes: aggregationMinutes,
          speedLimits,
          heavyClasses: heavyClassIndexes(scheme),
          units: 'metric',
        },
      );
      return {
        site_id: site.id,
        site_name: site.name,
        site_type: site.siteType,
        latitude: site.latitude,
        longitude: site.longitude,
        time_zone: site.timeZone,
        class_scheme: scheme.id,
        units: { speed: 'm/s', headway: 's', gap: 's', volume: 'vehicles' },
        ...detail,
      };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
