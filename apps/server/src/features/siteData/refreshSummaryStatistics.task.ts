import { serverMessage } from '@roadcount/domain';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import type { TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from './siteData.ts';

/**
 * The refresh_summary_statistics task (SPEC section 3): after an organisation's headway
 * threshold changed, rebuilds each of its sites' daily rollups, whose free-flow speeds follow
 * the threshold. Each site's rollups are replaced whole, so running it twice changes nothing.
 */
export function createRefreshSummaryStatisticsHandler(deps: {
  siteData: SiteData;
  queue: TaskQueue;
}) {
  return async function refreshSummaryStatistics(
    task: Job<'refresh_summary_statistics'>,
  ): Promise<TaskOutcome> {
    const siteIds = await deps.siteData.organisationSiteIds(task.payload.organisationId);
    let thresholdS: number | null = null;
    for (const [index, siteId] of siteIds.entries()) {
      await deps.queue.progress(
        task,
        serverMessage('taskProgressSite', { index: index + 1, count: siteIds.length }),
        (100 * index) / siteIds.length,
      );
      const rebuilt = await deps.siteData.rebuildRollups(siteId);
      thresholdS = rebuilt?.headwayThresholdS ?? thresholdS;
    }
    return {
      message:
        thresholdS === null
          ? serverMessage('taskNoSiteToReprocess')
          : serverMessage('taskSummaryStatisticsRefreshed', {
              sites: siteIds.length,
              seconds: thresholdS,
            }),
      result: { organisationId: task.payload.organisationId, sites: siteIds.length, thresholdS },
    };
  };
}
