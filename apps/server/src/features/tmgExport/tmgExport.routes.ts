import { serverMessage, tmgCheckAnswer } from '@roadcount/domain';
import { z } from 'zod';
import { HttpError } from '../../infra/errors.ts';
import { attachment } from '../../infra/http/attachment.ts';
import type { Router } from '../../infra/http/route.ts';
import type { TmgExportInput, TmgExportService } from './tmgExport.service.ts';

const exportQuery = z
  .object({
    site_id: z.string().optional().describe('The site to export'),
    group_id: z.string().optional().describe('Or the site group to export'),
    year: z.coerce
      .number()
      .int()
      .min(1990, 'year must be a year from 1990 to 2100')
      .max(2100, 'year must be a year from 1990 to 2100')
      .describe('The calendar year (local time of each site)'),
    state_code: z
      .string()
      .regex(/^\d{2}$/, 'state_code must be the two-digit FIPS code of the state')
      .describe('The two-digit FIPS code of the state the stations are in'),
  })
  .refine((query) => Boolean(query.site_id) !== Boolean(query.group_id), {
    message: 'give either site_id or group_id',
    path: ['site_id'],
  });

const input = (query: z.infer<typeof exportQuery>): TmgExportInput => ({
  siteId: query.site_id,
  groupId: query.group_id,
  year: query.year,
  stateCode: query.state_code,
});

const responses = {
  400: 'a bad year, state code or target',
  401: 'no session',
  403: 'not allowed',
  404: 'no such site or group',
};

/**
 * GET /api/tmg/check: the TMAS checks of a site's or group's TMG 2022 export for a year, each
 * failure listed; GET /api/tmg/export.zip: the station, volume, classification and speed files,
 * refused (422, naming each failure) while a check fails.
 */
export function registerTmgExportRoutes(router: Router, tmg: TmgExportService): void {
  router.define({
    method: 'get',
    path: '/api/tmg/check',
    summary:
      "Run the TMAS checks on a site's or site group's TMG 2022 export for a year (coordinates, direction and lane codes, duplicate records, FHWA classes)",
    tag: 'reports',
    auth: true,
    permission: 'sites.read',
    query: exportQuery,
    answer: tmgCheckAnswer,
    responses: { 200: 'the checks, each failure listed', ...responses },
    handler: ({ viewer, query }) => tmg.check(viewer, input(query)),
  });

  router.define({
    method: 'get',
    path: '/api/tmg/export.zip',
    summary:
      "A site's or site group's TMG 2022 pipe-delimited files for a year (.STA, .VOL, .CLS, .SPD in a zip); 422 naming each failed check",
    tag: 'reports',
    auth: true,
    permission: 'sites.read',
    query: exportQuery,
    responses: { 200: 'zip', 422: 'a check failed', ...responses },
    handler: async ({ viewer, query, reply }) => {
      const made = await tmg.download(viewer, input(query));
      if ('failures' in made)
        throw new HttpError(
          422,
          serverMessage('tmgChecksFailed', {
            failures: made.failures.map((failure) => failure.message).join('; '),
          }),
          made.failures,
        );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(made.fileName))
        .send(made.stream);
    },
  });
}
