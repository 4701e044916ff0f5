import type { StoredColumns } from '../siteData/threads.ts';
import type {
  PartialScan,
  PreparedColumns,
  SiteDetail,
  SiteDetailPart,
  SpeedLimit,
  VehicleFilter,
} from '@roadcount/analytics';

/** A stored column file of a site, with the direction map a merge gave it. */
export type { StoredColumns };

/** How the figures are asked for: the same for the whole scan and for each part of it. */
export interface ScanSettings {
  timeZone: string;
  filter: VehicleFilter;
  binMinutes: number;
  speedLimits: SpeedLimit[];
  heavyClasses: number[];
  units: 'metric' | 'imperial';
  /** The parts of the answer to work out; all when absent. */
  parts?: SiteDetailPart[];
}

/** What the API asks an analysis thread: one site's figures from its column files. */
export interface SiteDetailRequest extends ScanSettings {
  kind: 'siteDetail';
  id: number;
  siteId: string;
  /** The site's column files; the cached columns are valid for this very list. */
  columns: StoredColumns[];
  /** How many other threads are idle and may scan a part of the window. */
  helpers: number;
  /** The time bins as JSON text (UTF-8) rather than as values. */
  binsAsJson?: boolean;
  /**
   * Shared memory the pool sets to 1 when the caller no longer waits (its client went away):
   * the thread drops the request if it has not started, or stops its scan between pieces.
   */
  cancel?: Int32Array;
}

/** Why a request ended without an answer: dropped before it started, or stopped as it ran. */
export type CancelledWhen = 'queued' | 'running';

/** The answer, its time bins as columns or as their JSON text (handed over, not copied). */
export type SiteDetailResponse =
  | { kind: 'siteDetail'; id: number; detail: SiteDetail }
  | { kind: 'siteDetail'; id: number; detail: Omit<SiteDetail, 'bins'>; binsJson: Uint8Array }
  | { kind: 'siteDetail'; id: number; error: string }
  | { kind: 'siteDetail'; id: number; cancelled: CancelledWhen };

/**
 * A part of a scan one thread asks another to do (through the API thread): the site's columns
 * in shared memory, and the pieces of the window to claim from a counter they share.
 */
export interface PartRequest extends ScanSettings {
  kind: 'part';
  /** Numbered by the thread that asks; the API thread numbers it again for the thread that scans. */
  partId: number;
  prepared: PreparedColumns;
  /** Piece `i` of the window is the times `bounds[i]..bounds[i + 1]`. */
  bounds: number[];
  /** Shared: the next piece to claim (at 0), then who claimed each piece (0: nobody yet). */
  pieces: Int32Array;
  /** Pieces claimed from the counter: those before this; the later ones are reserved. */
  shared: number;
  /** The piece reserved for this part's thread (it starts with it), and what it notes as claimer. */
  reserved: number;
  claimer: number;
  /** The asking request's cancel flag: the part stops claiming pieces once it is set. */
  cancel?: Int32Array;
}

/** The counts of a part, or why it could not be scanned. */
export type PartResponse =
  | { kind: 'part'; partId: number; scan: PartialScan; pieces: number }
  | { kind: 'part'; partId: number; error: string };

export type ToAnalysisThread = SiteDetailRequest | PartRequest | PartResponse;
/** A thread tells it is ready for its first site (warmed up, when it warms up). */
export interface ReadyNotice {
  kind: 'ready';
}

export type FromAnalysisThread = SiteDetailResponse | PartRequest | PartResponse | ReadyNotice;

/** Where an analysis thread reads column files from, and how much it may keep. */
export interface AnalysisWorkerData {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined;
  cacheBytes: number;
  /** Ready the thread as it starts: the scan compiled, the cache's memory touched. */
  warmUp: boolean;
  /** A window is cut into pieces shared with other threads only when each has this many vehicles. */
  splitVehicles: number;
}
