// The analysis threads and the service that asks them, as both places that answer figures
// build them: the `npm start` process (site detail, reports) and a `npm run worker` process
// that takes report tasks (which read their figures through the same threads).
import type { Config } from './config.ts';
import { createAnalysisService } from './features/analysis/analysis.service.ts';
import { createAnalysisPool } from './features/analysis/analysisPool.ts';
import { createExclusionsRepository } from './features/exclusions/exclusions.repository.ts';
import {
  createExclusionsService,
  timeExclusions,
} from './features/exclusions/exclusions.service.ts';
import { createFactorGroupsRepository } from './features/factorGroups/factorGroups.repository.ts';
import { createFactorGroupsService } from './features/factorGroups/factorGroups.service.ts';
import { createFigureExplanationRepository } from './features/figureExplanation/figureExplanation.repository.ts';
import { createFigureExplanationService } from './features/figureExplanation/figureExplanation.service.ts';
import type { SiteData } from './features/siteData/index.ts';
import { createSitesRepository } from './features/sites/sites.repository.ts';
import type { Access } from './infra/access/access.ts';
import type { Database } from './infra/db/database.ts';

export function createAnalysis(deps: {
  config: Config;
  db: Database;
  siteData: SiteData;
  access: Access;
}) {
  const { config, db, siteData, access } = deps;
  const pool = createAnalysisPool({
    dataDir: config.dataDir,
    s3: config.s3,
    cacheBytes: config.columnCacheBytes,
    warmUp: config.analysisWarmUp,
    threads: config.analysisThreads,
    splitVehicles: config.analysisSplitVehicles,
  });
  const sites = createSitesRepository(db);
  const exclusions = createExclusionsService(
    createExclusionsRepository(db),
    access,
    siteData.excludedWindows,
  );
  // The AADT every figure states comes from one decision, the factor groups' (issue 25).
  const factorGroups = createFactorGroupsService({
    repository: createFactorGroupsRepository(db),
    access,
    dailyVolumes: (siteId) => siteData.dailyVolumes(siteId),
  });
  const service = createAnalysisService({
    siteData,
    pool,
    access,
    speedLimits: (siteId) => sites.speedLimits(siteId),
    exclusions: {
      vehicleExclusions: (organisationId, ids) => exclusions.vehicleExclusions(organisationId, ids),
      excludedPeriods: (siteId) => exclusions.excludedPeriods(siteId),
      timeExclusions,
    },
    siteAadt: (site) => factorGroups.aadtOfSite(site),
  });
  // Issue 36: each figure says how it was made, from the same services that make it.
  const figureExplanation = createFigureExplanationService({
    access,
    repository: createFigureExplanationRepository(db),
    siteDetail: (viewer, query) => service.siteDetail(viewer, query),
    countSummary: (viewer, siteId, payload, minutes) =>
      service.countSummary(viewer, siteId, payload, minutes),
    dataKinds: (siteId) => siteData.dataKinds(siteId),
    dailyVolumes: (siteId) => siteData.dailyVolumes(siteId),
    siteAadt: (site) => factorGroups.aadtOfSite(site),
    speedLimits: (siteId) => sites.speedLimits(siteId),
  });
  return {
    pool,
    service,
    exclusions,
    factorGroups,
    figureExplanation,
    /** What the report tasks read their figures from. */
    reports: {
      siteDetail: (...args: Parameters<typeof service.reportFigures>) =>
        service.reportFigures(...args),
      vehiclesCsv: (...args: Parameters<typeof service.vehiclesCsv>) =>
        service.vehiclesCsv(...args),
      retentionMs: config.reportRetentionMs,
      /** The figures' explanations, for the reports' 'How these figures were made' part. */
      explainFigures: (...args: Parameters<typeof figureExplanation.explainFigures>) =>
        figureExplanation.explainFigures(...args),
    },
  };
}
