import type {
  PackedTimeBins,
  SiteDetail,
  SiteDetailPart,
  SpeedLimit,
  VehicleFilter,
} from '@roadcount/analytics';

/** A stored column file of a site, with the direction map a merge gave it. */
export interface StoredColumns {
  key: string;
  /** Changes when a reprocess rewrites the file's columns. */
  version: string;
  directionMap?: Record<string, number>;
}

/** What the API asks an analysis thread: one site's figures from its column files. */
export interface SiteDetailRequest {
  id: number;
  siteId: string;
  /** The site's column files; the cached columns are valid for this very list. */
  columns: StoredColumns[];
  timeZone: string;
  filter: VehicleFilter;
  binMinutes: number;
  speedLimits: SpeedLimit[];
  heavyClasses: number[];
  units: 'metric' | 'imperial';
  /** The parts of the answer to work out; all when absent. */
  parts?: SiteDetailPart[];
}

/** The answer, its time bins packed into flat arrays (handed over, not copied object by object). */
export type SiteDetailResponse =
  | { id: number; detail: Omit<SiteDetail, 'bins'>; bins: PackedTimeBins }
  | { id: number; error: string };

/** Where an analysis thread reads column files from, and how much it may keep. */
export interface AnalysisWorkerData {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined;
  cacheBytes: number;
}
