import type { FastifyInstance } from 'fastify';
import { isRole } from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { UserSource, Viewer } from '../../infra/auth/viewer.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import type { OpenApiRegistry } from '../../infra/http/openapi.ts';

/**
 * GET /api/files/{id}/download?token=...: the raw file as uploaded. The token comes from the
 * s3TrafficDataFile query, so that a new window can download without the bearer header; the
 * user it names must still be allowed to read the file.
 */
export function registerFileRoutes(
  app: FastifyInstance,
  deps: {
    openapi: OpenApiRegistry;
    tokens: TokenService;
    users: UserSource;
    access: Access;
    blobs: BlobStore;
  },
): void {
  deps.openapi.add({
    method: 'get',
    path: '/api/files/{id}/download',
    summary: 'Download a raw uploaded file with the link token of s3TrafficDataFile',
    tag: 'files',
    auth: false,
    responses: {
      200: 'the file',
      401: 'no valid link token',
      403: 'not allowed',
      404: 'no such file',
    },
  });
  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/api/files/:id/download',
    async (request, reply) => {
      const claims = request.query.token
        ? await deps.tokens.verifyDownload(request.query.token)
        : null;
      if (!claims || claims.fileId !== request.params.id) throw new HttpError(401);
      const user = await deps.users.findById(claims.userId);
      if (!user?.isActive || !isRole(user.role)) throw new HttpError(401);
      const viewer: Viewer = {
        userId: user.id,
        role: user.role,
        organisationId: user.organisationId,
        isDemo: user.isDemo,
        row: user,
      };
      const file = await deps.access.file(viewer, 'files.read', request.params.id);
      const safeName = file.fileName.replace(/["\\\r\n]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('content-length', String(file.sizeBytes))
        .send(await deps.blobs.getStream(file.s3Key));
    },
  );
}
