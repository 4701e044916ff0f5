import { directionMapOf, type DirectionMap } from './directionMap.ts';

/**
 * Where each stored form of a site's data is kept in the blob store (docs/storage.md): the
 * keys are known here and nowhere else.
 */
export const storedKeys = {
  /** A file as it was uploaded, kept whatever became of it. */
  rawUpload: (organisationId: string, fileId: string) => `uploads/${organisationId}/${fileId}`,
  /** A vehicle file's columns (Arrow IPC): the record, written once per processing run. */
  columns: (fileId: string) => `columns/${fileId}.arrow`,
  /** A vehicle file's scan file (RCSCAN01): its columns as the site-detail scan reads them. */
  scanFile: (fileId: string) => `scan/${fileId}.bin`,
  /** An interval-count file's counts (Arrow IPC). */
  intervals: (fileId: string) => `intervals/${fileId}.arrow`,
  /** A site's daily rollups packed for the map (RCS2), one object per rollup version. */
  rollupSeries: (siteId: string, version: number) => `rollups/${siteId}/${version}.bin`,
};

/** Review statuses of files whose data belongs to their site: passed, or accepted despite issues. */
export const JOINED_STATUSES = ['PDC', 'NRE', 'ACC'] as const;

/**
 * The kind of a realtime site's day file: its vehicles of one UTC day, correlated from its
 * arrays' sensor events and appended to as events arrive (there is no raw upload; its columns
 * are an Arrow IPC stream, docs/storage.md).
 */
export const REALTIME_FILE_KIND = 'realtime';

/** One of a site's stored vehicle files as the analysis threads read it. */
export interface StoredColumns {
  key: string;
  /** Changes when a reprocess rewrites the file's columns. */
  version: string;
  directionMap?: DirectionMap;
  /** The file's scan file, for vehicle columns. */
  scanKey?: string;
}

/** What a file's logs say of its stored data: its kind, its processing run and direction map. */
export function storedFileOf(file: { id: string; logs: Record<string, unknown> }) {
  const directionMap = directionMapOf(file.logs);
  return {
    id: file.id,
    kind: file.logs.data_kind === 'intervals' ? ('intervals' as const) : ('vehicles' as const),
    // A reprocess rewrites a file's columns under the same key, with a new version.
    version: typeof file.logs.columns_version === 'string' ? file.logs.columns_version : '',
    ...(directionMap ? { directionMap } : {}),
  };
}

/** Where an upload keeps a file as it was sent. */
export const rawUploadKey = storedKeys.rawUpload;

/** A vehicle file's span (UTC ms; null where its processing noted none) and its vehicles. */
export interface VehicleSpan {
  startMs: number | null;
  endMs: number | null;
  vehicles: number;
}
