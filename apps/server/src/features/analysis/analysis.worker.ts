// An analysis thread: keeps sites' prepared columns in its own cache and answers site-detail
// requests off the API's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import {
  columnsFromArrow,
  packTimeBins,
  packedBuffers,
  prepareColumns,
  siteDetail,
  type LocalClock,
} from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import { createBlobStore } from '../../infra/blob/blobStore.ts';
import { withMappedDirections } from '../ingest/directionMap.ts';
import type {
  AnalysisWorkerData,
  SiteDetailRequest,
  SiteDetailResponse,
} from './analysisWorker.protocol.ts';
import { createColumnCache } from './columnCache.ts';

const settings = workerData as AnalysisWorkerData;
const blobs = createBlobStore(settings);
const cache = createColumnCache(settings.cacheBytes);
const port = parentPort;
if (!port) throw new Error('analysis.worker.ts runs as a worker thread');

/**
 * Each zone's offsets, remembered between requests: the scan asks once per UTC hour of the
 * window, and working an offset out through Intl costs microseconds.
 */
const clocks = new Map<string, LocalClock>();
function clockOf(timeZone: string): LocalClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    const local = new LocalTimeConverter(timeZone);
    const offsets = new Map<number, number>();
    clock = {
      offsetAt: (utcMs) => {
        let offset = offsets.get(utcMs);
        if (offset === undefined) {
          offset = local.offsetAt(utcMs);
          offsets.set(utcMs, offset);
        }
        return offset;
      },
    };
    clocks.set(timeZone, clock);
  }
  return clock;
}

async function answer(request: SiteDetailRequest): Promise<SiteDetailResponse> {
  // A merged file's direction map is part of the key: the same file may count differently.
  const key = request.columns
    .map((file) => `${file.key}:${file.version}${JSON.stringify(file.directionMap ?? {})}`)
    .join(',');
  const prepared = await cache.get(request.siteId, key, async () => {
    const batches = [];
    for (const file of request.columns)
      batches.push(
        withMappedDirections(columnsFromArrow(await blobs.getBytes(file.key)), file.directionMap),
      );
    return prepareColumns(batches);
  });
  const detail = siteDetail(prepared, request.filter, clockOf(request.timeZone), {
    binMinutes: request.binMinutes,
    speedLimits: request.speedLimits,
    heavyClasses: new Set(request.heavyClasses),
    units: request.units,
    ...(request.parts ? { parts: request.parts } : {}),
  });
  const { bins, ...rest } = detail;
  return { id: request.id, detail: rest, bins: packTimeBins(bins) };
}

// One request at a time: a scan runs to completion, and the next waits its turn.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: SiteDetailRequest) => {
  queue = queue.then(async () => {
    const response = await answer(request).catch((error: unknown): SiteDetailResponse => ({
      id: request.id,
      error: error instanceof Error ? error.message : String(error),
    }));
    port.postMessage(response, 'bins' in response ? packedBuffers(response.bins) : []);
  });
});
