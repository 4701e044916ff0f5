import type { SurveySort } from '@roadcount/domain';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { lanes, organisations, sites, surveySites, surveys, users } from '../../infra/db/schema.ts';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyValues = Omit<
  typeof surveys.$inferInsert,
  'id' | 'organisationId' | 'createdBy' | 'createdOn' | 'updatedAt' | 'deletedAt'
>;

/** Which tab of the surveys screen: live active ones, live completed ones, or deleted ones. */
export type SurveyTab = 'active' | 'completed' | 'deleted';

// Written out: inside a select from surveys, drizzle names surveys.id without its table.
const siteCount = sql<number>`(select count(*)::int from survey_sites ss where ss.survey_id = "surveys"."id")`;
const assigneeName = sql<
  string | null
>`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) from users u where u.id = "surveys"."assignee_user_id")`;

const SORT_COLUMNS = {
  name: sql`lower(${surveys.name})`,
  start: surveys.scheduledStart,
  end: surveys.scheduledEnd,
  created: surveys.createdOn,
  sites: siteCount,
} as const satisfies Record<SurveySort, unknown>;

const tabFilter = (tab: SurveyTab) =>
  tab === 'deleted'
    ? isNotNull(surveys.deletedAt)
    : and(isNull(surveys.deletedAt), eq(surveys.status, tab));

/** One site of a survey with what has arrived for it inside the survey's window. */
export interface SurveySiteProgressRow {
  surveyId: string;
  siteId: string;
  name: string;
  deleted: boolean;
  /** Processed files of the site whose data overlaps the window (local days of the site). */
  files: number;
  /** Local days of the window with accepted data (the site's daily rollups). */
  days: number;
  /** Review statuses of those files, with their saved vehicle count (`PDC:1234`). */
  statuses: string[];
}

export function createSurveysRepository(db: Database) {
  return {
    /** A page of one tab of the organisation's surveys (every organisation's: null). */
    async list(options: {
      organisationId: string | null;
      tab: SurveyTab;
      search?: string;
      sort: SurveySort;
      direction: 'asc' | 'desc';
      offset: number;
      limit: number;
    }) {
      const where = and(
        options.organisationId ? eq(surveys.organisationId, options.organisationId) : undefined,
        tabFilter(options.tab),
        options.search
          ? ilike(surveys.name, `%${options.search.replace(/[\\%_]/g, '\\$&')}%`)
          : undefined,
      );
      const order = options.direction === 'asc' ? asc : desc;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ survey: surveys, siteCount, assigneeName })
          .from(surveys)
          .where(where)
          .orderBy(order(SORT_COLUMNS[options.sort]), order(surveys.id))
          .offset(options.offset)
          .limit(options.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(surveys)
          .where(where),
      ]);
      return { total: counted?.total ?? 0, rows };
    },

    async find(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ survey: surveys, siteCount, assigneeName })
        .from(surveys)
        .where(eq(surveys.id, id));
      return row;
    },

    /** Per site of each survey, in the wizard's order: what arrived inside the window. */
    async progress(surveyIds: readonly string[]): Promise<SurveySiteProgressRow[]> {
      if (surveyIds.length === 0) return [];
      const answer = await db.execute(sql`
        select ss.survey_id, ss.site_id, s.name, s.deleted_at is not null as deleted,
          (select count(*)::int from traffic_data_files f
            where f.site_id = ss.site_id and f.start_data_datetime is not null
              and (f.start_data_datetime at time zone s.time_zone)::date <= sv.scheduled_end::date
              and (f.end_data_datetime at time zone s.time_zone)::date >= sv.scheduled_start::date
          ) as files,
          (select count(distinct r.day)::int from site_daily_rollups r
            where r.site_id = ss.site_id and r.day between sv.scheduled_start and sv.scheduled_end
          ) as days,
          (select array_agg(coalesce(f.review_status, '') || ':' || coalesce(f.logs->>'saved_vehicles', ''))
            from traffic_data_files f
            where f.site_id = ss.site_id and f.start_data_datetime is not null
              and (f.start_data_datetime at time zone s.time_zone)::date <= sv.scheduled_end::date
              and (f.end_data_datetime at time zone s.time_zone)::date >= sv.scheduled_start::date
          ) as statuses
        from survey_sites ss
        join surveys sv on sv.id = ss.survey_id
        join sites s on s.id = ss.site_id
        where ss.survey_id in (${sql.join(
          surveyIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by ss.survey_id, ss.position, lower(s.name)
      `);
      // PGlite and node-postgres both answer { rows }.
      const rows = answer as {
        rows: {
          survey_id: string;
          site_id: string;
          name: string;
          deleted: boolean;
          files: number;
          days: number;
          statuses: string[] | null;
        }[];
      };
      return rows.rows.map((row) => ({
        surveyId: row.survey_id,
        siteId: row.site_id,
        name: row.name,
        deleted: row.deleted,
        files: Number(row.files),
        days: Number(row.days),
        statuses: row.statuses ?? [],
      }));
    },

    /** The sites of a survey with what the site file writes of each, in the wizard's order. */
    async sitesForList(surveyId: string) {
      return db
        .select({
          id: sites.id,
          name: sites.name,
          alternativeName: sites.alternativeName,
          assetManagementId: sites.assetManagementId,
          latitude: sites.latitude,
          longitude: sites.longitude,
          directionOne: sites.directionOne,
          directionTwo: sites.directionTwo,
          timeZone: sites.timeZone,
        })
        .from(surveySites)
        .innerJoin(sites, eq(sites.id, surveySites.siteId))
        .where(and(eq(surveySites.surveyId, surveyId), isNull(sites.deletedAt)))
        .orderBy(asc(surveySites.position), asc(sql`lower(${sites.name})`));
    },

    async lanesOf(siteIds: readonly string[]) {
      if (siteIds.length === 0) return [];
      return db
        .select({ siteId: lanes.siteId, direction: lanes.direction, laneType: lanes.laneType })
        .from(lanes)
        .where(inArray(lanes.siteId, [...siteIds]))
        .orderBy(asc(lanes.positionId));
    },

    /** The live sites among `ids`, with their owners. */
    async liveSites(ids: readonly string[]) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return db
        .select({ id: sites.id, ownerOrganisationId: sites.ownerOrganisationId })
        .from(sites)
        .where(and(inArray(sites.id, valid), isNull(sites.deletedAt)));
    },

    /** An active user of the organisation, who may be given a survey. */
    async organisationUser(organisationId: string, userId: string) {
      if (!isUuid(userId)) return undefined;
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          preferences: users.preferences,
        })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.organisationId, organisationId),
            eq(users.isActive, true),
          ),
        );
      return row;
    },

    async organisationUsers(organisationId: string) {
      return db
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), eq(users.isActive, true)))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    /** Live sites of the organisation, against the subscription's site limit. */
    async liveSiteCount(organisationId: string) {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(sites)
        .where(and(eq(sites.ownerOrganisationId, organisationId), isNull(sites.deletedAt)));
      return row?.total ?? 0;
    },

    async siteNameTaken(organisationId: string, name: string) {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, organisationId),
            sql`lower(${sites.name}) = ${name.toLowerCase()}`,
          ),
        );
      return row !== undefined;
    },

    async organisationTimeZone(organisationId: string) {
      const [row] = await db
        .select({ preferences: organisations.preferences })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      const zone = row?.preferences.time_zone;
      return typeof zone === 'string' ? zone : null;
    },

    /** A planned site: a place a survey will count, with no data yet. */
    async insertPlannedSite(values: {
      organisationId: string;
      name: string;
      latitude: number;
      longitude: number;
      timeZone: string;
    }) {
      const [row] = await db
        .insert(sites)
        .values({
          ownerOrganisationId: values.organisationId,
          name: values.name,
          latitude: values.latitude,
          longitude: values.longitude,
          timeZone: values.timeZone,
          siteType: 'temporary',
          coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_T', planned: true },
        })
        .returning({ id: sites.id, name: sites.name });
      if (!row) throw new Error('site insert returned no row');
      return row;
    },

    async organisationLimit(organisationId: string) {
      const [row] = await db
        .select({ maxSites: organisations.maxSites })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row?.maxSites ?? 0;
    },

    /** Distinct sites of the organisation's live active surveys, leaving one survey out. */
    async activeSurveySiteIds(organisationId: string, exceptSurveyId?: string) {
      const rows = await db
        .selectDistinct({ siteId: surveySites.siteId })
        .from(surveySites)
        .innerJoin(surveys, eq(surveys.id, surveySites.surveyId))
        .where(
          and(
            eq(surveys.organisationId, organisationId),
            eq(surveys.status, 'active'),
            isNull(surveys.deletedAt),
            exceptSurveyId ? ne(surveys.id, exceptSurveyId) : undefined,
          ),
        );
      return rows.map((row) => row.siteId);
    },

    async siteIdsOf(surveyId: string) {
      const rows = await db
        .select({ siteId: surveySites.siteId })
        .from(surveySites)
        .where(eq(surveySites.surveyId, surveyId))
        .orderBy(asc(surveySites.position));
      return rows.map((row) => row.siteId);
    },

    /** A new survey with its sites, in one transaction: nothing is saved when either fails. */
    async insert(
      organisationId: string,
      createdBy: string | null,
      values: SurveyValues,
      siteIds: readonly string[],
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(surveys)
          .values({ ...values, organisationId, createdBy })
          .returning();
        if (!row) throw new Error('survey insert returned no row');
        if (siteIds.length > 0)
          await tx
            .insert(surveySites)
            .values(siteIds.map((siteId, position) => ({ surveyId: row.id, siteId, position })));
        return row;
      });
    },

    /** Changes a survey, and replaces its sites when given, in one transaction. */
    async update(id: string, values: Partial<SurveyValues>, siteIds?: readonly string[]) {
      await db.transaction(async (tx) => {
        await tx
          .update(surveys)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(surveys.id, id));
        if (siteIds) {
          await tx.delete(surveySites).where(eq(surveySites.surveyId, id));
          if (siteIds.length > 0)
            await tx
              .insert(surveySites)
              .values(siteIds.map((siteId, position) => ({ surveyId: id, siteId, position })));
        }
      });
    },

    async setDeleted(id: string, deletedAt: Date | null) {
      await db.update(surveys).set({ deletedAt, updatedAt: new Date() }).where(eq(surveys.id, id));
    },

    /** Live active surveys holding the site, whose progress its new data may change. */
    async activeSurveysOfSite(siteId: string) {
      if (!isUuid(siteId)) return [];
      return db
        .select({ id: surveys.id })
        .from(surveySites)
        .innerJoin(surveys, eq(surveys.id, surveySites.surveyId))
        .where(
          and(
            eq(surveySites.siteId, siteId),
            eq(surveys.status, 'active'),
            isNull(surveys.deletedAt),
          ),
        );
    },

    /**
     * Live active surveys whose end (a local date) is before `today` become a notification for
     * their organisation's admins, once per survey and end date. Answers how many were added.
     */
    async notifyOverdue(today: string) {
      const answer = await db.execute(sql`
        insert into user_notifications (organisation_id, user_id, function_id, message)
        select s.organisation_id, null, 'survey_overdue',
          jsonb_build_object('survey_id', s.id, 'name', s.name,
            'scheduled_start', s.scheduled_start, 'scheduled_end', s.scheduled_end)
        from surveys s
        where s.status = 'active' and s.deleted_at is null and s.scheduled_end < ${today}
          and not exists (
            select 1 from user_notifications n
            where n.function_id = 'survey_overdue'
              and n.message->>'survey_id' = s.id::text
              and n.message->>'scheduled_end' = s.scheduled_end
          )
        returning id`);
      // PGlite and node-postgres both answer { rows }.
      return (answer as { rows: unknown[] }).rows.length;
    },

    /** Year of the latest live completed survey of each site (SPEC section 3). */
    async mostRecentSurveyYears(siteIds: readonly string[]) {
      const valid = siteIds.filter(isUuid);
      if (valid.length === 0) return new Map<string, number>();
      const rows = await db
        .select({
          siteId: surveySites.siteId,
          end: sql<string>`max(${surveys.scheduledEnd})`,
        })
        .from(surveySites)
        .innerJoin(surveys, eq(surveys.id, surveySites.surveyId))
        .where(
          and(
            inArray(surveySites.siteId, valid),
            eq(surveys.status, 'completed'),
            isNull(surveys.deletedAt),
          ),
        )
        .groupBy(surveySites.siteId);
      return new Map(rows.map((row) => [row.siteId, Number(row.end.slice(0, 4))]));
    },
  };
}

export type SurveysRepository = ReturnType<typeof createSurveysRepository>;
