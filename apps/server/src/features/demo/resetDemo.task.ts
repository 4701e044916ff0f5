import { serverMessage } from '@roadcount/domain';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import { createDemoRepository } from './demo.repository.ts';
import { DEMO_ORGANISATION_NAME, DEMO_USERS } from './demo.seed.ts';
import { DEMO_ORGANISATION_PREFERENCES, demoFiles, seedDemoData } from './demoData.ts';

/**
 * reset_demo_account (staff): the demo organisation goes back to its seeded state. What
 * visitors and its admin added (sites, files, groups, notes, surveys, filters, images, reports,
 * users) is deleted with its stored data, the seeded users' details and preferences are put
 * back, and the demo surveys are uploaded again and queued for processing, as on first start.
 * A second run ends in the same state.
 */
export function createResetDemoHandler(deps: {
  db: Database;
  blobs: BlobStore;
  siteData: SiteData;
  queue: TaskQueue;
  /** Whether to upload the demo surveys again (`SEED_DEMO_SURVEYS`, as on first start). */
  seedSurveys: boolean;
  log: Parameters<typeof seedDemoData>[0]['log'];
}) {
  const repository = createDemoRepository(deps.db);
  return async function resetDemo(task: Job<'reset_demo_account'>): Promise<TaskOutcome> {
    const organisation = await repository.organisationByName(DEMO_ORGANISATION_NAME);
    if (!organisation) throw new PermanentTaskError(serverMessage('taskNoDemoOrganisation'));
    await deps.queue.progress(task, serverMessage('taskProgressDemoDeleting'), 10);
    const stored = await repository.organisationBlobs(organisation.id);
    for (const site of stored.sites) await deps.siteData.deleteSiteData(site);
    for (const file of stored.files) await deps.siteData.deleteFileData(file, true);
    for (const key of stored.blobKeys) await deps.blobs.delete(key);
    await repository.resetOrganisation(organisation.id, DEMO_ORGANISATION_PREFERENCES, DEMO_USERS);
    await deps.queue.progress(task, serverMessage('taskProgressDemoUploading'), 60);
    if (deps.seedSurveys)
      await seedDemoData({ db: deps.db, blobs: deps.blobs, queue: deps.queue, log: deps.log });
    const surveys = deps.seedSurveys ? demoFiles().length : 0;
    return {
      message: serverMessage('taskDemoReset', {
        sites: stored.sites.length,
        files: stored.files.length,
        surveys,
      }),
      result: {
        organisationId: organisation.id,
        sitesRemoved: stored.sites.length,
        filesRemoved: stored.files.length,
        surveysQueued: surveys,
      },
    };
  };
}
