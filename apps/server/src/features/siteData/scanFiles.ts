import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  preparedFromScanFiles,
  scanFileChunks,
  type Allocate,
  type PreparedColumns,
  type RandomAccessFile,
} from '@roadcount/analytics';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { randomAccessOf, randomAccessOfBytes } from './randomAccess.ts';
import { storedColumnBatches } from './readers.ts';
import type { StoredColumns } from './storedForms.ts';

/**
 * Writes the scan file of a file's column object (`columnsKey`), reading the columns a batch at
 * a time, twice (ingest's fallback when its batches could not be coded as they came). Answers false when the
 * file's measures cannot be coded exactly: its site is then prepared from the column objects
 * when it loads.
 */
export async function writeScanFile(
  blobs: BlobStore,
  columnsKey: string,
  scanKey: string,
  version: string,
): Promise<boolean> {
  const chunks = await scanFileChunks(() => storedColumnBatches(blobs, columnsKey), version);
  if (!chunks) {
    await blobs.delete(scanKey);
    return false;
  }
  await blobs.putStream(scanKey, Readable.from(chunks), Number.MAX_SAFE_INTEGER);
  return true;
}

/**
 * A site's prepared columns from its files' scan files, read straight into memory from
 * `memory`; null when a file has none usable (see `preparedFromScanFiles`).
 */
export async function preparedFromStoredScanFiles(
  blobs: BlobStore,
  columns: StoredColumns[],
  memory: Allocate,
): Promise<PreparedColumns | null> {
  const handles: FileHandle[] = [];
  try {
    const sources = [];
    for (const file of columns) {
      if (!file.scanKey) return null;
      let source: RandomAccessFile;
      try {
        // A realtime day's scan file, which is appended to, is read whole as one write left it.
        const handle = await blobs.openFile?.(file.scanKey);
        if (handle) {
          handles.push(handle);
          source = randomAccessOf(handle, (await handle.stat()).size, 'scan file');
        } else source = randomAccessOfBytes(await blobs.getBytes(file.scanKey), 'scan file');
      } catch {
        // No scan file (written before scan files were, or not codable).
        return null;
      }
      sources.push({ file: source, version: file.version, directionMap: file.directionMap });
    }
    return await preparedFromScanFiles(sources, memory);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
  }
}
