import { detectBadDataPeriods, type HourCounts } from '@roadcount/analytics';
import { BAD_DATA_DECISIONS, badDataDecisionSchema, serverMessage } from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type { BadDataPeriodRecord, BadDataRepository } from './badData.repository.ts';

/** A bad-data period as the API gives it (ISO instants, the end exclusive). */
export function toBadDataPeriod(row: BadDataPeriodRecord) {
  return {
    id: row.id,
    site_id: row.siteId,
    rule: row.rule,
    direction: row.direction,
    lane: row.lane,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    value: row.value,
    state: row.state,
    reviewed_by: row.reviewerName,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * Flags a site's bad-data periods from its hourly counts (the rollup rebuild's): what the
 * refresh_site_rollups task runs after the site's data changed. Answers how many were new.
 */
export function flagBadData(repository: BadDataRepository, siteId: string, hours: HourCounts[]) {
  return repository.replaceFlagged(siteId, detectBadDataPeriods(hours));
}

/** Issue 25: the flagged bad-data periods of a site, and a person's review of each. */
export function createBadDataService(deps: {
  repository: BadDataRepository;
  access: Access;
  queue: TaskQueue;
  /** Tells subscribers and wakes the in-process worker. */
  onQueued: (task: TaskRow) => Promise<void>;
}) {
  /** Queues the rebuild of the site's rollups, which flags its periods again. */
  async function queueRefresh(viewer: Viewer, site: { id: string; organisationId: string }) {
    const task = await deps.queue.enqueue({
      functionName: 'refresh_site_rollups',
      organisationId: site.organisationId,
      userId: viewer.userId,
      payload: { siteId: site.id },
      message: serverMessage('taskBadDataChanged'),
    });
    await deps.onQueued(task);
    return task;
  }

  return {
    async list(viewer: Viewer, siteId: string) {
      const site = await deps.access.site(viewer, 'sites.read', siteId);
      return (await deps.repository.listForSite(site.id)).map(toBadDataPeriod);
    },

    /**
     * Records the decision; a change into or out of `excluded` queues the site's rollup
     * rebuild, so that its map figures and daily volumes follow (the analysis reads the
     * excluded periods at each question).
     */
    async review(viewer: Viewer, periodId: string, decision: unknown) {
      const period = await deps.access.badDataPeriod(viewer, 'badData.review', periodId);
      const parsed = badDataDecisionSchema.safeParse(decision);
      if (!parsed.success)
        throw new HttpError(
          400,
          serverMessage('badDataDecision', { decisions: BAD_DATA_DECISIONS.join(', ') }),
        );
      if (parsed.data === 'real_zero' && period.rule !== 'silent')
        throw new HttpError(400, serverMessage('badDataRealZeroSilentOnly'));
      await deps.repository.review(period.id, parsed.data, viewer.userId);
      if ((period.state === 'excluded') !== (parsed.data === 'excluded'))
        await queueRefresh(viewer, { id: period.siteId, organisationId: period.organisationId });
      const rows = await deps.repository.listForSite(period.siteId);
      return toBadDataPeriod(rows.find((row) => row.id === period.id) as BadDataPeriodRecord);
    },

    /** Flags the site's existing data again, on demand: queues its rollup rebuild. */
    async detect(viewer: Viewer, siteId: string) {
      const site = await deps.access.site(viewer, 'badData.review', siteId);
      return queueRefresh(viewer, { id: site.id, organisationId: site.ownerOrganisationId });
    },
  };
}

export type BadDataService = ReturnType<typeof createBadDataService>;
