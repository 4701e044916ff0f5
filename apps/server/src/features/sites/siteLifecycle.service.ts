import {
  checkSiteImport,
  COMPASS_CODES,
  siteImportError,
  type ImportedSite,
  type SiteImportError,
} from '@roadcount/domain';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import {
  organisations,
  sites,
  speedLimits,
  tasks,
  trafficDataFiles,
} from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const NOT_FOUND = "We couldn't find that site. It may have been deleted";

/** The subscription's site limit (SPEC section 1): the live sites an organisation may hold. */
export async function siteLimitProblem(
  db: Executor,
  organisationId: string,
  adding: number,
): Promise<SiteImportError | null> {
  const [organisation] = await db
    .select({ maxSites: organisations.maxSites })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const [live] = await db
    .select({ total: count() })
    .from(sites)
    .where(and(eq(sites.ownerOrganisationId, organisationId), isNull(sites.deletedAt)));
  const limit = organisation?.maxSites ?? 0;
  const existing = live?.total ?? 0;
  return existing + adding > limit
    ? siteImportError(null, null, 'siteLimit', { limit, existing, adding })
    : null;
}

function siteValues(organisationId: string, { site }: ImportedSite) {
  const contexts = [site.class_scheme === 'bike' ? 'BIKE' : 'VEH'];
  if (site.pedestrians_included) contexts.push('PED');
  return {
    ownerOrganisationId: organisationId,
    name: site.name,
    alternativeName: site.alternative_name,
    description: site.description,
    assetManagementId: site.asset_management_id,
    latitude: site.latitude,
    longitude: site.longitude,
    heading: site.heading,
    directionOne: site.direction_one ? COMPASS_CODES[site.direction_one] : null,
    directionTwo: site.direction_two ? COMPASS_CODES[site.direction_two] : null,
    siteType: site.site_type,
    realtime: site.site_type === 'realtime',
    timeZone: site.time_zone,
    classScheme: site.class_scheme,
    pedestriansIncluded: site.pedestrians_included,
    notes: site.notes,
    coreSiteMeta: {
      site_context: contexts,
      time_span: site.site_type === 'continuous' ? 'TS_P' : 'TS_T',
    },
  };
}

/**
 * Creating sites from a CSV, deleting (queued, SPEC section 4), listing deleted sites, restoring
 * them and deleting them for good. The organisation is always the viewer's or the site's own.
 */
export function createSiteLifecycleService(deps: {
  db: Database;
  queue: TaskQueue;
  onQueued: (task: TaskRow) => Promise<void>;
}) {
  const { db } = deps;

  function ownOrganisation(viewer: Viewer): string {
    if (!viewer.organisationId)
      throw new HttpError(400, 'Sites belong to an organisation; sign in as one of its users');
    return viewer.organisationId;
  }

  async function findSite(viewer: Viewer, id: string, deleted: boolean) {
    const [site] = isUuid(id)
      ? await db
          .select()
          .from(sites)
          .where(
            and(eq(sites.id, id), deleted ? isNotNull(sites.deletedAt) : isNull(sites.deletedAt)),
          )
      : [];
    if (!site) {
      authorize(viewer, 'sites.delete');
      throw new HttpError(404, NOT_FOUND);
    }
    authorize(viewer, 'sites.delete', { organisationId: site.ownerOrganisationId });
    return site;
  }

  async function enqueueDelete(
    viewer: Viewer,
    site: typeof sites.$inferSelect,
    permanent: boolean,
  ) {
    const task = await deps.queue.enqueue({
      functionName: 'delete_site',
      organisationId: site.ownerOrganisationId,
      userId: viewer.userId,
      payload: { siteId: site.id, permanent },
      message: permanent
        ? `Permanent deletion of ${site.name} is queued`
        : `Deletion of ${site.name} is queued`,
    });
    await deps.onQueued(task);
    return task;
  }

  return {
    /**
     * Checks the whole file; imports every row or, with any error, none. Names must be new to
     * the organisation, deleted sites included, since a restored site keeps its name.
     */
    async importSites(viewer: Viewer, csv: string) {
      authorize(viewer, 'sites.import');
      const organisationId = ownOrganisation(viewer);
      return db.transaction(async (tx) => {
        // One import at a time per organisation, so that the limit and names hold.
        await tx.execute(
          sql`select 1 from ${organisations} where ${organisations.id} = ${organisationId} for update`,
        );
        const names = await tx
          .select({ name: sites.name })
          .from(sites)
          .where(eq(sites.ownerOrganisationId, organisationId));
        const checked = checkSiteImport(
          csv,
          names.map((row) => row.name),
        );
        if (checked.errors.length > 0) return { imported: 0, errors: checked.errors };
        const limit = await siteLimitProblem(tx, organisationId, checked.sites.length);
        if (limit) return { imported: 0, errors: [limit] };
        for (let start = 0; start < checked.sites.length; start += 500) {
          const batch = checked.sites.slice(start, start + 500);
          const inserted = await tx
            .insert(sites)
            .values(batch.map((row) => siteValues(organisationId, row)))
            .returning({ id: sites.id });
          const limits = batch.flatMap((row, index) =>
            row.speedLimit && inserted[index]
              ? [
                  {
                    siteId: inserted[index].id,
                    effectiveFrom: row.speedLimit.effective_from,
                    limitMps: row.speedLimit.limit_mps,
                  },
                ]
              : [],
          );
          if (limits.length > 0) await tx.insert(speedLimits).values(limits);
        }
        return { imported: checked.sites.length, errors: [] as SiteImportError[] };
      });
    },

    /** SPEC section 4: deletion is queued; the task hides the site and its files. */
    async requestDelete(viewer: Viewer, siteId: string) {
      return enqueueDelete(viewer, await findSite(viewer, siteId, false), false);
    },

    /** Removes a deleted site for good, with its files' data and rollups (queued too). */
    async requestPermanentDelete(viewer: Viewer, siteId: string) {
      return enqueueDelete(viewer, await findSite(viewer, siteId, true), true);
    },

    /** The organisation's deleted sites, most recently deleted first, with their file counts. */
    async listDeleted(viewer: Viewer) {
      authorize(viewer, 'sites.delete');
      const organisationId = ownOrganisation(viewer);
      // Written out: inside a select from sites, drizzle names sites.id without its table.
      const rows = await db
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
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        site_type: row.siteType,
        deleted_at: row.deletedAt?.toISOString() ?? '',
        files: Number(row.files),
        permanent_deletion_pending: Boolean(row.pending),
      }));
    },

    /** Brings a deleted site back as it was, if the subscription has room for it. */
    async restore(viewer: Viewer, siteId: string) {
      const site = await findSite(viewer, siteId, true);
      const limit = await siteLimitProblem(db, site.ownerOrganisationId, 1);
      if (limit)
        throw new HttpError(
          409,
          `The subscription allows ${limit.params.limit} sites and the organisation has ${limit.params.existing}; delete one or ask for a larger subscription`,
        );
      await db.update(sites).set({ deletedAt: null }).where(eq(sites.id, site.id));
      return site.id;
    },
  };
}

export type SiteLifecycleService = ReturnType<typeof createSiteLifecycleService>;
