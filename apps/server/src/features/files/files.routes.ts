import { isRole } from '@roadcount/domain';
import { z } from 'zod';
import type { Access } from '../../infra/access/access.ts';
import type { UserSource, Viewer } from '../../infra/auth/viewer.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import { attachment } from '../../infra/http/attachment.ts';

/**
 * GET /api/files/{id}/download?token=...: the raw file as uploaded. The token comes from the
 * s3TrafficDataFile query, so that a new window can download without the bearer header; the
 * user it names must still be allowed to read the file.
 */
export function registerFileRoutes(
  router: Router,
  deps: {
    tokens: TokenService;
    users: UserSource;
    access: Access;
    blobs: BlobStore;
  },
): void {
  router.define({
    method: 'get',
    path: '/api/files/:id/download',
    summary: 'Download a raw uploaded file with the link token of s3TrafficDataFile',
    tag: 'files',
    // The link carries its own short-lived token, so that a new window needs no bearer header;
    // the user it names must still be allowed to read the file.
    auth: false,
    permission: 'files.read',
    linkToken: true,
    query: z.object({ token: z.string().optional().describe('The link token') }),
    responses: {
      200: 'the file',
      401: 'no valid link token',
      403: 'not allowed',
      404: 'no such file',
    },
    handler: async ({ params, query, reply }) => {
      const fileId = params.id ?? '';
      const claims = query.token ? await deps.tokens.verifyDownload(query.token) : null;
      if (!claims || claims.fileId !== fileId) throw new HttpError(401);
      const user = await deps.users.findById(claims.userId);
      if (!user?.isActive || !isRole(user.role)) throw new HttpError(401);
      const viewer: Viewer = {
        userId: user.id,
        role: user.role,
        organisationId: user.organisationId,
        isDemo: user.isDemo,
        row: user,
      };
      const file = await deps.access.file(viewer, 'files.read', fileId);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachment(file.fileName))
        .header('content-length', String(file.sizeBytes))
        .send(await deps.blobs.getStream(file.s3Key));
    },
  });
}
