// A file-reading thread: parses uploads off the API's event loop and hands the vehicles back as
// column batches, so that the server answers requests and writes columns while it reads.
import { parentPort, workerData } from 'node:worker_threads';
import { COLUMN_NAMES, VehicleColumnsBuilder, type VehicleColumns } from '@roadcount/analytics';
import {
  FormatError,
  readCounterFile,
  type IntervalObservation,
  type SiteContext,
} from '@roadcount/formats';
import { createBlobStore } from '../../infra/blob/blobStore.ts';
import type {
  FileReaderMessage,
  FileReaderRequest,
  FileReaderWorkerData,
} from './fileReader.protocol.ts';
import { lengthClass } from './lengthClass.ts';

/** Rows per batch handed back: small enough that writing overlaps reading. */
const ROWS_PER_MESSAGE = 1 << 17;
const INTERVALS_PER_MESSAGE = 10_000;

const settings = workerData as FileReaderWorkerData;
const blobs = createBlobStore(settings);
const port = parentPort;
if (!port) throw new Error('fileReader.worker.ts runs as a worker thread');

const siteAnswers = new Map<
  number,
  {
    resolve: (answer: { context: SiteContext; classifyByLength: boolean }) => void;
    reject: () => void;
  }
>();

class SiteFailed extends Error {}

const post = (message: FileReaderMessage, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

/** Batches handed over but not yet written: beyond this the thread waits, so memory stays flat. */
const MOST_IN_FLIGHT = 4;

function postVehicles(id: number, columns: VehicleColumns, taken: Int32Array, posted: number) {
  // Each batch owns its buffers: they move to the task worker instead of being copied.
  const buffers = new Set(COLUMN_NAMES.map((name) => columns[name].buffer as ArrayBuffer));
  post({ type: 'vehicles', id, columns }, [...buffers]);
  for (;;) {
    const seen = Atomics.load(taken, 0);
    if (posted - seen <= MOST_IN_FLIGHT) return;
    Atomics.wait(taken, 0, seen, 1000);
  }
}

async function read(request: Extract<FileReaderRequest, { type: 'read' }>) {
  const { id } = request;
  let classifyByLength = false;
  const taken = new Int32Array(request.taken);
  let posted = 0;
  const handOver = (batch: VehicleColumns) => {
    posted += 1;
    postVehicles(id, batch, taken, posted);
  };
  const builder = new VehicleColumnsBuilder(ROWS_PER_MESSAGE, handOver);
  let intervals: IntervalObservation[] = [];
  try {
    const summary = await readCounterFile(await blobs.getStream(request.key), {
      fileName: request.fileName,
      intervalMode: request.intervalMode,
      resolveSite: async (header) => {
        const answer = new Promise<{ context: SiteContext; classifyByLength: boolean }>(
          (resolve, reject) =>
            siteAnswers.set(id, { resolve, reject: () => reject(new SiteFailed()) }),
        );
        post({ type: 'header', id, header });
        const { context, classifyByLength: byLength } = await answer;
        classifyByLength = byLength;
        return context;
      },
      sink: {
        vehicle: (vehicle) =>
          builder.push(
            classifyByLength ? { ...vehicle, classIndex: lengthClass(vehicle.lengthM) } : vehicle,
          ),
        interval: (interval) => {
          intervals.push(interval);
          if (intervals.length === INTERVALS_PER_MESSAGE) {
            post({ type: 'intervals', id, intervals });
            intervals = [];
          }
        },
      },
    });
    for (const batch of builder.batches()) handOver(batch);
    if (intervals.length > 0) post({ type: 'intervals', id, intervals });
    post({ type: 'done', id, summary });
  } catch (error) {
    post({
      type: 'error',
      id,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof FormatError ? { format: { location: error.location } } : {}),
    });
  } finally {
    siteAnswers.delete(id);
  }
}

port.on('message', (request: FileReaderRequest) => {
  switch (request.type) {
    case 'read':
      void read(request);
      break;
    case 'site':
      siteAnswers.get(request.id)?.resolve(request);
      break;
    case 'site-failed':
      siteAnswers.get(request.id)?.reject();
      break;
  }
});
