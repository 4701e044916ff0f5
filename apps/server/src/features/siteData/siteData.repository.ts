import type { DayCoverage, ExcludedWindow } from '@roadcount/analytics';
import { and, asc, eq, gte, inArray, isNull, lt, max, min, or, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { headwayThresholdSeconds } from '@roadcount/domain';
import {
  badDataPeriods,
  notes,
  organisations,
  siteDailyRollups,
  sites,
  trafficDataFiles,
} from '../../infra/db/schema.ts';
import { JOINED_STATUSES, REALTIME_FILE_KIND } from './storedForms.ts';

export type DailyRollupRow = typeof siteDailyRollups.$inferInsert;

/** The database side of a site's stored data: which files joined it, and its daily rollups. */
export function createSiteDataRepository(db: Database) {
  const joined = (siteId: string) =>
    and(
      eq(trafficDataFiles.siteId, siteId),
      inArray(trafficDataFiles.reviewStatus, [...JOINED_STATUSES]),
    );

  return {
    /** The files whose data belongs to the site, in a stable order. */
    joinedFiles(siteId: string) {
      return db
        .select({
          id: trafficDataFiles.id,
          fileName: trafficDataFiles.fileName,
          logs: trafficDataFiles.logs,
        })
        .from(trafficDataFiles)
        .where(joined(siteId))
        .orderBy(asc(trafficDataFiles.id));
    },

    /**
     * The span and vehicles of each vehicle file that joined the site, as its processing noted
     * them: what a scan of a window will read, known before it reads anything.
     */
    joinedVehicleSpans(siteId: string) {
      return db
        .select({
          start: trafficDataFiles.startDataDatetime,
          end: trafficDataFiles.endDataDatetime,
          vehicles: trafficDataFiles.savedVehicles,
        })
        .from(trafficDataFiles)
        .where(
          and(
            joined(siteId),
            sql`${trafficDataFiles.logs}->>'data_kind' is distinct from 'intervals'`,
          ),
        );
    },

    /** The earliest start and latest end of the data of the files that joined the site. */
    async dataTimeRange(siteId: string) {
      const [range] = await db
        .select({
          start: min(trafficDataFiles.startDataDatetime),
          end: max(trafficDataFiles.endDataDatetime),
        })
        .from(trafficDataFiles)
        .where(joined(siteId));
      return range;
    },

    /**
     * The site's excluded bad-data periods as time windows, whose vehicles count nowhere: of
     * the period's direction or lane only when it was found on one.
     */
    async excludedWindows(siteId: string): Promise<ExcludedWindow[]> {
      const rows = await db
        .select({
          start: badDataPeriods.startTime,
          end: badDataPeriods.endTime,
          direction: badDataPeriods.direction,
          lane: badDataPeriods.lane,
        })
        .from(badDataPeriods)
        .where(and(eq(badDataPeriods.siteId, siteId), eq(badDataPeriods.state, 'excluded')))
        .orderBy(asc(badDataPeriods.startTime));
      return rows.map((row) => ({
        startMs: row.start.getTime(),
        endMs: row.end.getTime(),
        direction: row.direction,
        lane: row.lane,
      }));
    },

    /** Every file of the site whatever its status, with its raw upload's key. */
    allFiles(siteId: string) {
      return db
        .select({ id: trafficDataFiles.id, s3Key: trafficDataFiles.s3Key })
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.siteId, siteId));
    },

    /** What a rollup rebuild needs of the site: its name, time zone and series version. */
    async organisationSiteIds(organisationId: string): Promise<string[]> {
      const rows = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.ownerOrganisationId, organisationId), isNull(sites.deletedAt)))
        .orderBy(asc(sites.name));
      return rows.map((row) => row.id);
    },

    /** The organisation's headway threshold for free flow (SPEC section 3), in seconds. */
    async headwayThresholdSeconds(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ preferences: organisations.preferences })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return headwayThresholdSeconds(row?.preferences ?? {});
    },

    async site(siteId: string) {
      const [site] = await db
        .select({
          id: sites.id,
          name: sites.name,
          timeZone: sites.timeZone,
          rollupsVersion: sites.rollupsVersion,
          organisationId: sites.ownerOrganisationId,
        })
        .from(sites)
        .where(eq(sites.id, siteId));
      return site;
    },

    /**
     * The joined files whose data may fall in [from, to) (by their first and last record; a
     * file not yet dated counts), in a stable order.
     */
    joinedFilesBetween(siteId: string, from: Date, to: Date) {
      return db
        .select({
          id: trafficDataFiles.id,
          fileName: trafficDataFiles.fileName,
          logs: trafficDataFiles.logs,
        })
        .from(trafficDataFiles)
        .where(
          and(
            joined(siteId),
            or(
              isNull(trafficDataFiles.startDataDatetime),
              lt(trafficDataFiles.startDataDatetime, to),
            ),
            or(
              isNull(trafficDataFiles.endDataDatetime),
              gte(trafficDataFiles.endDataDatetime, from),
            ),
          ),
        )
        .orderBy(asc(trafficDataFiles.id));
    },

    /**
     * Replaces the site's daily rollups as a whole, or with `days` only those of these local
     * days; answers the new series version.
     */
    async replaceRollups(siteId: string, rows: DailyRollupRow[], days?: string[]): Promise<number> {
      return db.transaction(async (tx) => {
        await tx
          .delete(siteDailyRollups)
          .where(
            and(
              eq(siteDailyRollups.siteId, siteId),
              days ? inArray(siteDailyRollups.day, days) : undefined,
            ),
          );
        for (let start = 0; start < rows.length; start += 1000) {
          await tx.insert(siteDailyRollups).values(rows.slice(start, start + 1000));
        }
        const [bumped] = await tx
          .update(sites)
          .set({ rollupsVersion: sql`${sites.rollupsVersion} + 1` })
          .where(eq(sites.id, siteId))
          .returning({ version: sites.rollupsVersion });
        return bumped?.version ?? 0;
      });
    },

    /** The realtime file holding the site's vehicles of one UTC day, if any yet. */
    async realtimeDayFile(siteId: string, fileName: string) {
      const [row] = await db
        .select({ id: trafficDataFiles.id, logs: trafficDataFiles.logs })
        .from(trafficDataFiles)
        .where(
          and(
            eq(trafficDataFiles.siteId, siteId),
            eq(trafficDataFiles.kind, REALTIME_FILE_KIND),
            eq(trafficDataFiles.fileName, fileName),
          ),
        );
      return row;
    },

    /** A site's realtime day files, by name (`realtime YYYY-MM-DD`). */
    realtimeDayFiles(siteId: string) {
      return db
        .select({
          id: trafficDataFiles.id,
          fileName: trafficDataFiles.fileName,
          logs: trafficDataFiles.logs,
        })
        .from(trafficDataFiles)
        .where(
          and(eq(trafficDataFiles.siteId, siteId), eq(trafficDataFiles.kind, REALTIME_FILE_KIND)),
        );
    },

    /**
     * Removes a realtime day file's row once its vehicles were combined into another's: its
     * notes with it (the file is gone; its vehicles live on in the other).
     */
    async deleteRealtimeFile(id: string) {
      await db.transaction(async (tx) => {
        await tx
          .delete(notes)
          .where(and(eq(notes.subject, 'traffic_data_file'), eq(notes.subjectId, id)));
        await tx
          .delete(trafficDataFiles)
          .where(and(eq(trafficDataFiles.id, id), eq(trafficDataFiles.kind, REALTIME_FILE_KIND)));
      });
    },

    /**
     * Registers a realtime day file, not yet joined to its site: it joins once its stored forms
     * are written (`updateRealtimeFile`), so that no reader meets a file without its columns.
     */
    async insertRealtimeFile(values: {
      id: string;
      organisationId: string;
      siteId: string;
      fileName: string;
      s3Key: string;
    }) {
      // Another process may register the same day at the same moment: the first one stands.
      await db
        .insert(trafficDataFiles)
        .values({
          ...values,
          kind: REALTIME_FILE_KIND,
          sha256: '',
          sizeBytes: 0,
          reviewStatus: null,
          logs: { data_kind: 'vehicles' },
        })
        .onConflictDoNothing();
    },

    /**
     * Records what a realtime day file now holds, its vehicles as they count on `siteId`; it
     * counts on its site from now (realtime data is not reviewed). `logs` are merged into the
     * file's own, so that what another process set there stays without being read first: a
     * merge's direction map stays when the merge moved the file to another site meanwhile (its
     * vehicles are its old site's), and goes when the file is `siteId`'s (a merge moved it
     * there, and the vehicles now written count as they are).
     */
    async updateRealtimeFile(
      id: string,
      values: {
        siteId: string;
        start: Date | null;
        end: Date | null;
        logs: Record<string, unknown> & { saved_vehicles: number };
      },
    ) {
      const sameSite = sql`${trafficDataFiles.siteId} = ${values.siteId}::uuid`;
      await db
        .update(trafficDataFiles)
        .set({
          startDataDatetime: values.start,
          endDataDatetime: values.end,
          reviewStatus: 'PDC',
          logs: sql`${trafficDataFiles.logs} || ${JSON.stringify(values.logs)}::jsonb
            || case when ${sameSite} then '{"direction_map": null}'::jsonb else '{}'::jsonb end`,
          summaryStats: { vehicles: values.logs.saved_vehicles },
        })
        .where(eq(trafficDataFiles.id, id));
    },

    /** A site's daily rollup rows (every direction), to pack its series from. */
    dailyRollups(siteId: string) {
      return db.select().from(siteDailyRollups).where(eq(siteDailyRollups.siteId, siteId));
    },

    /**
     * The site's volume (vehicles, bicycles or people) per local day, every direction summed,
     * with how the day's data covers it (the same on each of its rows; `whole` should two differ).
     */
    async dailyVolumes(
      siteId: string,
    ): Promise<{ day: string; volume: number; coverage: DayCoverage }[]> {
      const rows = await db
        .select({
          day: siteDailyRollups.day,
          volume: sql<number>`sum(${siteDailyRollups.vehicles})::int`,
          coverage: sql<DayCoverage>`max(${siteDailyRollups.coverage})`,
        })
        .from(siteDailyRollups)
        .where(eq(siteDailyRollups.siteId, siteId))
        .groupBy(siteDailyRollups.day)
        .orderBy(siteDailyRollups.day);
      return rows.map((row) => ({
        day: row.day,
        volume: Number(row.volume),
        coverage: row.coverage,
      }));
    },

    /** The site's vehicles over every rolled-up day. */
    async rolledUpVehicles(siteId: string): Promise<number> {
      const [totals] = await db
        .select({ vehicles: sql<number>`coalesce(sum(${siteDailyRollups.vehicles}), 0)::int` })
        .from(siteDailyRollups)
        .where(eq(siteDailyRollups.siteId, siteId));
      return Number(totals?.vehicles ?? 0);
    },
  };
}

export type SiteDataRepository = ReturnType<typeof createSiteDataRepository>;
