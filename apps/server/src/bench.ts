// The server's one entry for the benchmarks in bench/: what they seed, read and time, and
// nothing else of its insides. A benchmark that needs more of the server adds it here.
export { createLocalBlobStore } from './infra/blob/blobStore.ts';
export { openDatabase, type Database } from './infra/db/database.ts';
export {
  organisations,
  siteDailyRollups,
  sites,
  trafficDataFiles,
  users,
} from './infra/db/schema.ts';
export { DEMO_ORGANISATION_NAME } from './features/demo/demo.seed.ts';
export { FILE_SORTS } from './features/files/files.repository.ts';
export {
  createArrowColumnsWriter,
  DailyTotals,
  HourlyCounts,
  reclassifyStoredFile,
  storedKeys,
} from './features/siteData/index.ts';
export { MAX_REQUEST_BINS } from './features/analysis/siteDetailBudget.ts';
