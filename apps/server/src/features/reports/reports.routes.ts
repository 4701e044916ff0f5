import { z } from 'zod';
import type { Router } from '../../infra/http/route.ts';
import type { ReportsService } from './reports.service.ts';

/**
 * GET /api/reports/{id}/download?token=...: a made report's file. The token comes from the
 * reportDownload query, so that a new window can download without the bearer header; the user
 * it names must still be allowed to read the report.
 */
export function registerReportRoutes(router: Router, reports: ReportsService): void {
  router.define({
    method: 'get',
    path: '/api/reports/:id/download',
    summary: 'Download a made report with the link token of reportDownload',
    tag: 'reports',
    auth: false,
    permission: 'sites.read',
    linkToken: true,
    query: z.object({ token: z.string().optional().describe('The link token') }),
    responses: {
      200: 'the report file',
      401: 'no valid link token',
      403: 'not allowed',
      404: 'no such report',
      409: 'not made yet',
      410: 'expired',
    },
    handler: async ({ params, query, reply }) => {
      const file = await reports.download(query.token, params.id ?? '');
      const safeName = file.fileName.replace(/["\\\r\n]/g, '_');
      reply
        .header('content-type', file.mediaType)
        .header(
          'content-disposition',
          `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        );
      if (file.sizeBytes !== null) reply.header('content-length', String(file.sizeBytes));
      return reply.send(file.stream);
    },
  });
}
