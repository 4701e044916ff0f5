import { SUBSCRIPTION_TERMS, serverMessage } from '@roadcount/domain';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { TaskHandler } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import type { BillingRepository } from './billing.repository.ts';

/**
 * SPEC section 1: a suspended or cancelled organisation's data is kept 12 months, then this
 * task deletes it: its sites' stored data and uploads, its bills' files, then its rows. An
 * organisation reactivated meanwhile is kept; a rerun finds nothing more to delete.
 */
export function createDeleteLapsedHandler(deps: {
  repository: BillingRepository;
  siteData: SiteData;
  blobs: BlobStore;
  now?: () => Date;
}): TaskHandler<'delete_lapsed_organisations'> {
  return async () => {
    const cutoff = new Date(deps.now?.() ?? new Date());
    cutoff.setUTCMonth(cutoff.getUTCMonth() - SUBSCRIPTION_TERMS.dataRetentionMonths);
    const lapsed = await deps.repository.lapsedBefore(cutoff);
    for (const organisation of lapsed) {
      for (const site of await deps.repository.sitesOf(organisation.organisationId)) {
        await deps.siteData.deleteSiteData(site);
      }
      for (const key of [
        ...(await deps.repository.unmatchedFileKeys(organisation.organisationId)),
        ...(await deps.repository.billKeys(organisation.organisationId)),
      ]) {
        await deps.blobs.delete(key);
      }
      await deps.repository.deleteOrganisation(organisation.organisationId);
    }
    const names = lapsed.map((organisation) => organisation.organisationName);
    return {
      message:
        names.length === 0
          ? serverMessage('taskNoLapsedOrganisation')
          : serverMessage('taskLapsedDeleted', { names: names.join(', ') }),
      result: { deleted: names },
    };
  };
}
