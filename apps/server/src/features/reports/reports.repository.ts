import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import {
  reports,
  siteGroupMembers,
  sites,
  speedLimits,
  surveySites,
  tasks,
  trafficDataFiles,
  users,
  vehicleExclusionFilters,
} from '../../infra/db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;

/** A report with the state and message of the task that makes it. */
export interface ReportWithTask {
  report: ReportRow;
  taskState: string | null;
  taskMessage: string | null;
}

const withTask = {
  report: reports,
  taskState: tasks.state,
  taskMessage: tasks.message,
};

export function createReportsRepository(db: Database) {
  return {
    async insert(values: {
      organisationId: string;
      userId: string;
      reportType: string;
      parameters: Record<string, unknown>;
      /** A demo visitor's report: theirs alone, and gone at `expiresAt` whatever its state. */
      demoSession?: string | null;
      expiresAt?: Date | null;
    }): Promise<ReportRow> {
      const [row] = await db.insert(reports).values(values).returning();
      if (!row) throw new Error('report insert returned no row');
      return row;
    },

    async setTask(reportId: string, taskId: string): Promise<void> {
      await db.update(reports).set({ taskId }).where(eq(reports.id, reportId));
    },

    async find(id: string): Promise<ReportWithTask | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select(withTask)
        .from(reports)
        .leftJoin(tasks, eq(tasks.id, reports.taskId))
        .where(eq(reports.id, id));
      return row;
    },

    /** The user's reports, newest first; for the demo account, its visitor's (`demoSession`). */
    async listForUser(
      userId: string,
      limit: number,
      demoSession: string | null,
    ): Promise<ReportWithTask[]> {
      return db
        .select(withTask)
        .from(reports)
        .leftJoin(tasks, eq(tasks.id, reports.taskId))
        .where(
          and(
            eq(reports.userId, userId),
            demoSession === null
              ? isNull(reports.demoSession)
              : eq(reports.demoSession, demoSession),
          ),
        )
        .orderBy(desc(reports.createdOn))
        .limit(limit);
    },

    async setProgress(id: string, progress: number): Promise<void> {
      await db.update(reports).set({ progress }).where(eq(reports.id, id));
    },

    async complete(
      id: string,
      values: { fileName: string; blobKey: string; sizeBytes: number; expiresAt: Date },
    ): Promise<void> {
      await db
        .update(reports)
        .set({ ...values, progress: 100, completedAt: new Date() })
        .where(eq(reports.id, id));
    },

    /** Reports whose file outlived its expiry and is still stored. */
    async expiredWithFiles(now: Date): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(and(isNotNull(reports.blobKey), lt(reports.expiresAt, now)));
    },

    /** Demo visitors' reports past their expiry: removed whole, file and row (issue 38). */
    async expiredOfDemoVisitors(now: Date): Promise<ReportRow[]> {
      return db
        .select()
        .from(reports)
        .where(and(isNotNull(reports.demoSession), lt(reports.expiresAt, now)));
    },

    async forgetFile(id: string): Promise<void> {
      await db.update(reports).set({ blobKey: null }).where(eq(reports.id, id));
    },

    async delete(id: string): Promise<void> {
      await db.delete(reports).where(eq(reports.id, id));
    },

    /** Which of these ids are saved vehicle exclusion filters of the organisation. */
    async savedExclusionIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      const rows = await db
        .select({ id: vehicleExclusionFilters.id })
        .from(vehicleExclusionFilters)
        .where(
          and(
            eq(vehicleExclusionFilters.organisationId, organisationId),
            inArray(vehicleExclusionFilters.id, valid),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** The live member sites of a site group, by name. */
    async groupSiteIds(groupId: string): Promise<string[]> {
      if (!isUuid(groupId)) return [];
      const rows = await db
        .select({ id: sites.id })
        .from(siteGroupMembers)
        .innerJoin(sites, eq(sites.id, siteGroupMembers.siteId))
        .where(and(eq(siteGroupMembers.groupId, groupId), isNull(sites.deletedAt)))
        .orderBy(asc(sites.name));
      return rows.map((row) => row.id);
    },

    /** The live sites of a survey, in the order the survey lists them. */
    async surveySiteIds(surveyId: string): Promise<string[]> {
      if (!isUuid(surveyId)) return [];
      const rows = await db
        .select({ id: sites.id })
        .from(surveySites)
        .innerJoin(sites, eq(sites.id, surveySites.siteId))
        .where(and(eq(surveySites.surveyId, surveyId), isNull(sites.deletedAt)))
        .orderBy(asc(surveySites.position), asc(sites.name));
      return rows.map((row) => row.id);
    },

    /** The live sites of an organisation (every organisation: null), by name, at most `limit`. */
    async liveSites(organisationId: string | null, limit: number) {
      return db
        .select({ id: sites.id, name: sites.name, timeZone: sites.timeZone })
        .from(sites)
        .where(
          and(
            isNull(sites.deletedAt),
            organisationId ? eq(sites.ownerOrganisationId, organisationId) : undefined,
          ),
        )
        .orderBy(asc(sites.name))
        .limit(limit);
    },

    /** A site's speed limits, oldest first: each from local midnight of its date. */
    async speedLimits(siteId: string) {
      return db
        .select({ effectiveFrom: speedLimits.effectiveFrom, limitMps: speedLimits.limitMps })
        .from(speedLimits)
        .where(eq(speedLimits.siteId, siteId))
        .orderBy(asc(speedLimits.effectiveFrom));
    },

    /**
     * The raw uploaded files of the sites whose data overlaps the period (or whose span is not
     * known), by site and upload time.
     */
    async rawFiles(siteIds: readonly string[], start: Date, end: Date) {
      const valid = siteIds.filter(isUuid);
      if (valid.length === 0) return [];
      return db
        .select({
          siteId: trafficDataFiles.siteId,
          siteName: sites.name,
          fileName: trafficDataFiles.fileName,
          s3Key: trafficDataFiles.s3Key,
          sizeBytes: trafficDataFiles.sizeBytes,
          reviewStatus: trafficDataFiles.reviewStatus,
          uploadedOn: trafficDataFiles.uploadedOn,
          startDataDatetime: trafficDataFiles.startDataDatetime,
          endDataDatetime: trafficDataFiles.endDataDatetime,
        })
        .from(trafficDataFiles)
        .innerJoin(sites, eq(sites.id, trafficDataFiles.siteId))
        .where(
          and(
            inArray(trafficDataFiles.siteId, valid),
            or(
              isNull(trafficDataFiles.startDataDatetime),
              lt(trafficDataFiles.startDataDatetime, end),
            ),
            or(
              isNull(trafficDataFiles.endDataDatetime),
              gte(trafficDataFiles.endDataDatetime, start),
            ),
          ),
        )
        .orderBy(asc(sites.name), asc(trafficDataFiles.uploadedOn));
    },

    /** Whom to tell that a report is ready. */
    async recipient(userId: string | null) {
      if (!userId) return undefined;
      const [row] = await db
        .select({
          email: users.email,
          isActive: users.isActive,
          firstName: users.firstName,
          username: users.username,
          preferences: users.preferences,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row?.isActive ? row : undefined;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
