// A vehicle file's stored forms written as streams for the blob store's put, batch by batch as
// they are made: the kernels encode (Arrow columns, scan files), the server streams and stores.
import {
  createArrowColumnsEncoder,
  ScanFileWriter,
  type ScanColumns,
  type VehicleColumns,
} from '@roadcount/analytics';
import { createOutputStream, type OutputStream } from '../../infra/blob/outputStream.ts';

/**
 * An Arrow IPC file written batch by batch as a stream: `write` each batch as it is built
 * (its arrays are written as they are, not copied: they must not change until stored), wait on
 * `drained` to keep what waits to be stored bounded, then `finish`; `abort` ends the stream
 * with the error.
 */
export function createArrowColumnsWriter(): {
  stream: OutputStream['stream'];
  write: (batch: VehicleColumns) => void;
  drained: () => Promise<void>;
  finish: () => void;
  abort: (error: Error) => void;
} {
  const encoder = createArrowColumnsEncoder();
  const output = createOutputStream();
  // The encoder's bytes move to the output as soon as it makes them, so that all that waits to
  // be stored is in the output, where `drained` sees it.
  void (async () => {
    try {
      for await (const chunk of encoder.chunks) output.write(chunk);
      output.end();
    } catch (error) {
      output.abort(error instanceof Error ? error : new Error('the column writer failed'));
    }
  })();
  return {
    stream: output.stream,
    write: encoder.write,
    drained: output.drained,
    finish: encoder.finish,
    abort: (error) => {
      output.abort(error);
      encoder.abort(error);
    },
  };
}

/**
 * A file's scan file written to a stream for a store's put as its batches are made (see
 * `ScanFileWriter`), so that ingest need not read its columns back.
 */
export function createScanFileStream(version: string): {
  stream: OutputStream['stream'];
  /** Writes a batch (its arrays must not change until stored). */
  add: (batch: ScanColumns) => void;
  drained: () => Promise<void>;
  /**
   * Ends the stream; false when the writer gave up, and the stream failed (nothing is stored):
   * the scan file is then written from the file's stored columns.
   */
  finish: () => boolean;
  abort: (error: Error) => void;
} {
  const writer = new ScanFileWriter(version);
  const output = createOutputStream();
  let written = true;
  return {
    stream: output.stream,
    add: (batch) => {
      if (!written) return;
      const chunks = writer.add(batch);
      if (chunks) for (const chunk of chunks) output.write(chunk);
      else {
        written = false;
        output.abort(new Error('scan file: not codable as the batches were made'));
      }
    },
    drained: output.drained,
    finish: () => {
      if (written) {
        for (const chunk of writer.finish()) output.write(chunk);
        output.end();
      }
      return written;
    },
    abort: output.abort,
  };
}
