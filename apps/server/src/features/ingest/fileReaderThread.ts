import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { VehicleColumns } from '@roadcount/analytics';
import {
  FormatError,
  type CounterFileHeader,
  type IntervalObservation,
  type ReadSummary,
  type SiteContext,
} from '@roadcount/formats';
import type {
  FileReaderMessage,
  FileReaderRequest,
  FileReaderWorkerData,
} from './fileReader.protocol.ts';

/** A thread's start: it registers the TypeScript loader the API runs under (tsx), then the module. */
const tsxApi = pathToFileURL(
  join(
    dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  ),
).href;
const bootstrap = `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./fileReader.worker.ts', import.meta.url).href)}); })`;

export interface ThreadRead {
  key: string;
  fileName: string;
  intervalMode: 'bike' | 'pedestrian';
  /** As readCounterFile's; also answers whether classes come from lengths (done in the thread). */
  resolveSite: (
    header: CounterFileHeader,
  ) => Promise<{ context: SiteContext; classifyByLength: boolean }>;
  vehicles: (columns: VehicleColumns) => void;
  intervals: (intervals: IntervalObservation[]) => void;
}

interface Pending extends ThreadRead {
  taken: Int32Array;
  header?: CounterFileHeader;
  /** Matching the site failed here: the read ends with this error, not the thread's. */
  siteError?: unknown;
  resolve: (summary: ReadSummary) => void;
  reject: (error: unknown) => void;
}

/**
 * One thread (worker_threads) that reads uploaded counter files, started at once so that the
 * first file does not wait for it. The task worker matches the site when the thread reports the
 * header, and writes the column batches the thread hands back while it reads on.
 */
export function createFileReaderThread(settings: FileReaderWorkerData) {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  const send = (request: FileReaderRequest) => worker?.postMessage(request);

  function onMessage(message: FileReaderMessage) {
    const read = pending.get(message.id);
    if (!read) return;
    try {
      switch (message.type) {
        case 'header':
          read.header = message.header;
          read.resolveSite(message.header).then(
            ({ context, classifyByLength }) =>
              send({ type: 'site', id: message.id, context, classifyByLength }),
            (error: unknown) => {
              read.siteError = error;
              send({ type: 'site-failed', id: message.id });
            },
          );
          break;
        case 'vehicles':
          read.vehicles(message.columns);
          Atomics.add(read.taken, 0, 1);
          Atomics.notify(read.taken, 0);
          break;
        case 'intervals':
          read.intervals(message.intervals);
          break;
        case 'done': {
          pending.delete(message.id);
          // The directions a file names as it goes on fill the header the site was matched with.
          const header = read.header ?? message.summary.header;
          header.directions.splice(
            0,
            header.directions.length,
            ...message.summary.header.directions,
          );
          read.resolve({ ...message.summary, header });
          break;
        }
        case 'error': {
          pending.delete(message.id);
          if (read.siteError !== undefined) read.reject(read.siteError);
          else if (message.format)
            read.reject(
              Object.assign(new FormatError(message.message), {
                location: message.format.location,
              }),
            );
          else read.reject(new Error(message.message));
          break;
        }
      }
    } catch (error) {
      // Writing a batch failed here: the read ends with that error; later messages are dropped,
      // and the thread no longer waits for its batches to be taken.
      pending.delete(message.id);
      Atomics.store(read.taken, 0, 1 << 30);
      Atomics.notify(read.taken, 0);
      read.reject(error);
    }
    if (pending.size === 0) worker?.unref();
  }

  function start(): Worker {
    const started = new Worker(bootstrap, { eval: true, workerData: settings });
    started.on('message', onMessage);
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const read of pending.values()) read.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) =>
      fail(new Error(`the file-reading thread stopped (exit code ${code})`)),
    );
    started.unref();
    return started;
  }

  worker = start();

  return {
    read(options: ThreadRead): Promise<ReadSummary> {
      if (closed) return Promise.reject(new Error('the file-reading thread is closed'));
      worker ??= start();
      const id = nextId;
      nextId += 1;
      const taken = new SharedArrayBuffer(4);
      return new Promise<ReadSummary>((resolve, reject) => {
        pending.set(id, { ...options, taken: new Int32Array(taken), resolve, reject });
        worker?.ref();
        send({
          type: 'read',
          id,
          key: options.key,
          fileName: options.fileName,
          intervalMode: options.intervalMode,
          taken,
        });
      });
    },
    async close(): Promise<void> {
      closed = true;
      await worker?.terminate();
    },
  };
}

export type FileReaderThread = ReturnType<typeof createFileReaderThread>;
