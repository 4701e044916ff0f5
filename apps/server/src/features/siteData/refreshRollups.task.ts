import { serverMessage } from '@roadcount/domain';
import type { HourCounts } from '@roadcount/analytics';
import type { Job } from '../../infra/queue/jobs.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from './siteData.ts';

/** Applies the bad-data rules to a site's hourly counts; answers how many periods are new. */
export type FlagBadData = (siteId: string, hours: HourCounts[]) => Promise<number>;

/**
 * The refresh_site_rollups task: rebuilds a site's daily counts per direction from every file
 * that joined it, leaving out its excluded bad-data periods, and flags its bad-data periods
 * again. Replaces the site's rows as a whole, so running it twice changes nothing.
 */
export function createRefreshRollupsHandler(siteData: SiteData, flagBadData: FlagBadData) {
  return async function refreshRollups(task: Job<'refresh_site_rollups'>): Promise<TaskOutcome> {
    const { siteId } = task.payload;
    const rebuilt = await siteData.rebuildRollups(siteId);
    if (!rebuilt) throw new PermanentTaskError(serverMessage('taskSiteMissing', { site: siteId }));
    const flagged = await flagBadData(siteId, rebuilt.hours);
    return {
      message: serverMessage('taskRollupsRebuilt', {
        site: rebuilt.site.name,
        rows: rebuilt.rows,
        files: rebuilt.files,
        flagged,
      }),
      result: {
        siteId,
        siteName: rebuilt.site.name,
        rows: rebuilt.rows,
        days: rebuilt.days,
        files: rebuilt.files,
        badDataFlagged: flagged,
      },
    };
  };
}
