import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { unpackTimeBins, type SiteDetail } from '@roadcount/analytics';
import type {
  AnalysisWorkerData,
  SiteDetailRequest,
  SiteDetailResponse,
} from './analysisWorker.protocol.ts';

interface Pending {
  resolve: (detail: SiteDetail) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
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

/**
 * Analysis threads (worker_threads), started on first use. A site always goes to the same
 * thread, whose cache holds its columns; each thread keeps a share of the cache budget. Two
 * sites on different threads are scanned at the same time, and the API's event loop stays free.
 */
export function createAnalysisPool(options: {
  dataDir: string;
  s3: AnalysisWorkerData['s3'];
  cacheBytes: number;
  threads: number;
}) {
  const size = Math.max(1, options.threads);
  const threads: (Thread | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextId = 1;
  let closed = false;

  function start(slot: number): Thread {
    const workerData: AnalysisWorkerData = {
      dataDir: options.dataDir,
      s3: options.s3,
      cacheBytes: Math.floor(options.cacheBytes / size),
    };
    const worker = new Worker(bootstrap, { eval: true, workerData });
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (response: SiteDetailResponse) => {
      const waiting = thread.pending.get(response.id);
      if (!waiting) return;
      thread.pending.delete(response.id);
      if ('error' in response) waiting.reject(new Error(response.error));
      else waiting.resolve({ ...response.detail, bins: unpackTimeBins(response.bins) });
    });
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the analysis thread stopped (exit code ${code})`)));
    worker.unref();
    threads[slot] = thread;
    return thread;
  }

  return {
    siteDetail(request: Omit<SiteDetailRequest, 'id'>): Promise<SiteDetail> {
      if (closed) return Promise.reject(new Error('the analysis threads are closed'));
      const slot = threadOf(request.siteId, size);
      const thread = threads[slot] ?? start(slot);
      const id = nextId;
      nextId += 1;
      return new Promise<SiteDetail>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.ref();
        thread.worker.postMessage({ ...request, id } satisfies SiteDetailRequest);
      }).finally(() => {
        if (thread.pending.size === 0) thread.worker.unref();
      });
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(threads.flatMap((thread) => (thread ? [thread.worker.terminate()] : [])));
    },
  };
}

export type AnalysisPool = ReturnType<typeof createAnalysisPool>;
