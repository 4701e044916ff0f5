import {
  createQualityAccumulator,
  QUALITY_REASONS,
  runIntervalQualityTests,
  type QualityTestName,
  type QualityTestResult,
} from '@roadcount/analytics';
import {
  DEFAULT_ORGANISATION_SETTINGS,
  type OrganisationSettings,
  serverMessage,
} from '@roadcount/domain';
import { LocalTimeConverter } from '@roadcount/formats';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import type { IngestRepository } from './ingest.repository.ts';

/** Statuses a reviewer chose; a recalculation keeps them. */
const REVIEWED = new Set(['ACC', 'REJ']);

/**
 * The recalculate_data_quality task: reruns the quality tests on every processed file of a site
 * with the organisation's current thresholds, from the stored columns. Files nobody reviewed get
 * the status the tests now give (passed, or waiting for review); then the rollups are rebuilt.
 */
export function createRecalculateQualityHandler(deps: {
  ingest: IngestRepository;
  siteData: SiteData;
  queue: TaskQueue;
}) {
  return async function recalculateQuality(
    task: Job<'recalculate_data_quality'>,
  ): Promise<TaskOutcome> {
    const { siteId } = task.payload;
    const site = await deps.ingest.findLiveSite(siteId);
    if (!site) throw new PermanentTaskError(serverMessage('taskSiteMissing', { site: siteId }));
    const organisation = await deps.ingest.findOrganisation(site.ownerOrganisationId);
    const settings: OrganisationSettings = {
      ...DEFAULT_ORGANISATION_SETTINGS,
      ...(organisation?.preferences ?? {}),
    };
    const thresholds = {
      minSurveyHours: settings.min_survey_hours,
      lowestMaxAdt: settings.lowest_max_adt,
      minAverageRho: settings.min_average_rho,
      maxUnclassifiablePercent: settings.max_unclassifiable_percent,
      lengthOutlierFactor: settings.length_outlier_factor,
    };
    const local = new LocalTimeConverter(site.timeZone);
    const offsetAt = (utcMs: number) => local.offsetAt(utcMs);
    const files = await deps.ingest.processedSiteFiles(site.id);
    let failing = 0;
    let tested = 0;
    for (const file of files) {
      // A file rejected while reading has no stored columns to test.
      if (typeof file.logs.data_kind !== 'string') continue;
      let results: Partial<Record<QualityTestName, QualityTestResult>>;
      if (file.logs.data_kind === 'intervals') {
        const intervals = await deps.siteData.fileIntervals(file.id);
        results = runIntervalQualityTests(intervals, thresholds, offsetAt);
      } else {
        const quality = createQualityAccumulator(thresholds, offsetAt);
        for await (const batch of deps.siteData.fileVehicleBatches(file.id)) quality.add(batch);
        results = quality.results();
      }
      const failed = Object.fromEntries(
        Object.entries(results)
          .filter(([, result]) => !result.passed)
          .map(([name, result]) => [
            name,
            { ...result, reason: QUALITY_REASONS[name as QualityTestName] },
          ]),
      );
      tested += 1;
      if (Object.keys(failed).length > 0) failing += 1;
      const needsReview = Object.keys(failed).length > 0 || settings.request_user_approve_quality;
      const reviewStatus =
        file.reviewStatus && REVIEWED.has(file.reviewStatus)
          ? file.reviewStatus
          : needsReview
            ? 'WFR'
            : 'PDC';
      await deps.ingest.updateFile(file.id, {
        reviewStatus,
        logs: { ...file.logs, data_qc_tests: failed },
        summaryStats: { ...(file.summaryStats ?? {}), quality: results },
      });
    }
    await deps.queue.enqueue({
      functionName: 'refresh_site_rollups',
      organisationId: site.ownerOrganisationId,
      userId: task.userId,
      payload: { siteId: site.id },
    });
    return {
      message: serverMessage('taskQualityRecalculated', { site: site.name, tested, failing }),
      result: { siteId: site.id, files: tested, failing },
    };
  };
}
