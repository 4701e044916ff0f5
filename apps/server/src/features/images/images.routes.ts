import { imagesAnswer, serverMessage } from '@roadcount/domain';
import type {} from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import {
  IMAGE_MESSAGES,
  imageContentType,
  imageNameProblem,
  looksLikeImage,
} from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import { plainField } from '../../infra/validation.ts';
import type { ImageRow, ImagesRepository } from './images.repository.ts';

const MAX_IMAGES_PER_UPLOAD = 20;

function toView(row: ImageRow) {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    uploaded_on: row.uploadedOn.toISOString(),
  };
}

/**
 * Image uploads (SPEC section 5): POST /api/images (multipart file-0, file-1, ...) takes jpeg,
 * jpg and png files whose names the organisation does not have yet, all or none; GET /api/images
 * lists them and GET /api/images/{id} answers one.
 */
export function registerImageRoutes(
  router: Router,
  deps: {
    images: ImagesRepository;
    access: Access;
    blobs: BlobStore;
    maxImageBytes: number;
  },
): void {
  router.define({
    method: 'post',
    path: '/api/images',
    summary: 'Upload images (multipart: file-0, file-1, ...): jpeg, jpg or png, names unique',
    tag: 'files',
    auth: true,
    permission: 'files.upload',
    multipart: 'file-0, file-1, ...: jpeg, jpg or png images whose names the organisation has not',
    status: 201,
    responses: {
      201: 'the stored images',
      400: 'not an image, or no file',
      403: 'not allowed',
      409: 'File name already exists',
      413: 'too large',
    },
    handler: async ({ viewer: uploader, request }) => {
      const organisationId = uploader.organisationId;
      if (!organisationId) throw new HttpError(400, serverMessage('staffUploadOnBehalf'));
      if (!request.isMultipart())
        throw new HttpError(400, 'Send the images as multipart/form-data.');
      const received: {
        fileName: string;
        contentType: 'image/jpeg' | 'image/png';
        bytes: Buffer;
      }[] = [];
      try {
        for await (const part of request.parts({
          limits: { fileSize: deps.maxImageBytes, files: MAX_IMAGES_PER_UPLOAD },
        })) {
          if (part.type === 'field') continue;
          const bytes = await part.toBuffer();
          const fileName = plainField(
            (part.filename || part.fieldname).trim(),
            `${part.fieldname} file name`,
          );
          const contentType = imageContentType(fileName);
          if (!contentType || !looksLikeImage(bytes.subarray(0, 8), contentType))
            throw new HttpError(400, serverMessage('imageType', { file: fileName }));
          if (received.some((image) => image.fileName.toLowerCase() === fileName.toLowerCase()))
            throw new HttpError(409, serverMessage('imageExists', { file: fileName }));
          received.push({ fileName, contentType, bytes });
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(
            413,
            serverMessage('imageTooLarge', { mib: Math.round(deps.maxImageBytes / 1024 / 1024) }),
          );
        throw error;
      }
      if (received.length === 0)
        throw new HttpError(400, 'No image was sent: use the fields file-0, file-1, ...');
      const taken = await deps.images.existingNames(
        organisationId,
        received.map((image) => image.fileName),
      );
      for (const image of received)
        if (imageNameProblem(image.fileName, taken) === 'exists')
          throw new HttpError(409, serverMessage('imageExists', { file: image.fileName }));

      const stored = received.map((image) => {
        const id = randomUUID();
        return { ...image, id, s3Key: `images/${organisationId}/${id}` };
      });
      await Promise.all(stored.map((image) => deps.blobs.putBytes(image.s3Key, image.bytes)));
      let rows: ImageRow[];
      try {
        rows = await deps.images.insertAll(
          stored.map((image) => ({
            id: image.id,
            organisationId,
            uploadedBy: uploader.userId,
            fileName: image.fileName,
            contentType: image.contentType,
            s3Key: image.s3Key,
            sizeBytes: image.bytes.length,
          })),
        );
      } catch (error) {
        await Promise.all(stored.map((image) => deps.blobs.delete(image.s3Key)));
        // Another upload took a name between the check and the insert.
        const failure = error as { code?: string; cause?: { code?: string } };
        if ((failure.code ?? failure.cause?.code) === '23505')
          throw new HttpError(409, IMAGE_MESSAGES.exists);
        throw error;
      }
      return { images: rows.map(toView) };
    },
  });

  router.define({
    method: 'get',
    path: '/api/images',
    summary: "The organisation's images, newest first",
    tag: 'files',
    auth: true,
    permission: 'files.read',
    responses: { 200: 'the images', 401: 'not signed in', 403: 'not allowed' },
    answer: imagesAnswer,
    handler: async ({ viewer }) => {
      if (!viewer.organisationId) return { images: [] };
      return { images: (await deps.images.list(viewer.organisationId)).map(toView) };
    },
  });

  router.define({
    method: 'get',
    path: '/api/images/:id',
    summary: 'One image of the organisation',
    tag: 'files',
    auth: true,
    permission: 'files.read',
    responses: { 200: 'the image', 403: 'not allowed', 404: 'no such image' },
    handler: async ({ viewer, params, reply }) => {
      const image = await deps.access.image(viewer, 'files.read', params.id ?? '');
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(await deps.blobs.getBytes(image.s3Key)));
    },
  });
}
