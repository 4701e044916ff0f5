// The one module that owns a site's stored data (docs/storage.md): blob keys, stored forms,
// their readers and writers, which files count, merged files' direction maps, and rollups.
export { createArrowColumnsWriter } from './columnStreams.ts';
export { composeDirectionMaps, directionMapOf, type DirectionMap } from './directionMap.ts';
export { preparedSiteColumns } from './preparedSiteColumns.ts';
export { reclassifyStoredFile } from './reclassify.ts';
export { createRollupSeriesCache, type RollupSeriesCache } from './rollupSeriesCache.ts';
export { DailyTotals, HourlyCounts } from './rollups.ts';
export { createRefreshRollupsHandler, type FlagBadData } from './refreshRollups.task.ts';
export { createRefreshSummaryStatisticsHandler } from './refreshSummaryStatistics.task.ts';
export { type RealtimeDayFiles } from './realtimeDays.ts';
export { createSiteData, type SiteData } from './siteData.ts';
export {
  JOINED_STATUSES,
  REALTIME_FILE_KIND,
  rawUploadKey,
  storedKeys,
  type StoredColumns,
  type VehicleSpan,
} from './storedForms.ts';
