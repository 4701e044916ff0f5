import type { FastifyBaseLogger } from 'fastify';
import { identityGone } from '../processIdentity.ts';
import type { BlobStore } from './blobStore.ts';

/**
 * At start: removes the partial files of this host's processes that no longer run (killed
 * mid-write, or this process's earlier run), and an object store's abandoned uploads. A store
 * that cannot list them is logged, not fatal.
 */
export async function sweepAbandonedParts(blobs: BlobStore, log: FastifyBaseLogger) {
  try {
    const removed = await blobs.sweepParts((writer) => identityGone(writer));
    if (removed > 0) log.warn({ removed }, 'removed partial files that stopped writes left');
  } catch (error) {
    log.warn({ err: error }, 'could not sweep partial files');
  }
}

/**
 * After a task was taken over from `holder`, whose lease lapsed: removes that holder's partial
 * files too (on another host it cannot be asked whether it runs; its lapsed lease says so).
 */
export function sweepPartsOf(blobs: BlobStore, log: FastifyBaseLogger) {
  return async (holder: string) => {
    const removed = await blobs.sweepParts((writer) => writer === holder || identityGone(writer));
    if (removed > 0)
      log.warn({ removed, holder }, 'removed the partial files of a worker whose lease lapsed');
  };
}
