import {
  DEFAULT_ORGANISATION_SETTINGS,
  findClassScheme,
  storedRecordClassifier,
  type ClassScheme,
  serverMessage,
} from '@roadcount/domain';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import {
  PermanentTaskError,
  type TaskHandler,
  type TaskOutcome,
} from '../../infra/queue/worker.ts';
import { REALTIME_FILE_KIND, type SiteData } from '../siteData/index.ts';
import type { FileRow, IngestRepository } from './ingest.repository.ts';

/** The flags a file is held with when its classes do not fit its site's scheme. */
const SCHEME_FLAGS = ['class_scheme_mismatch', 'classes_outside_scheme', 'class_scheme_no_lengths'];

/** Raised when a reclassification left every vehicle unclassified: the file measures no shape. */
const NO_MEASURES_REASON =
  'The file records no axle counts or lengths, so its vehicles could not be reclassified';

/**
 * Whether a file's vehicles are reclassified from their stored records (axles, wheelbase,
 * length) rather than read again from the raw upload: when the site's scheme can be worked out
 * from them and is not the scheme the counter itself used (whose own classes the upload holds).
 */
function fromStoredRecords(file: FileRow, scheme: ClassScheme): boolean {
  const logs = file.logs;
  return (
    storedRecordClassifier(scheme) !== undefined &&
    file.reviewStatus !== null &&
    logs.data_kind !== 'intervals' &&
    typeof logs.columns_version === 'string' &&
    logs.file_class_scheme !== scheme.id
  );
}

/**
 * The site_change_scheme task (SPEC section 4): after the class scheme or pedestrian inclusion
 * changed, each file of the site takes the new scheme: reclassified from its stored records when
 * the scheme follows from what each vehicle measured (FHWA 13 from axles and wheelbase, length
 * bins from length: seconds for millions of vehicles), otherwise read again from its raw upload
 * (classes follow the site's scheme). The site's contexts follow the pedestrian flag, and its
 * rollups are rebuilt once. The classes depend only on the stored measures, so running the task
 * twice changes nothing.
 */
export function createReprocessSiteHandler(deps: {
  ingest: IngestRepository;
  queue: TaskQueue;
  siteData: SiteData;
  processFile: TaskHandler<'process_file'>;
}) {
  return async function reprocessSite(task: Job<'site_change_scheme'>): Promise<TaskOutcome> {
    const { siteId } = task.payload;
    const site = await deps.ingest.findLiveSite(siteId);
    if (!site) throw new PermanentTaskError(serverMessage('taskSiteMissing', { site: siteId }));
    const stored = site.coreSiteMeta.site_context;
    const contexts = (Array.isArray(stored) ? (stored as string[]) : []).filter(
      (context) => context !== 'PED',
    );
    if (site.pedestriansIncluded) contexts.push('PED');
    await deps.ingest.setSiteMeta(site.id, { ...site.coreSiteMeta, site_context: contexts });
    const scheme = findClassScheme(site.classScheme);
    const classify = storedRecordClassifier(scheme);
    const organisation = await deps.ingest.findOrganisation(site.ownerOrganisationId);
    const approvalRequired =
      (organisation?.preferences.request_user_approve_quality as boolean | undefined) ??
      DEFAULT_ORGANISATION_SETTINGS.request_user_approve_quality;

    const files = await deps.ingest.siteFiles(site.id);
    let vehicles = 0;
    let reclassified = 0;
    for (const [index, file] of files.entries()) {
      const recordsOnly = classify !== undefined && fromStoredRecords(file, scheme);
      // A realtime day has no upload to read again: its classes are its gateway's, and a
      // recorrelation rebuilds it from its events.
      if (!recordsOnly && file.kind === REALTIME_FILE_KIND) continue;
      await deps.queue.progress(
        task,
        serverMessage(recordsOnly ? 'taskProgressReclassifying' : 'taskProgressReprocessing', {
          scheme: scheme.name,
          file: file.fileName,
          index: index + 1,
          count: files.length,
        }),
      );
      if (!recordsOnly) {
        const outcome = await deps.processFile({
          ...task,
          functionName: 'process_file',
          payload: { fileId: file.id, reprocess: true },
        });
        vehicles += Number(outcome.result.vehicles ?? 0);
        continue;
      }
      const counts = await deps.siteData.reclassifyFile(file.id, classify, task.id);
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      vehicles += total;
      reclassified += total;
      // The classes now fit the site's scheme: the flags saying they did not go.
      const flags = Object.fromEntries(
        Object.entries((file.logs.data_qc_tests ?? {}) as Record<string, unknown>).filter(
          ([name]) => !SCHEME_FLAGS.includes(name) && name !== 'class_scheme_no_measures',
        ),
      );
      if (total > 0 && counts.get(0) === total)
        flags.class_scheme_no_measures = {
          passed: false,
          value: total,
          threshold: 0,
          reason: NO_MEASURES_REASON,
          site_scheme: scheme.name,
        };
      const held = Object.keys(flags).length > 0 || approvalRequired;
      await deps.ingest.updateFile(file.id, {
        reviewStatus: file.reviewStatus === 'WFR' && !held ? 'PDC' : file.reviewStatus,
        logs: {
          ...file.logs,
          data_qc_tests: flags,
          columns_version: task.id,
          reclassified_into: scheme.id,
          class_counts: Object.fromEntries(counts),
        },
      });
    }
    await deps.queue.enqueue({
      functionName: 'refresh_site_rollups',
      organisationId: site.ownerOrganisationId,
      userId: task.userId,
      payload: { siteId: site.id },
    });
    return {
      message: serverMessage('taskSiteReprocessed', {
        site: site.name,
        files: files.length,
        vehicles,
        reclassified,
        scheme: scheme.name,
      }),
      result: { siteId: site.id, files: files.length, vehicles, reclassified, scheme: scheme.id },
    };
  };
}
