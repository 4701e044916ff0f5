import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import {
  PermanentTaskError,
  type TaskHandler,
  type TaskOutcome,
} from '../../infra/queue/worker.ts';
import type { IngestRepository } from './ingest.repository.ts';

/**
 * The site_change_scheme task (SPEC section 4): after the class scheme or pedestrian inclusion
 * changed, every file of the site is read again from its stored raw upload through the ingest
 * pipeline (classes follow the site's scheme), the site's contexts follow the pedestrian flag,
 * and its rollups are rebuilt once. Each file's rerun writes the same objects, so running the
 * task twice changes nothing.
 */
export function createReprocessSiteHandler(deps: {
  ingest: IngestRepository;
  queue: TaskQueue;
  processFile: TaskHandler<'process_file'>;
}) {
  return async function reprocessSite(task: Job<'site_change_scheme'>): Promise<TaskOutcome> {
    const { siteId } = task.payload;
    const site = await deps.ingest.findLiveSite(siteId);
    if (!site) throw new PermanentTaskError(`The site ${siteId} no longer exists.`);
    const stored = site.coreSiteMeta.site_context;
    const contexts = (Array.isArray(stored) ? (stored as string[]) : []).filter(
      (context) => context !== 'PED',
    );
    if (site.pedestriansIncluded) contexts.push('PED');
    await deps.ingest.setSiteMeta(site.id, { ...site.coreSiteMeta, site_context: contexts });

    const files = await deps.ingest.siteFiles(site.id);
    let vehicles = 0;
    for (const [index, file] of files.entries()) {
      await deps.queue.progress(
        task,
        `Reprocessing ${file.fileName} (${index + 1} of ${files.length})`,
      );
      const outcome = await deps.processFile({
        ...task,
        functionName: 'process_file',
        payload: { fileId: file.id, reprocess: true },
      });
      vehicles += Number(outcome.result.vehicles ?? 0);
    }
    await deps.queue.enqueue({
      functionName: 'refresh_site_rollups',
      organisationId: site.ownerOrganisationId,
      userId: task.userId,
      payload: { siteId: site.id },
    });
    return {
      message: `${site.name}: ${files.length} files reprocessed (${vehicles} vehicles)`,
      result: { siteId: site.id, files: files.length, vehicles },
    };
  };
}
