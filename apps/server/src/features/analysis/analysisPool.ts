import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SiteDetail } from '@roadcount/analytics';
import type {
  AnalysisWorkerData,
  FromAnalysisThread,
  PartRequest,
  PartResponse,
  SiteDetailRequest,
  ToAnalysisThread,
} from './analysisWorker.protocol.ts';

/** What a caller asks of the pool: a site-detail request without the pool's own fields. */
export type SiteDetailAsk = Omit<
  SiteDetailRequest,
  'id' | 'kind' | 'helpers' | 'binsAsJson' | 'cancel'
>;

/** What the pool has done since it started: requests asked, answered, and cancelled. */
export interface AnalysisPoolStats {
  /** Pieces of windows threads have scanned for one another. */
  piecesScanned: number;
  /** Site-detail requests asked of the threads. */
  asked: number;
  /** Requests a thread answered (the caller may have left meanwhile). */
  answered: number;
  /** Requests whose caller left before a thread started them: dropped unstarted. */
  dropped: number;
  /** Requests whose caller left while a thread worked on them: stopped between pieces. */
  stopped: number;
  /** Requests a thread answered with an error, or lost as it stopped. */
  failed: number;
  /** Requests the threads hold now, running or queued (their callers may have left). */
  waiting: number;
}

/** A site-detail answer whose time bins are JSON text (UTF-8). */
export type SiteDetailWithJsonBins = Omit<SiteDetail, 'bins'> & { bins: Uint8Array };

interface Pending {
  resolve: (detail: SiteDetail | SiteDetailWithJsonBins) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Requests posted to the thread and not ended yet, whether or not their caller still waits. */
  held: Set<number>;
  /** Parts of other threads' scans this thread is scanning, by the pool's part number. */
  scanning: Set<number>;
  /** Warmed up (see `warmUp` in analysis.worker.ts), or started without. */
  ready: boolean;
}

/** Whether the analysis threads are started, and ready for their first site. */
export type AnalysisState = 'not started' | 'warming up' | 'ready';

/** A part a thread asked for: who asked, under which of its numbers. */
interface PartRelay {
  asker: Thread;
  askerPartId: number;
  scanner: Thread;
}

/**
 * A thread's start: it registers the TypeScript loader the API process runs under (tsx), then
 * imports the worker module.
 */
const tsxApi = pathToFileURL(
  join(
    dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  ),
).href;
const bootstrap = `import(${JSON.stringify(tsxApi)})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./analysis.worker.ts', import.meta.url).href)}); })`;

/** The thread (of `size`) a site's requests go to, so that its columns stay in one cache. */
export function threadOf(siteId: string, size: number): number {
  let hash = 0;
  for (let index = 0; index < siteId.length; index += 1)
    hash = (Math.imul(hash, 31) + siteId.charCodeAt(index)) | 0;
  return Math.abs(hash) % size;
}

/** The buffers of a message's typed arrays (a part's counts), handed over rather than copied. */
function transferables(message: PartResponse): ArrayBuffer[] {
  if (!('scan' in message)) return [];
  return Object.values(message.scan).flatMap((value) =>
    ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer ? [value.buffer] : [],
  );
}

/**
 * Analysis threads (worker_threads), all started on first use. A site always goes to the same
 * thread, whose cache holds its columns (in shared memory); each thread keeps a share of the
 * cache budget. Two sites on different threads are scanned at the same time, and the API's
 * event loop stays free. A thread with a long window and idle peers asks them (through here)
 * to scan parts of it.
 */
export function createAnalysisPool(options: {
  dataDir: string;
  s3: AnalysisWorkerData['s3'];
  cacheBytes: number;
  /** Ready each thread as it starts (see `warmUp` in analysis.worker.ts). */
  warmUp?: boolean;
  threads: number;
  /** Vehicles each piece of a window shared between threads has at least. */
  splitVehicles?: number;
}) {
  const size = Math.max(1, options.threads);
  const threads: (Thread | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextId = 1;
  let nextPartId = 1;
  let closed = false;
  let piecesScanned = 0;
  const counts = { asked: 0, answered: 0, dropped: 0, stopped: 0, failed: 0 };
  const relays = new Map<number, PartRelay>();
  const post = (thread: Thread, message: ToAnalysisThread, transfer: ArrayBuffer[] = []) =>
    thread.worker.postMessage(message, transfer);

  /** Hands a thread's part request to another thread, the idlest one. */
  function relayPart(asker: Thread, request: PartRequest): void {
    const peers = threads.filter(
      (thread): thread is Thread => thread !== undefined && thread !== asker,
    );
    const busy = (thread: Thread) => thread.held.size + thread.scanning.size;
    const scanner = peers.sort((a, b) => busy(a) - busy(b))[0];
    if (!scanner) {
      post(asker, { kind: 'part', partId: request.partId, error: 'no other analysis thread' });
      return;
    }
    const partId = nextPartId;
    nextPartId += 1;
    relays.set(partId, { asker, askerPartId: request.partId, scanner });
    scanner.scanning.add(partId);
    post(scanner, { ...request, partId });
  }

  /** Hands the counts of a part back to the thread that asked for them. */
  function returnPart(response: PartResponse): void {
    const relay = relays.get(response.partId);
    if (!relay) return;
    relays.delete(response.partId);
    relay.scanner.scanning.delete(response.partId);
    if ('scan' in response) piecesScanned += response.pieces;
    if (!threads.includes(relay.asker)) return;
    const back = { ...response, partId: relay.askerPartId };
    post(relay.asker, back, transferables(back));
  }

  function start(slot: number): Thread {
    const workerData: AnalysisWorkerData = {
      dataDir: options.dataDir,
      s3: options.s3,
      cacheBytes: Math.floor(options.cacheBytes / size),
      warmUp: options.warmUp ?? false,
      splitVehicles: options.splitVehicles ?? 500_000,
    };
    const worker = new Worker(bootstrap, { eval: true, workerData });
    const thread: Thread = {
      worker,
      pending: new Map(),
      held: new Set(),
      scanning: new Set(),
      ready: false,
    };
    worker.on('message', (response: FromAnalysisThread) => {
      if (response.kind === 'ready') {
        thread.ready = true;
        return;
      }
      if (response.kind === 'part') {
        if ('prepared' in response) relayPart(thread, response);
        else returnPart(response);
        return;
      }
      thread.held.delete(response.id);
      if ('cancelled' in response) {
        if (response.cancelled === 'queued') counts.dropped += 1;
        else counts.stopped += 1;
      } else if ('error' in response) counts.failed += 1;
      else counts.answered += 1;
      const waiting = thread.pending.get(response.id);
      if (!waiting) return;
      thread.pending.delete(response.id);
      if ('cancelled' in response)
        waiting.reject(new Error(`the request was cancelled (${response.cancelled})`));
      else if ('error' in response) waiting.reject(new Error(response.error));
      else if ('binsJson' in response)
        waiting.resolve({ ...response.detail, bins: response.binsJson });
      else waiting.resolve(response.detail);
    });
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
      counts.failed += thread.held.size;
      thread.held.clear();
      // Parts it was scanning for others: they scan them themselves.
      for (const partId of thread.scanning)
        returnPart({ kind: 'part', partId, error: error.message });
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the analysis thread stopped (exit code ${code})`)));
    worker.unref();
    threads[slot] = thread;
    return thread;
  }

  /**
   * A request to the site's thread. When `signal` aborts (the client went away) before the
   * answer, the promise rejects with its reason at once, and the thread drops the request if it
   * has not started it, or stops its scan at the next piece.
   */
  function ask(
    request: SiteDetailAsk,
    binsAsJson: boolean,
    signal?: AbortSignal,
  ): Promise<SiteDetail | SiteDetailWithJsonBins> {
    if (closed) return Promise.reject(new Error('the analysis threads are closed'));
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    startAll();
    const slot = threadOf(request.siteId, size);
    const thread = threads[slot] ?? start(slot);
    const helpers = threads.filter(
      (other) =>
        other !== undefined &&
        other !== thread &&
        other.held.size === 0 &&
        other.scanning.size === 0,
    ).length;
    const id = nextId;
    nextId += 1;
    counts.asked += 1;
    // Read by the thread between pieces of its work, written here when the caller leaves.
    const cancel = signal ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    let onAbort: (() => void) | undefined;
    return new Promise<SiteDetail | SiteDetailWithJsonBins>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.ref();
      if (signal && cancel) {
        onAbort = () => {
          Atomics.store(cancel, 0, 1);
          if (!thread.pending.delete(id)) return;
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
      thread.held.add(id);
      post(thread, {
        ...request,
        kind: 'siteDetail',
        id,
        helpers,
        binsAsJson,
        ...(cancel ? { cancel } : {}),
      });
    }).finally(() => {
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      if (thread.pending.size === 0) thread.worker.unref();
    });
  }

  function startAll(): void {
    if (closed) return;
    for (let slot = 0; slot < size; slot += 1) if (!threads[slot]) start(slot);
  }

  return {
    /**
     * A site's figures, worked out by the thread that holds its columns; given up (the promise
     * rejects with the signal's reason) when `signal` aborts first.
     */
    siteDetail(request: SiteDetailAsk, signal?: AbortSignal): Promise<SiteDetail> {
      return ask(request, false, signal) as Promise<SiteDetail>;
    },
    /** The same, with the time bins as JSON text, for an answer that sends them on as they are. */
    siteDetailWithJsonBins(
      request: SiteDetailAsk,
      signal?: AbortSignal,
    ): Promise<SiteDetailWithJsonBins> {
      return ask(request, true, signal) as Promise<SiteDetailWithJsonBins>;
    },
    /** Starts the threads that are not running yet (they otherwise start on first use). */
    start: startAll,
    /** What the pool has done since it started, and how many requests wait now. */
    stats: (): AnalysisPoolStats => ({
      piecesScanned,
      ...counts,
      waiting: threads.reduce((sum, thread) => sum + (thread?.held.size ?? 0), 0),
    }),
    /** Whether the threads are started, and ready for their first site. */
    state(): AnalysisState {
      const started = threads.filter((thread) => thread !== undefined);
      if (started.length === 0) return 'not started';
      return started.every((thread) => thread.ready) ? 'ready' : 'warming up';
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(threads.flatMap((thread) => (thread ? [thread.worker.terminate()] : [])));
    },
  };
}

export type AnalysisPool = ReturnType<typeof createAnalysisPool>;
