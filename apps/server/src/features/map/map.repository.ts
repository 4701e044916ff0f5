import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { organisations, siteDailyRollups, sites, speedLimits } from '../../infra/db/schema.ts';

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
    /** Live sites of one organisation, or of every organisation when `organisationId` is null. */
    async sites(organisationId: string | null) {
      return db
        .select({ site: sites, organisationName: organisations.name })
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

    /**
     * Each site's last day with data and the years it has data in, in one grouped pass over the
     * rollups. Kept apart from the sites query: joined there, the embedded database (which never
     * refreshes its statistics) chose a nested loop that took seconds with thousands of sites.
     */
    async dataSpans(organisationId: string | null) {
      return db
        .select({
          siteId: siteDailyRollups.siteId,
          lastDay: sql<string>`max(${siteDailyRollups.day})`,
          years: sql<string[]>`array_agg(distinct substr(${siteDailyRollups.day}, 1, 4))`,
        })
        .from(siteDailyRollups)
        .where(inArray(siteDailyRollups.siteId, scoped(organisationId)))
        .groupBy(siteDailyRollups.siteId);
    },

    /**
     * Daily rollups of the live sites in scope between two local dates, both included. The
     * histograms come as text and are split here: the drivers' array parsers took most of the
     * time with thousands of sites.
     */
    async rollupsInScope(organisationId: string | null, firstDay: string, lastDay: string) {
      const rows = await db
        .select({
          siteId: siteDailyRollups.siteId,
          day: siteDailyRollups.day,
          vehicles: siteDailyRollups.vehicles,
          speedSumMps: siteDailyRollups.speedSumMps,
          speedCount: siteDailyRollups.speedCount,
          histogramText: sql<string>`${siteDailyRollups.speedHistogram}::text`,
          classCounts: siteDailyRollups.classCounts,
        })
        .from(siteDailyRollups)
        .where(
          and(
            inArray(siteDailyRollups.siteId, scoped(organisationId)),
            gte(siteDailyRollups.day, firstDay),
            lte(siteDailyRollups.day, lastDay),
          ),
        );
      return rows.map(({ histogramText, ...row }) => ({
        ...row,
        speedHistogram:
          histogramText === '{}' ? [] : histogramText.slice(1, -1).split(',').map(Number),
      }));
    },

    async speedLimitsInScope(organisationId: string | null) {
      return db
        .select()
        .from(speedLimits)
        .where(inArray(speedLimits.siteId, scoped(organisationId)))
        .orderBy(asc(speedLimits.effectiveFrom));
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
  };
}

export type MapRepository = ReturnType<typeof createMapRepository>;
