import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, max } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import {
  organisations,
  siteDailyRollups,
  sites,
  speedLimits,
  trafficDataFiles,
} from '../../infra/db/schema.ts';
import { REALTIME_FILE_KIND } from '../siteData/index.ts';

/** What the map reads: sites with their organisation, daily rollups and speed limits. */
export function createMapRepository(db: Database) {
  /** The ids of the live sites in scope, as a subquery rather than thousands of parameters. */
  const scoped = (organisationId: string | null) =>
    db
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(
          isNull(sites.deletedAt),
          organisationId === null ? undefined : eq(sites.ownerOrganisationId, organisationId),
        ),
      );
  return {
    /** A site's free-flowing vehicles per 1 km/h bin, per rollup row of the local days given. */
    async freeFlowHistograms(siteId: string, firstDay: string, lastDay: string) {
      return db
        .select({
          day: siteDailyRollups.day,
          freeFlowHistogram: siteDailyRollups.freeFlowHistogram,
        })
        .from(siteDailyRollups)
        .where(
          and(
            eq(siteDailyRollups.siteId, siteId),
            gte(siteDailyRollups.day, firstDay),
            lte(siteDailyRollups.day, lastDay),
          ),
        );
    },

    /**
     * Live sites of one organisation, or of every organisation when `organisationId` is null:
     * the columns the map shows, since each column costs on thousands of rows.
     */
    async sites(organisationId: string | null) {
      return db
        .select({
          site: {
            id: sites.id,
            name: sites.name,
            siteType: sites.siteType,
            realtime: sites.realtime,
            coreSiteMeta: sites.coreSiteMeta,
            latitude: sites.latitude,
            longitude: sites.longitude,
            ownerOrganisationId: sites.ownerOrganisationId,
            classScheme: sites.classScheme,
            rollupsVersion: sites.rollupsVersion,
            timeZone: sites.timeZone,
          },
          organisationName: organisations.name,
        })
        .from(sites)
        .innerJoin(organisations, eq(organisations.id, sites.ownerOrganisationId))
        .where(
          and(
            isNull(sites.deletedAt),
            organisationId === null ? undefined : eq(sites.ownerOrganisationId, organisationId),
          ),
        )
        .orderBy(asc(sites.name));
    },

    /** Every live site with rollups and its series version, newest sites first. */
    async rolledUpSites() {
      return db
        .select({ id: sites.id, version: sites.rollupsVersion })
        .from(sites)
        .where(and(isNull(sites.deletedAt), gt(sites.rollupsVersion, 0)))
        .orderBy(desc(sites.createdOn));
    },

    /** The latest vehicle of each realtime site in scope (its realtime files' latest end). */
    async realtimeLastVehicles(organisationId: string | null) {
      return db
        .select({ siteId: trafficDataFiles.siteId, last: max(trafficDataFiles.endDataDatetime) })
        .from(trafficDataFiles)
        .where(
          and(
            eq(trafficDataFiles.kind, REALTIME_FILE_KIND),
            inArray(trafficDataFiles.siteId, scoped(organisationId)),
          ),
        )
        .groupBy(trafficDataFiles.siteId);
    },

    async speedLimitsInScope(organisationId: string | null) {
      return db
        .select()
        .from(speedLimits)
        .where(inArray(speedLimits.siteId, scoped(organisationId)))
        .orderBy(asc(speedLimits.effectiveFrom));
    },
  };
}

export type MapRepository = ReturnType<typeof createMapRepository>;
