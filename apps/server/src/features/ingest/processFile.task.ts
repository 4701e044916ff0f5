import {
  DEFAULT_ORGANISATION_SETTINGS,
  type OrganisationSettings,
  serverMessage,
} from '@roadcount/domain';
import { FormatError, LocalTimeConverter } from '@roadcount/formats';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import type { IngestRepository } from './ingest.repository.ts';
import { matchUpload, siteOfMatch } from './processFile.match.ts';
import { readUpload, type FileReading } from './processFile.read.ts';
import { reviewFlags, reviewStatusOf } from './processFile.review.ts';
import { storeIntervals } from './processFile.store.ts';
import type { SiteMatchingRepository } from './siteMatching.repository.ts';

export const DEFAULT_SITE_TIME_ZONE = 'UTC';

/**
 * The process_file task: read the raw upload, match it to a site, store its vehicles as one Arrow
 * object, run the quality tests and set the review status. Safe to run twice: the same file
 * always writes the same column object and keeps the site it was first given.
 */
export function createProcessFileHandler(deps: {
  ingest: IngestRepository;
  sites: SiteMatchingRepository;
  siteData: SiteData;
  queue: TaskQueue;
  xlsxMaxInflatedBytes?: number;
}) {
  return async function processFile(
    task: Job<'process_file' | 'process_national_platform_file'>,
  ): Promise<TaskOutcome> {
    const { fileId } = task.payload;
    // A site reprocess reruns each file, then refreshes the site's rollups once itself.
    const reprocess = task.payload.reprocess === true;
    const file = await deps.ingest.findFile(fileId);
    if (!file) throw new PermanentTaskError(serverMessage('taskFileMissing', { file: fileId }));
    const organisation = await deps.ingest.findOrganisation(file.organisationId);
    if (!organisation) throw new PermanentTaskError(serverMessage('taskFileOrganisationMissing'));
    const settings: OrganisationSettings = {
      ...DEFAULT_ORGANISATION_SETTINGS,
      ...organisation.preferences,
    };
    const configuredZone = organisation.preferences.time_zone;
    const defaultTimeZone =
      typeof configuredZone === 'string' && LocalTimeConverter.isValidTimeZone(configuredZone)
        ? configuredZone
        : DEFAULT_SITE_TIME_ZONE;
    const thresholds = {
      minSurveyHours: settings.min_survey_hours,
      lowestMaxAdt: settings.lowest_max_adt,
      minAverageRho: settings.min_average_rho,
      maxUnclassifiablePercent: settings.max_unclassifiable_percent,
      lengthOutlierFactor: settings.length_outlier_factor,
    };

    // 1 and 2. Reading, with the header matched to a site as soon as it is read.
    let reading: FileReading;
    try {
      reading = await readUpload(deps, {
        file,
        taskId: task.id,
        thresholds,
        defaultTimeZone,
        match: (fromFile) =>
          matchUpload(deps.sites, { file, organisation, defaultTimeZone }, fromFile),
      });
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      await deps.ingest.updateFile(file.id, {
        reviewStatus: 'REJ',
        logs: { ...file.logs, saved_vehicles: 0, processing_error: error.message },
      });
      throw new PermanentTaskError(error.message);
    }
    const { summary, fileMatch } = reading;
    if (!fileMatch)
      throw new PermanentTaskError(serverMessage('taskFileNoData', { file: file.fileName }));
    const { header, match, firstRule, fileScheme } = fileMatch;
    const isIntervals = header.kind === 'intervals';

    // 3. Storing: the site (created when new), then the rest of the data.
    const site = await siteOfMatch(deps.sites, file, fileMatch, reading.sawSecondChannel);
    const results = isIntervals
      ? await storeIntervals(
          deps.siteData,
          file.id,
          reading.intervalBuilder.build(),
          thresholds,
          site.timeZone,
        )
      : await reading.outputs.finish(reading.builder.batches());

    // 4. Review.
    const failed = await reviewFlags(deps.ingest, file, results, reading, fileMatch);
    const reviewStatus = reviewStatusOf(file, failed, settings, reprocess);
    await deps.ingest.updateFile(file.id, {
      siteId: site.id,
      startDataDatetime: summary.firstMs === null ? null : new Date(summary.firstMs),
      endDataDatetime: summary.lastMs === null ? null : new Date(summary.lastMs),
      reviewStatus,
      logs: {
        ...file.logs,
        saved_vehicles: summary.vehicles,
        data_kind: isIntervals ? 'intervals' : 'vehicles',
        ...(isIntervals ? { saved_intervals: summary.intervals } : {}),
        data_qc_tests: failed,
        format: summary.header.format,
        match: { rule: firstRule, site_id: site.id },
        // Where the file says it was counted: a site without GPS may take it (assume_coordinates).
        ...(header.latitude !== undefined && header.longitude !== undefined
          ? { gps: { latitude: header.latitude, longitude: header.longitude } }
          : {}),
        processing_error: undefined,
        // Names this run's column object, so that cached columns of an earlier run are not reused.
        columns_version: task.id,
        // The counter's own scheme: a scheme change back to it reads the upload again.
        file_class_scheme: fileScheme?.id,
        reclassified_into: undefined,
        class_counts: undefined,
      },
      summaryStats: { vehicles: summary.vehicles, quality: results },
    });
    // The organisation reviews every file: its admins are told this one waits.
    if (settings.request_user_approve_quality && !reprocess) {
      await deps.ingest.notify({
        organisationId: file.organisationId,
        userId: null,
        functionId: 'file_review',
        message: { trafficdatafile_id: file.id, source: 'ingest', user_approved_dc: false },
      });
    }
    // A file that passed joins its site at once: the site's rollups are rebuilt.
    if (reviewStatus === 'PDC' && !reprocess) {
      await deps.queue.enqueue({
        functionName: 'refresh_site_rollups',
        organisationId: file.organisationId,
        userId: task.userId,
        payload: { siteId: site.id },
      });
    }
    return {
      // Counters of people and bicycles say what they counted, not 'vehicles'.
      message: isIntervals
        ? serverMessage(
            file.kind === 'bike' ? 'taskFileProcessedBicycles' : 'taskFileProcessedPedestrians',
            {
              count: summary.vehicles,
              file: file.fileName,
              site: site.name,
              rule: match.rule,
              status: reviewStatus,
            },
          )
        : serverMessage('taskFileProcessed', {
            vehicles: summary.vehicles,
            file: file.fileName,
            site: site.name,
            rule: match.rule,
            status: reviewStatus,
          }),
      result: {
        fileId: file.id,
        siteId: site.id,
        vehicles: summary.vehicles,
        reviewStatus,
        rule: match.rule,
      },
    };
  };
}
