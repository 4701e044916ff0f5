import type { SiteDetail, SpeedLimit, VehicleFilter } from '@roadcount/analytics';

/** What the API asks an analysis thread: one site's figures from its column files. */
export interface SiteDetailRequest {
  id: number;
  siteId: string;
  /** Blob keys of the site's column files; the cached columns are valid for this very list. */
  columnKeys: string[];
  timeZone: string;
  filter: VehicleFilter;
  binMinutes: number;
  speedLimits: SpeedLimit[];
  heavyClasses: number[];
  units: 'metric' | 'imperial';
}

export type SiteDetailResponse = { id: number; detail: SiteDetail } | { id: number; error: string };

/** Where an analysis thread reads column files from, and how much it may keep. */
export interface AnalysisWorkerData {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined;
  cacheBytes: number;
}
