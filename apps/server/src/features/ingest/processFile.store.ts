// Storing, the process_file task's third step: a vehicle file's columns go to the column object,
// the scan file and the quality tests a batch at a time as they are read; an interval file's
// counts are stored once read.
import {
  createQualityAccumulator,
  runIntervalQualityTests,
  type IntervalColumns,
  type QualityTestName,
  type QualityTestResult,
  type QualityThresholds,
  type VehicleColumns,
} from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import type { SiteData } from '../siteData/index.ts';

export type QualityResults = Partial<Record<QualityTestName, QualityTestResult>>;

/**
 * Where a vehicle file's batches go as they are read: the column object, the scan file (the
 * columns as the site-detail scan reads them, so that a site loads by reading files) and the
 * quality tests. Reading waits while either object has much still to store (`drained`), so that
 * memory stays flat whatever the file's size. The outputs open at the first batch, which comes
 * once the header has given the site, and with it the time zone (`timeZone`).
 */
export function createVehicleOutputs(
  siteData: SiteData,
  target: {
    fileId: string;
    taskId: string;
    thresholds: QualityThresholds;
    timeZone: () => string;
  },
) {
  let columnsOutput:
    | {
        writer: ReturnType<SiteData['columnsWriter']>['writer'];
        stored: Promise<unknown>;
        quality: ReturnType<typeof createQualityAccumulator>;
        scan: ReturnType<SiteData['scanFileWriter']>['scan'];
        scanStored: Promise<unknown>;
      }
    | undefined;
  const outputColumns = (batch?: VehicleColumns) => {
    if (!columnsOutput) {
      const local = new LocalTimeConverter(target.timeZone());
      const { writer, stored } = siteData.columnsWriter(target.fileId);
      // Awaited once the file is read; this only keeps an early failure from going unhandled.
      stored.catch(() => undefined);
      const quality = createQualityAccumulator(target.thresholds, (utcMs) => local.offsetAt(utcMs));
      const { scan, stored: scanStored } = siteData.scanFileWriter(target.fileId, target.taskId);
      scanStored.catch(() => undefined);
      columnsOutput = { writer, stored, quality, scan, scanStored };
    }
    if (batch) {
      columnsOutput.writer.write(batch);
      columnsOutput.quality.add(batch);
      columnsOutput.scan.add(batch);
    }
    return columnsOutput;
  };
  return {
    /** Stores a full batch. */
    add: (batch: VehicleColumns): void => {
      outputColumns(batch);
    },
    /** Resolves once neither object has much still to store. */
    drained: () =>
      columnsOutput && Promise.all([columnsOutput.writer.drained(), columnsOutput.scan.drained()]),
    /** Ends what was opened with `reason`, once reading failed. */
    async abort(reason: Error): Promise<void> {
      if (!columnsOutput) return;
      columnsOutput.writer.abort(reason);
      columnsOutput.scan.abort(reason);
      await columnsOutput.stored.catch(() => undefined);
      await columnsOutput.scanStored.catch(() => undefined);
    },
    /** Stores the last batches and waits for both objects; answers the quality tests' results. */
    async finish(lastBatches: Iterable<VehicleColumns>): Promise<QualityResults> {
      for (const batch of lastBatches) outputColumns(batch);
      const output = outputColumns();
      output.writer.finish();
      const scanWritten = output.scan.finish();
      await output.stored;
      if (scanWritten) await output.scanStored;
      else {
        // A measure that the first batch coded at too coarse a scale: coded from the columns.
        await output.scanStored.catch(() => undefined);
        await siteData.writeScanFile(target.fileId, target.taskId);
      }
      return output.quality.results();
    },
  };
}

export type VehicleOutputs = ReturnType<typeof createVehicleOutputs>;

/** Stores an interval file's counts and answers their quality tests' results. */
export async function storeIntervals(
  siteData: SiteData,
  fileId: string,
  intervals: IntervalColumns,
  thresholds: QualityThresholds,
  timeZone: string,
): Promise<QualityResults> {
  await siteData.writeIntervals(fileId, intervals);
  const local = new LocalTimeConverter(timeZone);
  return runIntervalQualityTests(intervals, thresholds, (utcMs) => local.offsetAt(utcMs));
}
