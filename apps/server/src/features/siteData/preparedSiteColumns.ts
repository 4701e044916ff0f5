import {
  columnBatchesFromArrow,
  prepareColumns,
  type Allocate,
  type PreparedColumns,
} from '@roadcount/analytics';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { withMappedDirections } from './directionMap.ts';
import { preparedFromStoredScanFiles } from './scanFiles.ts';
import type { StoredColumns } from './storedForms.ts';

/**
 * A site's columns prepared for the site-detail scan, in memory from `memory`: read as they are
 * from the files' scan files when every file has one that fits, else prepared from the column
 * objects (each record batch as it is: a file's columns joined whole would be a copy).
 */
export async function preparedSiteColumns(
  blobs: BlobStore,
  files: StoredColumns[],
  memory: Allocate,
): Promise<PreparedColumns> {
  const read = await preparedFromStoredScanFiles(blobs, files, memory);
  if (read) return read;
  const batches = [];
  for (const file of files)
    for await (const batch of columnBatchesFromArrow(await blobs.getBytes(file.key)))
      batches.push(withMappedDirections(batch, file.directionMap));
  return prepareColumns(batches, { memory });
}
