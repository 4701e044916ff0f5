import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import {
  badDataPeriods,
  trafficDataFiles,
  vehicleExclusionFilters,
} from '../../infra/db/schema.ts';
import { JOINED_STATUSES } from '../siteData/index.ts';

/** What an explanation reads besides the figures: the site's files, periods and filter names. */
export function createFigureExplanationRepository(db: Database) {
  return {
    /** The files whose data belongs to the site, oldest data first. */
    async joinedFiles(siteId: string) {
      const rows = await db
        .select({
          id: trafficDataFiles.id,
          name: trafficDataFiles.fileName,
          logs: trafficDataFiles.logs,
          start: trafficDataFiles.startDataDatetime,
          end: trafficDataFiles.endDataDatetime,
          vehicles: trafficDataFiles.savedVehicles,
        })
        .from(trafficDataFiles)
        .where(
          and(
            eq(trafficDataFiles.siteId, siteId),
            inArray(trafficDataFiles.reviewStatus, [...JOINED_STATUSES]),
          ),
        )
        .orderBy(asc(trafficDataFiles.startDataDatetime), asc(trafficDataFiles.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.logs.data_kind === 'intervals' ? 'intervals' : 'vehicles',
        startMs: row.start?.getTime() ?? null,
        endMs: row.end?.getTime() ?? null,
        vehicles: row.vehicles === null ? null : Number(row.vehicles),
      }));
    },

    /** The site's excluded bad-data periods (left out of every figure), in time order. */
    excludedPeriods(siteId: string) {
      return db
        .select({
          rule: badDataPeriods.rule,
          start: badDataPeriods.startTime,
          end: badDataPeriods.endTime,
          direction: badDataPeriods.direction,
          lane: badDataPeriods.lane,
        })
        .from(badDataPeriods)
        .where(and(eq(badDataPeriods.siteId, siteId), eq(badDataPeriods.state, 'excluded')))
        .orderBy(asc(badDataPeriods.startTime));
    },

    /** The names of the organisation's saved exclusion filters among `ids` (others ignored). */
    async exclusionNames(organisationId: string, ids: readonly string[]) {
      const wanted = ids.filter(isUuid);
      if (wanted.length === 0) return [];
      return db
        .select({ id: vehicleExclusionFilters.id, name: vehicleExclusionFilters.name })
        .from(vehicleExclusionFilters)
        .where(
          and(
            eq(vehicleExclusionFilters.organisationId, organisationId),
            inArray(vehicleExclusionFilters.id, wanted),
          ),
        )
        .orderBy(asc(vehicleExclusionFilters.name));
    },
  };
}

export type FigureExplanationRepository = ReturnType<typeof createFigureExplanationRepository>;
