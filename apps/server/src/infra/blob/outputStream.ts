import { Readable } from 'node:stream';

/**
 * A byte stream that its writer fills and a store's put empties. `drained` tells the writer when
 * to wait, so that what is written but not yet stored stays bounded whatever the file's size
 * (a writer that never waits holds every batch the store has not yet taken).
 */
export interface OutputStream {
  readonly stream: Readable;
  /** Adds a chunk (not copied: it must not change until stored); ignored once aborted. */
  write: (chunk: Uint8Array) => void;
  /** Resolves once less than the high-water mark waits (or the stream has ended or failed). */
  drained: () => Promise<void>;
  end: () => void;
  /** Ends the stream with `error`, which the store's put then answers. */
  abort: (error: Error) => void;
}

/** Bytes an output stream holds before its writer is told to wait. */
export const OUTPUT_HIGH_WATER_BYTES = 16 << 20;

export function createOutputStream(highWaterBytes = OUTPUT_HIGH_WATER_BYTES): OutputStream {
  let waiting: (() => void)[] = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };
  // The store asks for more (`read`) once what the stream holds falls under the mark.
  const stream = new Readable({ highWaterMark: highWaterBytes, read: wake });
  stream.once('close', wake);
  return {
    stream,
    write: (chunk) => {
      if (!stream.destroyed) stream.push(chunk);
    },
    drained: () =>
      stream.destroyed || stream.readableEnded || stream.readableLength < highWaterBytes
        ? Promise.resolve()
        : new Promise((resolve) => waiting.push(resolve)),
    end: () => {
      if (!stream.destroyed) stream.push(null);
    },
    abort: (error) => {
      stream.destroy(error);
    },
  };
}

/** The chunks of `source`, each read once `drained` resolves: reading waits on its outputs. */
export async function* pacedBy<T>(
  source: AsyncIterable<T>,
  drained: () => Promise<unknown> | undefined,
): AsyncGenerator<T> {
  for await (const chunk of source) {
    await drained();
    yield chunk;
  }
}
