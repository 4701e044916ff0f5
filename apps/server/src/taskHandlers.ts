// The task handlers, made once for both places tasks run: the `npm start` process and the
// `npm run worker` process (which builds nothing else: no HTTP, GraphQL or analysis threads).
import { readFileSync } from 'node:fs';
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
import { createRefreshRollupsHandler, type SiteData } from './features/siteData/index.ts';
import { createDeleteSiteHandler } from './features/sites/deleteSite.task.ts';
import { createMergeSitesHandler } from './features/sites/mergeSites.task.ts';
import { createSitesRepository } from './features/sites/sites.repository.ts';
import {
  createGenerateReportHandler,
  type SiteDetailSource,
  type VehiclesCsvSource,
} from './features/reports/generateReport.task.ts';
import { createReportsRepository } from './features/reports/reports.repository.ts';
import { createViewerRepository } from './infra/auth/viewer.repository.ts';

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
  /** The analysis service's site-detail answer, which reports read their figures from. */
  siteDetail: SiteDetailSource;
  /** The analysis service's vehicles CSV, which the individual vehicles and event list read. */
  vehiclesCsv: VehiclesCsvSource;
  reportRetentionMs: number;
}): TaskHandlers {
  const { db, siteData, queue, mailer, publicUrl } = deps;
  const ingest = createIngestRepository(db);
  const sites = createSitesRepository(db);
  const processFile = createProcessFileHandler({
    ingest,
    sites: createSiteMatchingRepository(db),
    siteData,
    queue,
  });
  const generateReport = createGenerateReportHandler({
    reports: createReportsRepository(db),
    blobs: deps.blobs,
    queue,
    users: createViewerRepository(db),
    mailer,
    publicUrl,
    siteDetail: deps.siteDetail,
    vehiclesCsv: deps.vehiclesCsv,
    retentionMs: deps.reportRetentionMs,
    softwareVersion: SOFTWARE_VERSION,
  });
  return {
    process_file: processFile,
    generate_site_reports: generateReport,
    custom_report: generateReport,
    zip_download_eco_files: generateReport,
    process_national_platform_file: processFile,
    refresh_site_rollups: createRefreshRollupsHandler(siteData),
    delete_site: createDeleteSiteHandler({ sites, siteData, mailer, publicUrl }),
    merge_sites: createMergeSitesHandler({ sites, siteData, mailer, publicUrl }),
    site_change_scheme: createReprocessSiteHandler({ ingest, queue, processFile }),
    recalculate_data_quality: createRecalculateQualityHandler({ ingest, siteData, queue }),
  };
}
