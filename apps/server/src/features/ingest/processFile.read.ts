// Reading, the process_file task's first step: the raw upload through its format's reader, the
// header matched to a site as soon as it is read (`match`), each vehicle counted against the
// site's class scheme and stored a batch at a time as it comes (see `createVehicleOutputs`).
import {
  BATCH_ROWS,
  IntervalColumnsBuilder,
  VehicleColumnsBuilder,
  type QualityThresholds,
} from '@roadcount/analytics';
import { LENGTH_BINS_M } from '@roadcount/domain';
import { readCounterFile, type CounterFileHeader, type ReadSummary } from '@roadcount/formats';
import { pacedBy } from '../../infra/blob/outputStream.ts';
import type { SiteData } from '../siteData/index.ts';
import type { FileRow } from './ingest.repository.ts';
import type { FileMatch } from './processFile.match.ts';
import { createVehicleOutputs, type VehicleOutputs } from './processFile.store.ts';

/** Under the length scheme a vehicle's class is its length bin (1 to 4), whatever the counter said. */
export function lengthClass(lengthM: number): number {
  if (!Number.isFinite(lengthM) || lengthM <= 0) return 0;
  return 1 + LENGTH_BINS_M.filter((edge) => lengthM >= edge).length;
}

/** A file as read: its summary, its match, and what its vehicles showed of the site's scheme. */
export interface FileReading {
  summary: ReadSummary;
  /** Undefined when the reader found no header to match. */
  fileMatch: FileMatch | undefined;
  /** Vehicles of classes the site's scheme does not have. */
  outsideScheme: number;
  /** Vehicles without a length, when the site classifies by length. */
  withoutLength: number;
  /** The file has a second channel (a new site with placeholder directions gets direction two). */
  sawSecondChannel: boolean;
  /** The vehicle batches read but not yet stored, and where they go. */
  builder: VehicleColumnsBuilder;
  outputs: VehicleOutputs;
  intervalBuilder: IntervalColumnsBuilder;
}

/**
 * Reads the raw upload, storing its vehicles as they come; a failure ends what was stored and
 * is thrown on.
 */
export async function readUpload(
  deps: { siteData: SiteData; xlsxMaxInflatedBytes?: number },
  upload: {
    file: FileRow;
    taskId: string;
    thresholds: QualityThresholds;
    defaultTimeZone: string;
    match: (fromFile: CounterFileHeader) => Promise<FileMatch>;
  },
): Promise<FileReading> {
  const { file } = upload;
  let fileMatch: FileMatch | undefined;
  let classifyByLength = false;
  let inSiteScheme: Uint8Array = new Uint8Array(256);
  let outsideScheme = 0;
  let withoutLength = 0;
  let sawSecondChannel = false;
  // Batches only start once the header has given the site, and with it the time zone.
  const outputs = createVehicleOutputs(deps.siteData, {
    fileId: file.id,
    taskId: upload.taskId,
    thresholds: upload.thresholds,
    timeZone: () => fileMatch?.timeZone ?? upload.defaultTimeZone,
  });
  const builder = new VehicleColumnsBuilder(BATCH_ROWS, outputs.add);
  const intervalBuilder = new IntervalColumnsBuilder();
  try {
    const raw = pacedBy(await deps.siteData.rawUpload(file.s3Key), outputs.drained);
    const summary = await readCounterFile(raw, {
      fileName: file.fileName,
      ...(deps.xlsxMaxInflatedBytes === undefined
        ? {}
        : { maxXlsxInflatedBytes: deps.xlsxMaxInflatedBytes }),
      resolveSite: async (fromFile) => {
        fileMatch = await upload.match(fromFile);
        ({ classifyByLength, inSiteScheme } = fileMatch);
        return { timeZone: fileMatch.timeZone, laneDirections: fileMatch.laneDirections };
      },
      sink: {
        vehicle: (vehicle) => {
          if (vehicle.lane === 2) sawSecondChannel = true;
          if (classifyByLength) {
            if (!(vehicle.lengthM > 0)) withoutLength += 1;
            builder.push({ ...vehicle, classIndex: lengthClass(vehicle.lengthM) });
            return;
          }
          if (inSiteScheme[vehicle.classIndex] !== 1) outsideScheme += 1;
          builder.push(vehicle);
        },
        interval: (interval) => {
          if (interval.lane === 2) sawSecondChannel = true;
          intervalBuilder.push(interval);
        },
      },
      intervalMode: file.kind === 'bike' ? 'bike' : 'pedestrian',
    });
    return {
      summary,
      fileMatch,
      outsideScheme,
      withoutLength,
      sawSecondChannel,
      builder,
      outputs,
      intervalBuilder,
    };
  } catch (error) {
    await outputs.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
