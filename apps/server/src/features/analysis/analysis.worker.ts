// An analysis thread: keeps sites' prepared columns (in shared memory) in its own cache,
// answers site-detail requests off the API's event loop, and scans parts of other threads'
// sites when they ask.
import { parentPort, workerData } from 'node:worker_threads';
import {
  countLeftOut,
  defaultFilter,
  finishSiteDetail,
  mergePartialScans,
  planSiteDetailScan,
  prepareColumns,
  scanClaimedParts,
  scanPart,
  ScanScratch,
  sharedMemory,
  siteDetail,
  splitTimes,
  timeBinsJson,
  type LocalClock,
  type PartialScan,
  type PreparedColumns,
  type ScanPlan,
  type SiteDetail,
  type SiteDetailOptions,
  VehicleColumnsBuilder,
} from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import { createBlobStore } from '../../infra/blob/blobStore.ts';
import { preparedSiteColumns } from '../siteData/threads.ts';
import type {
  AnalysisWorkerData,
  FromAnalysisThread,
  PartRequest,
  PartResponse,
  ScanSettings,
  SiteDetailRequest,
  SiteDetailResponse,
  ToAnalysisThread,
} from './analysisWorker.protocol.ts';
import { createColumnArena } from './columnArena.ts';
import { createColumnCache } from './columnCache.ts';
import { claimFrom, lostPieces, pieceCounter, PIECES_PER_THREAD } from './windowPieces.ts';

const settings = workerData as AnalysisWorkerData;
/** Most pieces a window scanned alone is cut into, to look at its cancel flag between them. */
const ALONE_PIECES = 16;

/** Thrown between pieces of a request's work once its caller has left. */
class Cancelled extends Error {
  override name = 'Cancelled';
}

/** Whether the caller of a request (or of the scan a part belongs to) has left. */
const gone = (cancel: Int32Array | undefined) =>
  cancel !== undefined && Atomics.load(cancel, 0) === 1;
/** Made-up vehicles the thread scans as it starts, and how many times. */
const WARM_UP_VEHICLES = 400_000;
const WARM_UP_ROUNDS = 8;
const blobs = createBlobStore(settings);
const arena = createColumnArena(settings.cacheBytes);
const cache = createColumnCache(settings.cacheBytes, arena);
/** This thread's scan scratch, reused scan after scan (a thread runs one scan at a time). */
const scratch = new ScanScratch();
const port = parentPort;
if (!port) throw new Error('analysis.worker.ts runs as a worker thread');
const jsonEncoder = new TextEncoder();
const send = (message: FromAnalysisThread, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

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

function optionsOf(request: ScanSettings): SiteDetailOptions {
  return {
    binMinutes: request.binMinutes,
    speedLimits: request.speedLimits,
    heavyClasses: new Set(request.heavyClasses),
    units: request.units,
    ...(request.parts ? { parts: request.parts } : {}),
  };
}

/** The buffers of a part's counts, handed over rather than copied. */
function buffersOf(scan: PartialScan): ArrayBuffer[] {
  return Object.values(scan).flatMap((value) =>
    ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer ? [value.buffer] : [],
  );
}

// Parts asked of other threads, waiting for their counts.
const waitingParts = new Map<
  number,
  { resolve: (scan: PartialScan) => void; reject: (error: Error) => void }
>();
let nextPartId = 1;

function askForPart(
  request: ScanSettings & Pick<SiteDetailRequest, 'cancel'>,
  prepared: PreparedColumns,
  pieces: Pick<PartRequest, 'bounds' | 'pieces' | 'shared' | 'reserved' | 'claimer'>,
): Promise<PartialScan> {
  const partId = nextPartId;
  nextPartId += 1;
  return new Promise((resolve, reject) => {
    waitingParts.set(partId, { resolve, reject });
    const { timeZone, filter, binMinutes, speedLimits, heavyClasses, units, parts, cancel } =
      request;
    send({
      kind: 'part',
      partId,
      timeZone,
      filter,
      binMinutes,
      speedLimits,
      heavyClasses,
      units,
      ...(parts ? { parts } : {}),
      prepared,
      ...pieces,
      ...(cancel ? { cancel } : {}),
    } satisfies PartRequest);
  });
}

/**
 * The site's figures: with idle threads and enough vehicles, the window is cut at bin starts
 * into a few pieces per thread. Each other thread starts with a piece kept for it (the last
 * ones), then every thread claims the next piece from a shared counter until none is left, so a
 * thread slowed down scans fewer. Pieces a thread claimed but could not answer for are scanned
 * here; parts that share a bin are scanned again whole.
 */
async function detailOf(
  request: SiteDetailRequest,
  prepared: PreparedColumns,
): Promise<SiteDetail> {
  const clock = clockOf(request.timeZone);
  const options = optionsOf(request);
  const plan =
    request.helpers > 0 || request.cancel
      ? planSiteDetailScan(prepared, request.filter, clock, options)
      : null;
  const cuts =
    plan && request.helpers > 0
      ? splitTimes(plan, PIECES_PER_THREAD * (request.helpers + 1), settings.splitVehicles)
      : [];
  const count = cuts.length + 1;
  const helpers = Math.min(request.helpers, count - 1);
  if (plan && helpers === 0 && request.cancel) return scanAlone(plan, request.cancel);
  if (!plan || helpers === 0) return siteDetail(prepared, request.filter, clock, options, scratch);
  const bounds = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
  const pieces = pieceCounter(count);
  const shared = count - helpers;
  const others = Array.from({ length: helpers }, (_, index) =>
    askForPart(request, prepared, {
      bounds,
      pieces,
      shared,
      reserved: count - 1 - index,
      claimer: index + 2,
    }).catch(() => null),
  );
  // Once the caller has left, no more pieces are claimed here or by the others; the parts the
  // others scan are still waited for (the columns must stay while they read them).
  const own = claimFrom(pieces, shared, 1).claim;
  const parts = [
    scanClaimedParts(plan, bounds, () => (gone(request.cancel) ? -1 : own()), scratch),
  ];
  const scanned = await Promise.all(others);
  if (gone(request.cancel)) throw new Cancelled();
  for (const scan of scanned) if (scan) parts.push(scan);
  // Claimer 1 is this thread; claimer 2 + i the i-th other, answered when its scan came back.
  const lost = lostPieces(pieces, count, (claimer) => claimer === 1 || !!scanned[claimer - 2]);
  if (lost.length > 0)
    parts.push(scanClaimedParts(plan, bounds, () => lost.shift() ?? -1, scratch));
  const merged =
    mergePartialScans(parts) ??
    scanPart(plan, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, scratch);
  return finishSiteDetail(plan, merged);
}

/**
 * The scan of a thread without helpers, for a caller that may leave: a long window in pieces
 * cut at bin starts (one part, the same counts as one pass), its cancel flag read between them.
 * Batches in too little order are scanned whole in each piece, so such a site is not cut.
 */
function scanAlone(plan: ScanPlan, cancel: Int32Array): SiteDetail {
  const ordered = plan.prepared.ascendingRuns.every((runs) => runs !== null);
  const cuts = ordered ? splitTimes(plan, ALONE_PIECES, settings.splitVehicles) : [];
  const bounds = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
  let next = 0;
  const claim = () => {
    if (gone(cancel)) throw new Cancelled();
    if (next > cuts.length) return -1;
    next += 1;
    return next - 1;
  };
  return finishSiteDetail(plan, scanClaimedParts(plan, bounds, claim, scratch));
}

async function answer(request: SiteDetailRequest): Promise<SiteDetailResponse> {
  // A merged file's direction map is part of the key: the same file may count differently.
  const key = request.columns
    .map((file) => `${file.key}:${file.version}${JSON.stringify(file.directionMap ?? {})}`)
    .join(',');
  const prepared = await cache.get(request.siteId, key, (memory) =>
    preparedSiteColumns(blobs, request.columns, memory),
  );
  // A load that was under way finishes (its columns serve the next request), then this stops.
  if (gone(request.cancel)) throw new Cancelled();
  const detail = await detailOf(request, prepared);
  // Why vehicles were left out: a pass of its own, only for a page that shows it.
  if (!request.parts || request.parts.includes('leftOut')) {
    if (gone(request.cancel)) throw new Cancelled();
    detail.leftOut = countLeftOut(prepared, request.filter, clockOf(request.timeZone));
  }
  if (!request.binsAsJson) return { kind: 'siteDetail', id: request.id, detail };
  if (gone(request.cancel)) throw new Cancelled();
  // Written here, the bins' JSON costs the API thread neither objects nor serializing.
  const { bins, ...rest } = detail;
  return {
    kind: 'siteDetail',
    id: request.id,
    detail: rest,
    binsJson: jsonEncoder.encode(timeBinsJson(bins)),
  };
}

/** A part of another thread's scan, answered at once (a scan does not wait on anything). */
function scanAskedPart(request: PartRequest): void {
  try {
    const plan = planSiteDetailScan(
      request.prepared,
      request.filter,
      clockOf(request.timeZone),
      optionsOf(request),
    );
    if (!plan) throw new Error('the columns could not be coded');
    const pieces = claimFrom(request.pieces, request.shared, request.claimer, request.reserved);
    // The asking request's caller left: no more pieces (the asker drops the answer).
    const claim = () => (gone(request.cancel) ? -1 : pieces.claim());
    const scan = scanClaimedParts(plan, request.bounds, claim, scratch);
    send(
      {
        kind: 'part',
        partId: request.partId,
        scan,
        pieces: pieces.claimed(),
      } satisfies PartResponse,
      buffersOf(scan),
    );
  } catch (error) {
    send({
      kind: 'part',
      partId: request.partId,
      error: error instanceof Error ? error.message : String(error),
    } satisfies PartResponse);
  }
}

/**
 * Readies the thread for its first site: the scan runs a few times over made-up vehicles (so
 * that its functions are compiled, and its scratch memory and heap have grown, before a user
 * waits on them: a first scan costs 3-4 times a later one); the cache's memory is then touched
 * while requests are answered.
 */
async function warmUp(): Promise<void> {
  const builder = new VehicleColumnsBuilder();
  const start = Date.UTC(2025, 2, 24);
  for (let index = 0; index < WARM_UP_VEHICLES; index += 1)
    builder.push({
      timeMs: start + index * 9_000,
      lane: 1 + (index % 2),
      direction: index % 3 === 0 ? 5 : 1,
      classIndex: 1 + (index % 12),
      speedMps: (300 + ((index * 7) % 900)) / 36,
      lengthM: 4.5,
      headwayS: ((index * 13) % 6000) / 100,
      gapS: ((index * 11) % 5000) / 100,
      axles: 2,
      wheelbaseM: 2.7,
      rho: 0.9,
    });
  const prepared = prepareColumns(builder.batches(), { memory: sharedMemory });
  // Room for the vehicles one part of a scan selects: up to about half of those the thread's
  // share of the cache holds (~31 bytes each).
  scratch.reserve(Math.floor(settings.cacheBytes / 64));
  const filter = {
    ...defaultFilter(start, start + WARM_UP_VEHICLES * 9_000, [1, 5]),
    classes: [1, 2, 3, 4, 5],
    minHeadwayS: 2,
  };
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    const request = {
      timeZone: 'Europe/London',
      filter,
      binMinutes: round % 2 === 0 ? 60 : 15,
      speedLimits: [{ effectiveFromMs: 0, limitMps: 50 / 3.6 }],
      heavyClasses: [3, 4, 5],
      units: 'metric' as const,
    };
    const plan = planSiteDetailScan(
      prepared,
      filter,
      clockOf(request.timeZone),
      optionsOf(request),
    );
    if (!plan) break;
    const middle = start + (WARM_UP_VEHICLES * 9_000) / 2;
    const parts = [
      scanPart(plan, Number.NEGATIVE_INFINITY, middle, scratch),
      scanPart(plan, middle, Number.POSITIVE_INFINITY, scratch),
    ];
    const merged =
      mergePartialScans(parts) ??
      scanPart(plan, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, scratch);
    jsonEncoder.encode(JSON.stringify(finishSiteDetail(plan, merged).bins));
    // A turn of the event loop between rounds, for requests that come meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // In the background: a site's load takes the slabs touched so far, and fresh ones after.
  void arena.reserve(settings.cacheBytes).then(() => send({ kind: 'ready' }));
}

// One site request at a time: a scan runs to completion, and the next waits its turn. Parts
// asked by other threads are scanned as they come, even while a request waits for its own.
let queue: Promise<void> = settings.warmUp ? warmUp() : Promise.resolve(send({ kind: 'ready' }));
port.on('message', (message: ToAnalysisThread) => {
  if (message.kind === 'part' && 'prepared' in message) {
    scanAskedPart(message);
    return;
  }
  if (message.kind === 'part') {
    const waiting = waitingParts.get(message.partId);
    waitingParts.delete(message.partId);
    if ('error' in message) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.scan);
    return;
  }
  queue = queue.then(async () => {
    // Its caller left while it waited its turn: dropped unstarted.
    if (gone(message.cancel)) {
      send({ kind: 'siteDetail', id: message.id, cancelled: 'queued' });
      return;
    }
    const response = await answer(message).catch((error: unknown): SiteDetailResponse =>
      error instanceof Cancelled
        ? { kind: 'siteDetail', id: message.id, cancelled: 'running' }
        : {
            kind: 'siteDetail',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          },
    );
    send(response, 'binsJson' in response ? [response.binsJson.buffer as ArrayBuffer] : []);
  });
});
