import { serverMessage } from '@roadcount/domain';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import {
  PermanentTaskError,
  type TaskHandler,
  type TaskOutcome,
} from '../../infra/queue/worker.ts';
import { REALTIME_FILE_KIND, type SiteData } from '../siteData/index.ts';
import type { IngestRepository } from './ingest.repository.ts';

/**
 * empty_vehicles_reupload (staff): a site's stored vehicles are emptied (each file's columns,
 * scan file and counts deleted) and every file is processed again from its raw upload, then the
 * site's rollups are rebuilt once. Each rerun writes the same data, so a second run changes
 * nothing a user sees.
 */
export function createEmptyVehiclesReuploadHandler(deps: {
  ingest: IngestRepository;
  siteData: SiteData;
  queue: TaskQueue;
  processFile: TaskHandler<'process_file'>;
}) {
  return async function emptyVehiclesReupload(
    task: Job<'empty_vehicles_reupload'>,
  ): Promise<TaskOutcome> {
    const site = await deps.ingest.findLiveSite(task.payload.siteId);
    if (!site) throw new PermanentTaskError(serverMessage('taskSiteGone'));
    // A realtime day has no upload: recorrelate_sensor_events rebuilds it from its events.
    const files = (await deps.ingest.siteFiles(site.id)).filter(
      (file) => file.kind !== REALTIME_FILE_KIND,
    );
    let vehicles = 0;
    for (const [index, file] of files.entries()) {
      await deps.queue.progress(
        task,
        serverMessage('taskProgressReuploading', {
          file: file.fileName,
          index: index + 1,
          count: files.length,
        }),
        (100 * index) / Math.max(1, files.length),
      );
      await deps.siteData.deleteFileData(file, false);
      const outcome = await deps.processFile({
        ...task,
        functionName: 'process_file',
        payload: { fileId: file.id, reprocess: true },
      });
      vehicles += Number(outcome.result.vehicles ?? 0);
    }
    await deps.siteData.rebuildRollups(site.id);
    // A counter of bicycles or people: its counts are not vehicles.
    const counter =
      files.length > 0 && files.every((file) => file.logs.data_kind === 'intervals')
        ? files.every((file) => file.kind === 'bike')
          ? 'taskSiteReuploadedBicycles'
          : 'taskSiteReuploadedPedestrians'
        : null;
    return {
      message: counter
        ? serverMessage(counter, { site: site.name, files: files.length, count: vehicles })
        : serverMessage('taskSiteReuploaded', {
            site: site.name,
            files: files.length,
            vehicles,
          }),
      result: { siteId: site.id, files: files.length, vehicles },
    };
  };
}

/** What a reviewed file's task says: counters of people and bicycles do not count vehicles. */
function reviewedMessage(
  file: {
    fileName: string;
    reviewStatus: string | null;
    kind: string;
    logs: Record<string, unknown>;
  },
  counted: number,
): string {
  const accepted = file.reviewStatus === 'ACC';
  if (file.logs.data_kind !== 'intervals')
    return serverMessage(accepted ? 'taskFileAccepted' : 'taskFileRejected', {
      file: file.fileName,
      vehicles: counted,
    });
  const bicycles = file.kind === 'bike';
  const key = accepted
    ? bicycles
      ? 'taskFileAcceptedBicycles'
      : 'taskFileAcceptedPedestrians'
    : bicycles
      ? 'taskFileRejectedBicycles'
      : 'taskFileRejectedPedestrians';
  return serverMessage(key, { file: file.fileName, count: counted });
}

/**
 * process_file_after_review: once an admin accepted or rejected a file waiting for review, its
 * site's rollups are rebuilt from the files that count (accepted joins, rejected stays out).
 */
export function createProcessAfterReviewHandler(deps: {
  ingest: IngestRepository;
  siteData: SiteData;
}) {
  return async function processAfterReview(
    task: Job<'process_file_after_review'>,
  ): Promise<TaskOutcome> {
    const file = await deps.ingest.findFile(task.payload.fileId);
    if (!file) throw new PermanentTaskError(serverMessage('taskReviewedFileMissing'));
    if (file.reviewStatus !== 'ACC' && file.reviewStatus !== 'REJ')
      throw new PermanentTaskError(serverMessage('taskFileNotReviewed', { file: file.fileName }));
    if (!file.siteId)
      return {
        message: serverMessage('taskFileNoSite', { file: file.fileName }),
        result: { fileId: file.id },
      };
    await deps.siteData.rebuildRollups(file.siteId);
    const vehicles = await deps.siteData.rolledUpVehicles(file.siteId);
    return {
      message: reviewedMessage(file, vehicles),
      result: { fileId: file.id, siteId: file.siteId, vehicles, status: file.reviewStatus },
    };
  };
}
