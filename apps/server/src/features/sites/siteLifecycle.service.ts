import {
  checkSiteImport,
  COMPASS_CODES,
  siteImportError,
  type ImportedSite,
  type SiteImportError,
  serverMessage,
} from '@roadcount/domain';
import type { Access, SiteRow } from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type { SitesRepository } from './sites.repository.ts';

/** The subscription's site limit (SPEC section 1): the live sites an organisation may hold. */
function siteLimitProblem(
  { limit, existing }: { limit: number; existing: number },
  adding: number,
): SiteImportError | null {
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
  sites: SitesRepository;
  access: Access;
  queue: TaskQueue;
  onQueued: (task: TaskRow) => Promise<void>;
}) {
  const { sites } = deps;

  function ownOrganisation(viewer: Viewer): string {
    if (!viewer.organisationId) throw new HttpError(400, serverMessage('sitesNeedOrganisation'));
    return viewer.organisationId;
  }

  async function enqueueDelete(viewer: Viewer, site: SiteRow, permanent: boolean) {
    const task = await deps.queue.enqueue({
      functionName: 'delete_site',
      organisationId: site.ownerOrganisationId,
      userId: viewer.userId,
      payload: { siteId: site.id, permanent },
      message: permanent
        ? serverMessage('taskPermanentDeletionQueued', { site: site.name })
        : serverMessage('taskDeletionQueued', { site: site.name }),
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
      return sites.lockedForImport(organisationId, async (tx) => {
        const checked = checkSiteImport(csv, await sites.names(organisationId, tx));
        if (checked.errors.length > 0) return { imported: 0, errors: checked.errors };
        const limit = siteLimitProblem(
          await sites.siteLimit(organisationId, tx),
          checked.sites.length,
        );
        if (limit) return { imported: 0, errors: [limit] };
        for (let start = 0; start < checked.sites.length; start += 500) {
          const batch = checked.sites.slice(start, start + 500);
          await sites.insertSites(
            tx,
            batch.map((row) => ({
              values: siteValues(organisationId, row),
              ...(row.speedLimit
                ? {
                    limit: {
                      effectiveFrom: row.speedLimit.effective_from,
                      limitMps: row.speedLimit.limit_mps,
                    },
                  }
                : {}),
            })),
          );
        }
        return { imported: checked.sites.length, errors: [] as SiteImportError[] };
      });
    },

    /** SPEC section 4: deletion is queued; the task hides the site and its files. */
    async requestDelete(viewer: Viewer, siteId: string) {
      return enqueueDelete(
        viewer,
        await deps.access.site(viewer, 'sites.delete', siteId, 'live'),
        false,
      );
    },

    /** Removes a deleted site for good, with its files' data and rollups (queued too). */
    async requestPermanentDelete(viewer: Viewer, siteId: string) {
      return enqueueDelete(
        viewer,
        await deps.access.site(viewer, 'sites.delete', siteId, 'deleted'),
        true,
      );
    },

    /** The organisation's deleted sites, most recently deleted first, with their file counts. */
    async listDeleted(viewer: Viewer) {
      authorize(viewer, 'sites.delete');
      const organisationId = ownOrganisation(viewer);
      const rows = await sites.deleted(organisationId);
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
      const site = await deps.access.site(viewer, 'sites.delete', siteId, 'deleted');
      const limit = siteLimitProblem(await sites.siteLimit(site.ownerOrganisationId), 1);
      if (limit)
        throw new HttpError(
          409,
          serverMessage('subscriptionSites', {
            limit: limit.params.limit,
            existing: limit.params.existing,
          }),
        );
      await sites.update(site.id, { deletedAt: null });
      return site.id;
    },
  };
}

export type SiteLifecycleService = ReturnType<typeof createSiteLifecycleService>;
