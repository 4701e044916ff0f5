import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { organisations, siteDailyRollups, sites, speedLimits } from '../../infra/db/schema.ts';

/** What the map reads: sites with their organisation, daily rollups and speed limits. */
export function createMapRepository(db: Database) {
  return {
    /** Live sites of one organisation, or of every organisation when `organisationId` is null. */
    async sites(organisationId: string | null) {
      return db
        .select({
          site: sites,
          organisationName: organisations.name,
          firstDay: sql<
            string | null
          >`(select min(${siteDailyRollups.day}) from ${siteDailyRollups} where ${siteDailyRollups.siteId} = ${sites.id})`,
          lastDay: sql<
            string | null
          >`(select max(${siteDailyRollups.day}) from ${siteDailyRollups} where ${siteDailyRollups.siteId} = ${sites.id})`,
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

    async findSite(siteId: string) {
      const [site] = await db
        .select()
        .from(sites)
        .where(and(eq(sites.id, siteId), isNull(sites.deletedAt)));
      return site;
    },

    /** Daily rollups of the given sites between two local dates, both included. */
    async rollups(siteIds: string[], firstDay: string, lastDay: string) {
      if (siteIds.length === 0) return [];
      return db
        .select()
        .from(siteDailyRollups)
        .where(
          and(
            inArray(siteDailyRollups.siteId, siteIds),
            gte(siteDailyRollups.day, firstDay),
            lte(siteDailyRollups.day, lastDay),
          ),
        );
    },

    /** The years each site has data in. */
    async surveyYears(siteIds: string[]) {
      if (siteIds.length === 0) return [];
      return db
        .selectDistinct({
          siteId: siteDailyRollups.siteId,
          year: sql<string>`substr(${siteDailyRollups.day}, 1, 4)`,
        })
        .from(siteDailyRollups)
        .where(inArray(siteDailyRollups.siteId, siteIds));
    },

    async speedLimits(siteIds: string[]) {
      if (siteIds.length === 0) return [];
      return db
        .select()
        .from(speedLimits)
        .where(inArray(speedLimits.siteId, siteIds))
        .orderBy(asc(speedLimits.effectiveFrom));
    },
  };
}

export type MapRepository = ReturnType<typeof createMapRepository>;
