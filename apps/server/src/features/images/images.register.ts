import type { Access } from '../../infra/access/access.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import { createImagesRepository } from './images.repository.ts';
import { registerImageRoutes } from './images.routes.ts';

/** Images are photos of sites and devices: 20 MiB is ample. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Photos of sites and devices. */
export function registerImages(
  { router }: FeatureHost,
  deps: { db: Database; access: Access; blobs: BlobStore; maxUploadBytes: number },
): void {
  registerImageRoutes(router, {
    images: createImagesRepository(deps.db),
    access: deps.access,
    blobs: deps.blobs,
    maxImageBytes: Math.min(deps.maxUploadBytes, MAX_IMAGE_BYTES),
  });
}
