import multipart from '@fastify/multipart';
import type { Access } from '../../infra/access/access.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { fileNotesResolvers } from './fileNotes.graphql.ts';
import { createFileNotesRepository } from './fileNotes.repository.ts';
import { filesResolvers } from './files.graphql.ts';
import { createFilesRepository } from './files.repository.ts';
import { registerFileRoutes } from './files.routes.ts';
import { registerUploadRoutes } from './uploads.routes.ts';

/** Uploads, raw-file downloads, the files' GraphQL and their notes. */
export async function registerFiles(
  { app, router, resolvers }: FeatureHost,
  deps: Parameters<typeof registerFileRoutes>[1] & {
    db: Database;
    blobs: BlobStore;
    queue: TaskQueue;
    access: Access;
    tokens: TokenService;
    maxUploadBytes: number;
    /** Wakes this process's worker for the files queued. */
    onQueued: () => void;
  },
): Promise<void> {
  const { db, blobs, queue, access, tokens, users } = deps;
  const files = createFilesRepository(db);
  await app.register(multipart);
  registerUploadRoutes(router, {
    files,
    blobs,
    queue,
    maxUploadBytes: deps.maxUploadBytes,
    onQueued: deps.onQueued,
  });
  registerFileRoutes(router, { tokens, users, access, blobs });
  resolvers.push(
    filesResolvers({ files, queue, tokens, access }),
    fileNotesResolvers({ notes: createFileNotesRepository(db), access }),
  );
}
