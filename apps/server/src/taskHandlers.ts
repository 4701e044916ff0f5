import { serverMessage } from '@roadcount/domain';
// The task handlers, made once for both places tasks run: the `npm start` process and the
// `npm run worker` process (which builds nothing else: no HTTP, GraphQL or analysis threads).
import { readFileSync } from 'node:fs';
import { createBadDataRepository } from './features/badData/badData.repository.ts';
import { flagBadData } from './features/badData/badData.service.ts';
import type { BlobStore } from './infra/blob/blobStore.ts';
import type { Database } from './infra/db/database.ts';
import type { Mailer } from './infra/mail/mailer.ts';
import type { TaskQueue } from './infra/queue/taskQueue.ts';
import type { TaskHandlers } from './infra/queue/worker.ts';
import { createIngestRepository } from './features/ingest/ingest.repository.ts';
import { createProcessFileHandler } from './features/ingest/processFile.task.ts';
import { createRecalculateQualityHandler } from './features/ingest/recalculateQuality.task.ts';
import { createReprocessSiteHandler } from './features/ingest/reprocessSite.task.ts';
import { createSiteMatchingRepository } from './features/ingest/siteMatching.repository.ts';
import {
  createRefreshRollupsHandler,
  createRefreshSummaryStatisticsHandler,
  type SiteData,
} from './features/siteData/index.ts';
import { createDeleteSiteHandler } from './features/sites/deleteSite.task.ts';
import { createMergeSitesHandler } from './features/sites/mergeSites.task.ts';
import { createSitesRepository } from './features/sites/sites.repository.ts';
import { createNotifier } from './infra/notifications/notifier.repository.ts';
import { createSurveysRepository } from './features/surveys/surveys.repository.ts';
import { createSurveyProgress } from './features/surveys/surveys.service.ts';
import {
  createGenerateReportHandler,
  type ExplainFiguresSource,
  type VehiclesCsvSource,
} from './features/reports/generateReport.task.ts';
import type { SiteDetailSource } from './features/reports/siteDetailSource.ts';
import { createReportsRepository } from './features/reports/reports.repository.ts';
import { createViewerRepository } from './infra/auth/viewer.repository.ts';
import { createBillingRepository } from './features/billing/billing.repository.ts';
import { createDeleteLapsedHandler } from './features/billing/deleteLapsed.task.ts';
import { createGenerateBillsHandler } from './features/billing/generateBills.task.ts';
import { createChangelogRepository } from './features/changelog/changelog.repository.ts';
import { createSendChangelogHandler } from './features/changelog/sendChangelog.task.ts';
import {
  createEmptyVehiclesReuploadHandler,
  createProcessAfterReviewHandler,
} from './features/ingest/reupload.task.ts';
import { createStaffToolsRepository } from './features/staffTools/staffTools.repository.ts';
import {
  createAssumeCoordinatesHandler,
  createCleanEmptyFilesHandler,
  createCleanLanesHandler,
  createMoveSiteHandler,
} from './features/staffTools/staffTools.tasks.ts';
import { createResetDemoHandler } from './features/demo/resetDemo.task.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createAccess } from './infra/access/access.ts';
import { createFactorGroupsRepository } from './features/factorGroups/factorGroups.repository.ts';
import { createFactorGroupsService } from './features/factorGroups/factorGroups.service.ts';
import { createRealtimeRepository } from './features/realtime/realtime.repository.ts';
import { createRecorrelateHandler } from './features/realtime/recorrelate.task.ts';
import { createSiteDays } from './features/realtime/siteDays.ts';

/** The server's version, which every report states. */
const SOFTWARE_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

export function createTaskHandlers(deps: {
  db: Database;
  blobs: BlobStore;
  siteData: SiteData;
  queue: TaskQueue;
  mailer: Mailer;
  publicUrl: string;
  /**
   * What reports read their figures from (the analysis service): given by the `npm start`
   * process, which has the analysis threads; a `npm run worker` process has none, so it leaves
   * report tasks to the API processes that run tasks.
   */
  reports?: {
    siteDetail: SiteDetailSource;
    vehiclesCsv: VehiclesCsvSource;
    retentionMs: number;
    /** How the figures were made (issue 36), for the reports' part that says so. */
    explainFigures?: ExplainFiguresSource;
  };
  /** What an uploaded xlsx may inflate to; the readers' 200 MB unless set. */
  xlsxMaxInflatedBytes?: number;
  /** Whether a demo reset uploads the demo surveys again (as the first start does). */
  seedDemoSurveys?: boolean;
  log?: FastifyBaseLogger;
}): TaskHandlers {
  const { db, siteData, queue, mailer, publicUrl } = deps;
  const ingest = createIngestRepository(db);
  const notifier = createNotifier(db);
  const sites = createSitesRepository(db);
  const billing = createBillingRepository(db);
  const processFile = createProcessFileHandler({
    ingest,
    sites: createSiteMatchingRepository(db),
    siteData,
    queue,
    ...(deps.xlsxMaxInflatedBytes === undefined
      ? {}
      : { xlsxMaxInflatedBytes: deps.xlsxMaxInflatedBytes }),
  });
  const badData = createBadDataRepository(db);
  const refreshRollups = createRefreshRollupsHandler(siteData, (siteId, hours) =>
    flagBadData(badData, siteId, hours),
  );
  const surveyProgress = createSurveyProgress(createSurveysRepository(db));
  const generateReport =
    deps.reports &&
    createGenerateReportHandler({
      reports: createReportsRepository(db),
      blobs: deps.blobs,
      queue,
      users: createViewerRepository(db),
      mailer,
      publicUrl,
      siteDetail: withAadtAdjustment(deps.reports.siteDetail, db, siteData),
      vehiclesCsv: deps.reports.vehiclesCsv,
      retentionMs: deps.reports.retentionMs,
      ...(deps.reports.explainFigures ? { explainFigures: deps.reports.explainFigures } : {}),
      softwareVersion: SOFTWARE_VERSION,
      notifier,
    });
  const staffTools = { repository: createStaffToolsRepository(db), siteData, queue };
  const processAfterReview = createProcessAfterReviewHandler({ ingest, siteData });
  return {
    process_file: processFile,
    ...(generateReport
      ? {
          generate_site_reports: generateReport,
          custom_report: generateReport,
          zip_download_eco_files: generateReport,
        }
      : {}),
    process_national_platform_file: processFile,
    // A site's accepted data changed: its surveys' progress follows (SPEC section 4).
    refresh_site_rollups: async (task) => {
      const outcome = await refreshRollups(task);
      const completed = await surveyProgress.siteDataChanged(task.payload.siteId);
      return completed.length === 0
        ? outcome
        : {
            ...outcome,
            message: serverMessage('taskRollupsRebuiltSurveys', {
              site: String(outcome.result?.siteName),
              rows: Number(outcome.result?.rows),
              files: Number(outcome.result?.files),
              flagged: Number(outcome.result?.badDataFlagged),
              surveys: completed.length,
            }),
            result: { ...outcome.result, surveysCompleted: completed },
          };
    },
    refresh_summary_statistics: createRefreshSummaryStatisticsHandler({ siteData, queue }),
    delete_site: createDeleteSiteHandler({ sites, siteData, mailer, notifier, publicUrl }),
    merge_sites: createMergeSitesHandler({
      sites,
      siteData,
      flagBadData: (siteId, hours) => flagBadData(badData, siteId, hours),
      mailer,
      notifier,
      publicUrl,
    }),
    site_change_scheme: createReprocessSiteHandler({ ingest, queue, siteData, processFile }),
    recalculate_data_quality: createRecalculateQualityHandler({ ingest, siteData, queue }),
    generate_bills: createGenerateBillsHandler({ repository: billing, blobs: deps.blobs, queue }),
    delete_lapsed_organisations: createDeleteLapsedHandler({
      repository: billing,
      siteData,
      blobs: deps.blobs,
    }),
    send_changelog_email: createSendChangelogHandler({
      repository: createChangelogRepository(db),
      mailer,
      queue,
      publicUrl,
    }),
    // A review's verdict changes what counts at the site: its surveys' progress follows too.
    process_file_after_review: async (task) => {
      const outcome = await processAfterReview(task);
      const siteId = outcome.result.siteId;
      if (typeof siteId === 'string') await surveyProgress.siteDataChanged(siteId);
      return outcome;
    },
    recorrelate_sensor_events: createRecorrelateHandler({
      siteDays: createSiteDays({ repository: createRealtimeRepository(db), siteData }),
      queue,
    }),
    move_site_organisation: createMoveSiteHandler(staffTools),
    clean_lanes: createCleanLanesHandler(staffTools),
    assume_coordinates: createAssumeCoordinatesHandler(staffTools),
    clean_empty_files: createCleanEmptyFilesHandler(staffTools),
    empty_vehicles_reupload: createEmptyVehiclesReuploadHandler({
      ingest,
      siteData,
      queue,
      processFile,
    }),
    ...(deps.log
      ? {
          reset_demo_account: createResetDemoHandler({
            db,
            blobs: deps.blobs,
            siteData,
            queue,
            seedSurveys: deps.seedDemoSurveys ?? false,
            log: deps.log,
          }),
        }
      : {}),
  };
}

/**
 * Each site's whole figures with its AADT as issue 25 finds it (adjusted by its factor group's
 * factors, or AASHTO, or unadjusted), for the standard spreadsheet; answers without the summary
 * (a class's bins) are left as they are.
 */
function withAadtAdjustment(
  siteDetail: SiteDetailSource,
  db: Database,
  siteData: SiteData,
): SiteDetailSource {
  const factorGroups = createFactorGroupsService({
    repository: createFactorGroupsRepository(db),
    access: createAccess(db),
    dailyVolumes: (siteId) => siteData.dailyVolumes(siteId),
  });
  return async (viewer, query) => {
    const figures = await siteDetail(viewer, query);
    if (query.parts && !query.parts.includes('summary')) return figures;
    const aadt = await factorGroups.aadtOfSite({
      id: figures.site_id,
      siteType: figures.site_type,
    });
    return { ...figures, aadtAdjustment: aadt };
  };
}
