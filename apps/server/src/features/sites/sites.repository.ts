import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { LANE_DEFAULTS } from '@roadcount/domain';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import {
  badDataPeriods,
  deviceMappings,
  lanes,
  notes,
  organisations,
  siteDailyRollups,
  sites,
  speedLimits,
  tasks,
  trafficDataFiles,
  users,
} from '../../infra/db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

// Written out: inside a select from sites, drizzle names sites.id without its table.
const lastSurveyed = sql<
  string | null
>`(select max(r.day) from site_daily_rollups r where r.site_id = "sites"."id")`;
const fileCount = sql<number>`(select count(*)::int from traffic_data_files f where f.site_id = "sites"."id")`;
const laneCount = sql<number>`(select count(*)::int from lanes l where l.site_id = "sites"."id")`;

/** A site with what the sites table shows beside its own columns. */
const withExtras = { site: sites, lastSurveyed, files: fileCount, lanes: laneCount };

export const SITE_SORTS = [
  'name',
  'alternative_name',
  'last_surveyed',
  'site_type',
  'files',
  'lane_count',
  'asset_management_id',
  'time_zone',
  'class_scheme',
] as const;
export type SiteSort = (typeof SITE_SORTS)[number];

export interface SiteListQuery {
  /** Null for every organisation (platform staff). */
  organisationId: string | null;
  search?: string | undefined;
  filters: readonly string[];
  selected: readonly string[];
  groupId?: string | undefined;
  sort: SiteSort;
  descending: boolean;
  page: number;
  pageSize: number;
}

/** The sites feature's reads and writes of sites, their speed limits, lanes and tasks. */
export function createSitesRepository(db: Database) {
  return {
    /** One page of live sites, searched and filtered, with the total. */
    async list(query: SiteListQuery) {
      const conditions: (SQL | undefined)[] = [
        isNull(sites.deletedAt),
        query.organisationId === null
          ? undefined
          : eq(sites.ownerOrganisationId, query.organisationId),
      ];
      if (query.groupId !== undefined)
        conditions.push(
          isUuid(query.groupId)
            ? sql`exists (select 1 from site_group_members m where m.group_id = ${query.groupId} and m.site_id = "sites"."id")`
            : sql`false`,
        );
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        conditions.push(or(ilike(sites.name, pattern), ilike(sites.alternativeName, pattern)));
      }
      for (const filter of query.filters) {
        if (filter === 'realtime') conditions.push(eq(sites.realtime, true));
        else if (filter === 'selected_only') {
          const selected = query.selected.filter(isUuid);
          conditions.push(selected.length > 0 ? inArray(sites.id, selected) : sql`false`);
        } else if (filter === 'TS_T' || filter === 'TS_P')
          conditions.push(sql`${sites.coreSiteMeta}->>'time_span' = ${filter}`);
        else conditions.push(sql`${sites.coreSiteMeta}->'site_context' ? ${filter}`);
      }
      const where = and(...conditions);
      const column = {
        name: sql`lower(${sites.name})`,
        alternative_name: sql`lower(${sites.alternativeName})`,
        last_surveyed: lastSurveyed,
        site_type: sites.siteType,
        files: fileCount,
        lane_count: laneCount,
        asset_management_id: sites.assetManagementId,
        time_zone: sites.timeZone,
        class_scheme: sites.classScheme,
      }[query.sort];
      const [rows, [total]] = await Promise.all([
        db
          .select(withExtras)
          .from(sites)
          .where(where)
          .orderBy(query.descending ? desc(column) : asc(column), asc(sites.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ total: count() }).from(sites).where(where),
      ]);
      return { total: total?.total ?? 0, rows };
    },

    /** Live sites by id, with what the sites table shows beside them. */
    async withExtras(ids: readonly string[]) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return db
        .select(withExtras)
        .from(sites)
        .where(and(inArray(sites.id, valid), isNull(sites.deletedAt)))
        .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id));
    },

    /** Names in the organisation, other than the site's own, equal to `name` in any case. */
    async nameClashes(site: SiteRow, name: string): Promise<string[]> {
      const rows = await db
        .select({ name: sites.name })
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, site.ownerOrganisationId),
            ne(sites.id, site.id),
            sql`lower(${sites.name}) = lower(${name.trim()})`,
          ),
        );
      return rows.map((row) => row.name);
    },

    async update(siteId: string, values: Partial<typeof sites.$inferInsert>) {
      await db.update(sites).set(values).where(eq(sites.id, siteId));
    },

    /** Every site name of the organisation, deleted ones included. */
    async names(organisationId: string, executor: Executor = db) {
      const rows = await executor
        .select({ name: sites.name })
        .from(sites)
        .where(eq(sites.ownerOrganisationId, organisationId));
      return rows.map((row) => row.name);
    },

    /** The organisation's site limit and its live sites (SPEC section 1). */
    async siteLimit(organisationId: string, executor: Executor = db) {
      const [organisation] = await executor
        .select({ maxSites: organisations.maxSites })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      const [live] = await executor
        .select({ total: count() })
        .from(sites)
        .where(and(eq(sites.ownerOrganisationId, organisationId), isNull(sites.deletedAt)));
      return { limit: organisation?.maxSites ?? 0, existing: live?.total ?? 0 };
    },

    /**
     * Runs `work` holding the organisation's row, one import at a time per organisation, so that
     * the site limit and the names hold.
     */
    async lockedForImport<T>(organisationId: string, work: (tx: Executor) => Promise<T>) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${organisations} where ${organisations.id} = ${organisationId} for update`,
        );
        return work(tx);
      });
    },

    /** Inserts sites with their first speed limits; answers their ids in order. */
    async insertSites(
      executor: Executor,
      rows: {
        values: typeof sites.$inferInsert;
        limit?: { effectiveFrom: string; limitMps: number };
      }[],
    ) {
      const inserted = await executor
        .insert(sites)
        .values(rows.map((row) => row.values))
        .returning({ id: sites.id });
      const limits = rows.flatMap((row, index) =>
        row.limit && inserted[index] ? [{ siteId: inserted[index].id, ...row.limit }] : [],
      );
      if (limits.length > 0) await executor.insert(speedLimits).values(limits);
      return inserted.map((row) => row.id);
    },

    /** The organisation's deleted sites, most recently deleted first, with their file counts. */
    async deleted(organisationId: string) {
      return db
        .select({
          id: sites.id,
          name: sites.name,
          siteType: sites.siteType,
          deletedAt: sites.deletedAt,
          files: sql<number>`(select count(*)::int from ${trafficDataFiles} f where f.site_id = "sites"."id")`,
          pending: sql<boolean>`exists (select 1 from ${tasks} t where t.function_name = 'delete_site'
            and t.state in ('QD', 'PR') and t.payload->>'siteId' = "sites"."id"::text)`,
        })
        .from(sites)
        .where(and(eq(sites.ownerOrganisationId, organisationId), isNotNull(sites.deletedAt)))
        .orderBy(desc(sites.deletedAt), sites.name);
    },

    /** The latest task of each of these kinds that names the site, newest first. */
    async latestTasks(siteId: string, functionNames: readonly string[]) {
      const rows = await db
        .selectDistinctOn([tasks.functionName])
        .from(tasks)
        .where(
          and(
            inArray(tasks.functionName, [...functionNames]),
            sql`${tasks.payload}->>'siteId' = ${siteId}`,
          ),
        )
        .orderBy(tasks.functionName, desc(tasks.createdOn));
      return rows.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime());
    },

    /** The lanes of the sites, in order from the road centre. */
    lanesOf(siteIds: readonly string[]) {
      return db
        .select()
        .from(lanes)
        .where(inArray(lanes.siteId, [...siteIds]))
        .orderBy(asc(lanes.positionId));
    },

    /** A site's speed limits, oldest first, as SPEC section 3 names them. */
    async speedLimits(siteId: string) {
      const rows = await db
        .select()
        .from(speedLimits)
        .where(eq(speedLimits.siteId, siteId))
        .orderBy(asc(speedLimits.effectiveFrom));
      return rows.map((row) => ({ effective_from: row.effectiveFrom, limit_mps: row.limitMps }));
    },

    async replaceSpeedLimits(
      siteId: string,
      limits: readonly { effective_from: string; limit_mps: number }[],
    ) {
      await db.transaction(async (tx) => {
        await tx.delete(speedLimits).where(eq(speedLimits.siteId, siteId));
        if (limits.length > 0)
          await tx.insert(speedLimits).values(
            limits.map((limit) => ({
              siteId,
              effectiveFrom: limit.effective_from,
              limitMps: limit.limit_mps,
            })),
          );
      });
    },

    /** Who a task's outcome is emailed to. */
    async recipient(userId: string | null) {
      if (!userId || !isUuid(userId)) return undefined;
      const [user] = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          username: users.username,
          preferences: users.preferences,
        })
        .from(users)
        .where(eq(users.id, userId));
      return user;
    },

    /** The site by id, deleted or not (tasks name sites by id). */
    async find(siteId: string) {
      if (!isUuid(siteId)) return undefined;
      const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
      return site;
    },

    /** The sites of one organisation among `ids`, deleted or not. */
    inOrganisation(organisationId: string, ids: readonly string[]) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(sites)
        .where(and(inArray(sites.id, valid), eq(sites.ownerOrganisationId, organisationId)));
    },

    /**
     * Moves every file of the sources to the target with its composed direction map, the target
     * into the sources' groups, the sources' device mappings to the target's lanes
     * (`moveDeviceMappings`); the sources are deleted pointing at the target, their rollups
     * cleared, and the target takes every source's contexts. One transaction.
     */
    async merge(
      target: SiteRow,
      sources: readonly SiteRow[],
      directionMapOf: (
        source: SiteRow,
        logs: Record<string, unknown>,
      ) => Record<string, number> | undefined,
    ): Promise<number> {
      let movedFiles = 0;
      await db.transaction(async (tx) => {
        for (const source of sources) {
          const files = await tx
            .select({ id: trafficDataFiles.id, logs: trafficDataFiles.logs })
            .from(trafficDataFiles)
            .where(eq(trafficDataFiles.siteId, source.id));
          for (const file of files) {
            const composed = directionMapOf(source, file.logs);
            const mergedFrom: unknown[] = Array.isArray(file.logs.merged_from)
              ? (file.logs.merged_from as unknown[])
              : [];
            await tx
              .update(trafficDataFiles)
              .set({
                siteId: target.id,
                logs: {
                  ...file.logs,
                  direction_map:
                    composed && Object.keys(composed).length > 0 ? composed : undefined,
                  merged_from: [...mergedFrom, source.id],
                },
              })
              .where(eq(trafficDataFiles.id, file.id));
          }
          movedFiles += files.length;
          // Issue 25: the source's reviewed bad-data periods (kept, excluded, real zero) move
          // with its files, their direction aligned as the files' are; flagged ones go, as the
          // rules flag the target's data again.
          await tx
            .delete(badDataPeriods)
            .where(and(eq(badDataPeriods.siteId, source.id), eq(badDataPeriods.state, 'flagged')));
          const alignment = directionMapOf(source, {}) ?? {};
          const reviewed = await tx
            .select({ id: badDataPeriods.id, direction: badDataPeriods.direction })
            .from(badDataPeriods)
            .where(eq(badDataPeriods.siteId, source.id));
          for (const period of reviewed)
            await tx
              .update(badDataPeriods)
              .set({
                siteId: target.id,
                direction:
                  period.direction === null
                    ? null
                    : (alignment[String(period.direction)] ?? period.direction),
              })
              .where(eq(badDataPeriods.id, period.id));
          await moveDeviceMappings(tx, source.id, target.id, alignment);
          // The target joins every group the source was in.
          await tx.execute(sql`
            insert into site_group_members (group_id, site_id)
            select group_id, ${target.id}::uuid from site_group_members where site_id = ${source.id}::uuid
            on conflict do nothing`);
          await tx.delete(siteDailyRollups).where(eq(siteDailyRollups.siteId, source.id));
          await tx
            .update(sites)
            .set({
              deletedAt: new Date(),
              coreSiteMeta: { ...source.coreSiteMeta, merged_into: target.id },
            })
            .where(eq(sites.id, source.id));
        }
        const contexts = new Set(
          [target, ...sources].flatMap((site) =>
            Array.isArray(site.coreSiteMeta.site_context)
              ? (site.coreSiteMeta.site_context as string[])
              : [],
          ),
        );
        await tx
          .update(sites)
          .set({ coreSiteMeta: { ...target.coreSiteMeta, site_context: [...contexts] } })
          .where(eq(sites.id, target.id));
      });
      return movedFiles;
    },

    /** Removes the site with its files' rows and their notes (rollups, lanes, limits cascade). */
    async deletePermanently(siteId: string, fileIds: readonly string[]) {
      await db.transaction(async (tx) => {
        if (fileIds.length > 0) {
          await tx
            .delete(notes)
            .where(
              and(eq(notes.subject, 'traffic_data_file'), inArray(notes.subjectId, [...fileIds])),
            );
          await tx.delete(trafficDataFiles).where(inArray(trafficDataFiles.id, [...fileIds]));
        }
        await tx.delete(sites).where(eq(sites.id, siteId));
      });
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Issue 27: a merged source's device mappings measure the target's lanes from now on, so that
 * its arrays' live events and a recorrelation of the target's days count on the target. Each
 * mapped source lane goes to the target lane of its direction as aligned (`alignment`: source
 * direction code → target code) with the same number within that direction, counted from the
 * centre; where the target has no such lane, the source lane is added to the target after its
 * lanes of that direction, as the site edit adds one. A source without mappings left (merged
 * already) changes nothing.
 */
async function moveDeviceMappings(
  tx: Transaction,
  sourceId: string,
  targetId: string,
  alignment: Record<string, number>,
) {
  const mappings = await tx
    .select({ id: deviceMappings.id, laneId: deviceMappings.laneId })
    .from(deviceMappings)
    .where(eq(deviceMappings.siteId, sourceId));
  if (mappings.length === 0) return;
  const lanesOf = (siteId: string) =>
    tx
      .select()
      .from(lanes)
      .where(eq(lanes.siteId, siteId))
      .orderBy(asc(lanes.direction), asc(lanes.positionId), asc(lanes.id));
  const [sourceLanes, targetLanes] = await Promise.all([lanesOf(sourceId), lanesOf(targetId)]);
  const mappedLaneIds = new Set(mappings.map((mapping) => mapping.laneId));
  const targetLaneOf = new Map<string, string>();
  for (const lane of sourceLanes) {
    if (!mappedLaneIds.has(lane.id)) continue;
    const direction = alignment[String(lane.direction)] ?? lane.direction;
    const number = sourceLanes
      .filter((other) => other.direction === lane.direction)
      .findIndex((other) => other.id === lane.id);
    const inDirection = targetLanes.filter((other) => other.direction === direction);
    let into = inDirection[number];
    if (!into) {
      const outermost = inDirection.at(-1)?.positionId;
      [into] = await tx
        .insert(lanes)
        .values({
          siteId: targetId,
          name: lane.name,
          direction,
          positionId: outermost === undefined ? LANE_DEFAULTS.position_id : outermost + 1,
          laneType: lane.laneType,
          deviceArrayType: lane.deviceArrayType,
          analyticsConfigId: lane.analyticsConfigId,
          contraflow: lane.contraflow,
        })
        .returning();
      if (!into) throw new Error(`the lane ${lane.name} was not added to the site ${targetId}`);
      targetLanes.push(into);
    }
    targetLaneOf.set(lane.id, into.id);
  }
  for (const mapping of mappings)
    await tx
      .update(deviceMappings)
      .set({ siteId: targetId, laneId: targetLaneOf.get(mapping.laneId) ?? mapping.laneId })
      .where(eq(deviceMappings.id, mapping.id));
}
