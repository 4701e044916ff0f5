import { serverMessage } from '@roadcount/domain';
import type {} from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { BlobTooLargeError, type BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import { plainField } from '../../infra/validation.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { rawUploadKey } from '../siteData/index.ts';
import type { FilesRepository } from './files.repository.ts';

/** Issue 37: interval counts say whether they counted bicycles or pedestrians where the file does not. */
const KINDS = ['vehicle', 'bike', 'pedestrian', 'national'] as const;
type UploadKind = (typeof KINDS)[number];

interface ReceivedFile {
  id: string;
  fileName: string;
  s3Key: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * POST /api/uploads (multipart: file-0, file-1, ..., kind, description, force). Each file is
 * streamed to the blob store, recorded, and queued for processing; a file whose content the
 * organisation already has is neither stored nor processed again unless `force` is set: the
 * answer names the file it has.
 */
export function registerUploadRoutes(
  router: Router,
  deps: {
    files: FilesRepository;
    blobs: BlobStore;
    queue: TaskQueue;
    maxUploadBytes: number;
    onQueued: () => void;
  },
): void {
  router.define({
    method: 'post',
    path: '/api/uploads',
    summary:
      'Upload counter files (multipart: file-0, file-1, ..., kind = vehicle | bike | pedestrian | national, description, force)',
    tag: 'files',
    auth: true,
    permission: 'files.upload',
    multipart:
      'file-0, file-1, ...: the counter files; kind = vehicle (default), bike, pedestrian (interval counts of that mode where the file does not say) or national; description; force = true to process a duplicate again',
    status: 201,
    responses: {
      201: 'the created files',
      400: 'no file or a wrong kind',
      403: 'not allowed',
      413: 'too large',
    },
    handler: async ({ viewer: uploader, request }) => {
      const organisationId = uploader.organisationId;
      if (!organisationId) throw new HttpError(400, serverMessage('staffUploadOnBehalf'));
      if (!request.isMultipart())
        throw new HttpError(400, 'Send the files as multipart/form-data.');

      const received: ReceivedFile[] = [];
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts({
          limits: { fileSize: deps.maxUploadBytes, files: 100 },
        })) {
          if (part.type === 'field') {
            fields[part.fieldname] = plainField(String(part.value), part.fieldname);
            continue;
          }
          if (!/^file-\d+$/.test(part.fieldname)) {
            part.file.resume();
            throw new HttpError(
              400,
              `Unexpected file field '${part.fieldname}': use file-0, file-1, ...`,
            );
          }
          try {
            plainField(part.filename, `${part.fieldname} file name`);
          } catch (error) {
            part.file.resume();
            throw error;
          }
          const id = randomUUID();
          const s3Key = rawUploadKey(organisationId, id);
          const stored = await deps.blobs.putStream(s3Key, part.file, deps.maxUploadBytes);
          received.push({ id, fileName: part.filename || part.fieldname, s3Key, ...stored });
        }
      } catch (error) {
        await Promise.all(received.map((file) => deps.blobs.delete(file.s3Key)));
        if (
          error instanceof BlobTooLargeError ||
          (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ) {
          throw new HttpError(
            413,
            serverMessage('fileTooLarge', { mib: Math.round(deps.maxUploadBytes / 1024 / 1024) }),
          );
        }
        throw error;
      }
      const kind = (fields.kind ?? 'vehicle') as UploadKind;
      if (!KINDS.includes(kind)) {
        await Promise.all(received.map((file) => deps.blobs.delete(file.s3Key)));
        throw new HttpError(
          400,
          `Unknown kind '${fields.kind}': use vehicle, bike, pedestrian or national.`,
        );
      }
      if (received.length === 0)
        throw new HttpError(400, 'No file was sent: use the fields file-0, file-1, ...');
      const force = fields.force === 'true';
      const description = fields.description?.slice(0, 2000);

      const answer = [];
      for (const file of received) {
        const duplicateOf = await deps.files.findByHash(organisationId, file.sha256);
        // A file the organisation already has is not stored again unless `force` is set: the
        // answer points at the file it has, and nothing new appears in the files table.
        if (duplicateOf && !force) {
          await deps.blobs.delete(file.s3Key);
          answer.push({
            id: duplicateOf.id,
            file_name: file.fileName,
            size_bytes: file.sizeBytes,
            sha256: file.sha256,
            duplicate_of: duplicateOf.id,
            task_id: null,
          });
          continue;
        }
        const row = await deps.files.insert({
          id: file.id,
          organisationId,
          uploadedBy: uploader.userId,
          fileName: file.fileName,
          kind,
          s3Key: file.s3Key,
          sha256: file.sha256,
          sizeBytes: file.sizeBytes,
          logs: {
            ...(description ? { description } : {}),
            ...(duplicateOf ? { duplicate_of: duplicateOf.id } : {}),
          },
        });
        const task = await deps.queue.enqueue({
          functionName: kind === 'national' ? 'process_national_platform_file' : 'process_file',
          organisationId,
          userId: uploader.userId,
          payload: { fileId: row.id },
          message: serverMessage('taskQueuedFile', { file: row.fileName }),
        });
        answer.push({
          id: row.id,
          file_name: row.fileName,
          size_bytes: row.sizeBytes,
          sha256: row.sha256,
          duplicate_of: duplicateOf?.id ?? null,
          task_id: task.id,
        });
      }
      deps.onQueued();
      return { files: answer };
    },
  });
}
