import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { createSupportRepository } from './support.repository.ts';
import { registerSupportRoutes } from './support.routes.ts';
import { createSupportService } from './support.service.ts';

/** Messages to the support team (Help), with their attachments. */
export function registerSupport(
  { app, router }: FeatureHost,
  deps: {
    db: Database;
    blobs: BlobStore;
    mailer: Mailer;
    supportEmail: string;
    publicUrl: string;
  },
): void {
  registerSupportRoutes(
    router,
    createSupportService({
      repository: createSupportRepository(deps.db),
      blobs: deps.blobs,
      mailer: deps.mailer,
      supportEmail: deps.supportEmail,
      publicUrl: deps.publicUrl,
      log: app.log,
    }),
    deps.supportEmail,
  );
}
