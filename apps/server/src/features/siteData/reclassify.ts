import { reclassifiedBatch, type RecordShape } from '@roadcount/analytics';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { createArrowColumnsWriter, createScanFileStream } from './columnStreams.ts';
import { storedColumnBatches } from './readers.ts';
import { writeScanFile } from './scanFiles.ts';
import { storedKeys } from './storedForms.ts';

/**
 * Rewrites a vehicle file's column object and scan file with each vehicle's class worked out
 * again from its stored measures (`version`: the run that rewrites them). The old object is
 * read a batch at a time while the new one is written beside it and put in its place once
 * whole, so a failure leaves the file as it was. Answers the vehicles counted per new class.
 */
export async function reclassifyStoredFile(
  blobs: BlobStore,
  fileId: string,
  classify: (vehicle: RecordShape) => number,
  version: string,
): Promise<Map<number, number>> {
  const columnsKey = storedKeys.columns(fileId);
  const scanKey = storedKeys.scanFile(fileId);
  const writer = createArrowColumnsWriter();
  const stored = blobs.putStream(columnsKey, writer.stream, Number.MAX_SAFE_INTEGER);
  stored.catch(() => undefined);
  const scan = createScanFileStream(version);
  const scanStored = blobs.putStream(scanKey, scan.stream, Number.MAX_SAFE_INTEGER);
  scanStored.catch(() => undefined);
  const counts = new Map<number, number>();
  try {
    for await (const batch of storedColumnBatches(blobs, columnsKey)) {
      const next = reclassifiedBatch(batch, classify, counts);
      writer.write(next);
      scan.add(next);
      await Promise.all([writer.drained(), scan.drained()]);
    }
  } catch (error) {
    const reason = error instanceof Error ? error : new Error(String(error));
    writer.abort(reason);
    scan.abort(reason);
    await stored.catch(() => undefined);
    await scanStored.catch(() => undefined);
    throw error;
  }
  writer.finish();
  const scanWritten = scan.finish();
  await stored;
  if (scanWritten) await scanStored;
  else {
    await scanStored.catch(() => undefined);
    await writeScanFile(blobs, columnsKey, scanKey, version);
  }
  return counts;
}
