import {
  columnBatchesFromArrow,
  intervalsFromArrow,
  type IntervalColumns,
  type VehicleColumns,
} from '@roadcount/analytics';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { withMappedDirections, type DirectionMap } from './directionMap.ts';
import { randomAccessOf } from './randomAccess.ts';
import { storedKeys } from './storedForms.ts';

/**
 * A stored column object's record batches, one at a time: from the open file where the store
 * has one, so that a file of any size is held one batch at a time; else (an object store, or a
 * realtime day's object, which is appended to) over its bytes as one write left them, without
 * copying its columns.
 */
export async function* storedColumnBatches(
  blobs: BlobStore,
  key: string,
): AsyncGenerator<VehicleColumns> {
  const handle = await blobs.openFile?.(key);
  if (!handle) {
    yield* columnBatchesFromArrow(await blobs.getBytes(key));
    return;
  }
  try {
    const size = (await handle.stat()).size;
    yield* columnBatchesFromArrow(randomAccessOf(handle, size, 'column file'));
  } finally {
    await handle.close();
  }
}

/** A vehicle file's batches with its directions as they count on its site. */
export async function* vehicleBatches(
  blobs: BlobStore,
  file: { id: string; directionMap?: DirectionMap },
): AsyncGenerator<VehicleColumns> {
  for await (const batch of storedColumnBatches(blobs, storedKeys.columns(file.id)))
    yield withMappedDirections(batch, file.directionMap);
}

/** An interval-count file's counts with its directions as they count on its site. */
export async function readIntervals(
  blobs: BlobStore,
  file: { id: string; directionMap?: DirectionMap },
): Promise<IntervalColumns> {
  return withMappedDirections(
    intervalsFromArrow(await blobs.getBytes(storedKeys.intervals(file.id))),
    file.directionMap,
  );
}
