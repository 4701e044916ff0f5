import type { Job } from '../../infra/queue/jobs.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from './siteData.ts';

/**
 * The refresh_site_rollups task: rebuilds a site's daily counts per direction from every file
 * that joined it. Replaces the site's rows as a whole, so running it twice changes nothing.
 */
export function createRefreshRollupsHandler(siteData: SiteData) {
  return async function refreshRollups(task: Job<'refresh_site_rollups'>): Promise<TaskOutcome> {
    const { siteId } = task.payload;
    const rebuilt = await siteData.rebuildRollups(siteId);
    if (!rebuilt) throw new PermanentTaskError(`The site ${siteId} no longer exists.`);
    return {
      message: `${rebuilt.site.name}: ${rebuilt.rows} daily rollups from ${rebuilt.files} files`,
      result: { siteId, days: rebuilt.days, files: rebuilt.files },
    };
  };
}
