import { serverMessage, tmgCheckAnswer } from '@roadcount/domain';
import { TMG_CLASSIFICATION_METHODS, TMG_PURPOSES, TMG_SENSOR_TYPES } from '@roadcount/formats';
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
    functional_class: z
      .string()
      .regex(
        /^[1-7][RU]$/,
        'functional_class must be a functional class 1 to 7 and R (rural) or U (urban), e.g. 4U',
      )
      .optional()
      .describe("The road's functional classification (TMG), e.g. 4U; a check fails without it"),
    county_code: z
      .string()
      .regex(/^\d{3}$/, 'county_code must be the three-digit FIPS code of the county')
      .optional()
      .describe('The three-digit FIPS county code; a check fails without it'),
    sensor_type: z
      .enum(TMG_SENSOR_TYPES, {
        error: `sensor_type must be one of the guide's sensor codes: ${TMG_SENSOR_TYPES.join(', ')}`,
      })
      .optional()
      .describe(
        "The counter's type of sensor (TMG code, e.g. R road tube); a check fails without it",
      ),
    primary_purpose: z
      .enum(TMG_PURPOSES, {
        error: `primary_purpose must be one of the guide's purpose codes: ${TMG_PURPOSES.join(', ')}`,
      })
      .default('P')
      .describe(
        'Why the station is there (TMG code); P, planning or traffic statistics, if not given',
      ),
    classification_method: z
      .enum(TMG_CLASSIFICATION_METHODS, {
        error: `classification_method must be one of the guide's method codes: ${TMG_CLASSIFICATION_METHODS.join(', ')}`,
      })
      .default('F')
      .describe(
        'How vehicles are classified (TMG code); F, axle spacing with the FHWA 13 types, if not given',
      ),
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
  functionalClass: query.functional_class ?? null,
  countyCode: query.county_code ?? null,
  sensorType: query.sensor_type ?? null,
  primaryPurpose: query.primary_purpose,
  classificationMethod: query.classification_method,
});

const responses = {
  400: 'a bad year, state code, station value or target',
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
