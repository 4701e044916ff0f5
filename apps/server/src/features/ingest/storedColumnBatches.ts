import { columnBatchesFromArrow, type VehicleColumns } from '@roadcount/analytics';
import type { BlobStore } from '../../infra/blob/blobStore.ts';

/**
 * A stored column object's record batches, one at a time: from the open file where the store
 * has one, so that a file of any size is held one batch at a time; else over its bytes, without
 * copying its columns.
 */
export async function* storedColumnBatches(
  blobs: BlobStore,
  key: string,
): AsyncGenerator<VehicleColumns> {
  const source = blobs.openFile ? await blobs.openFile(key) : await blobs.getBytes(key);
  try {
    yield* columnBatchesFromArrow(source);
  } finally {
    if (!(source instanceof Uint8Array)) await source.close();
  }
}
