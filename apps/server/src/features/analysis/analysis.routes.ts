import { Readable } from 'node:stream';
import { aadtLabel, aadtLabelText, findClassScheme, type SiteAadtFacts } from '@roadcount/domain';
import { z } from 'zod';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import { catalogueTranslate, mailLocale } from '../../infra/mail/mailText.ts';
import type { AnalysisService, FilterPayload } from './analysis.service.ts';
import { summaryWorkbook } from './summaryWorkbook.ts';
import { attachment } from '../../infra/http/attachment.ts';

function parseFilter(text: string | undefined): FilterPayload {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'filter must be the filter payload as JSON');
}

const filterQuery = z.object({
  filter: z.string().optional().describe('The SPEC filter payload as JSON'),
});

const summaryQuery = filterQuery.extend({
  aggregation: z.coerce
    .number()
    .optional()
    .describe('Bin minutes: 5, 10, 15, 20, 30, 60, 1440 (default) or 10080'),
  units: z.enum(['metric', 'imperial']).default('metric'),
});

const siteResponses = {
  400: 'a bad filter',
  401: 'no session',
  403: 'not allowed',
  404: 'no such site',
};

/**
 * GET /api/sites/{id}/vehicles.csv?filter=<JSON filter payload>: the filtered vehicles as CSV;
 * GET /api/sites/{id}/summary.xlsx?filter=...&aggregation=...&units=...: the summary as xlsx.
 */
/** A site's AADT as the factor groups find it (issue 25), given by the app. */
export type AadtOfSite = (site: { id: string; siteType: string }) => Promise<SiteAadtFacts>;

export function registerAnalysisRoutes(
  router: Router,
  analysis: AnalysisService,
  aadtOfSite: AadtOfSite,
): void {
  router.define({
    method: 'get',
    path: '/api/sites/:id/vehicles.csv',
    summary:
      'The vehicles of a site that pass the filter (query: filter = the SPEC filter payload as JSON), as Roadcount CSV',
    tag: 'analysis',
    auth: true,
    permission: 'sites.read',
    query: filterQuery,
    responses: { 200: 'CSV', ...siteResponses },
    handler: async ({ viewer, params, query, reply }) => {
      const siteId = params.id ?? '';
      const lines = analysis.vehiclesCsv(viewer, siteId, parseFilter(query.filter));
      // The first step checks the site and the filter, so that errors answer before the body.
      const first = await lines.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`vehicles-${siteId}.csv`))
        .send(Readable.from(all()));
    },
  });

  router.define({
    method: 'get',
    path: '/api/sites/:id/summary.xlsx',
    summary:
      'The site detail summary for the filter (query: filter = the SPEC filter payload as JSON, aggregation = bin minutes, default 1440; units = metric or imperial) as an xlsx workbook',
    tag: 'analysis',
    auth: true,
    permission: 'sites.read',
    query: summaryQuery,
    responses: { 200: 'xlsx', ...siteResponses },
    handler: async ({ viewer, params, query, reply, signal }) => {
      const filter = parseFilter(query.filter);
      const aggregationMinutes = query.aggregation ?? 1440;
      const detail = await analysis.siteDetail(
        viewer,
        { siteId: params.id ?? '', payload: filter, aggregationMinutes },
        signal,
      );
      const scheme = findClassScheme(detail.class_scheme);
      const locale = mailLocale(viewer.row.preferences);
      const label = aadtLabel(
        await aadtOfSite({ id: detail.site_id, siteType: detail.site_type }),
        detail.summary,
      );
      const workbook = await summaryWorkbook(detail, {
        aadt: { value: label.value, ...aadtLabelText(label, locale, catalogueTranslate(locale)) },
        filter,
        aggregationMinutes,
        units: query.units,
        className: (classIndex) =>
          scheme.classes.find((entry) => entry.class_index === classIndex)?.name ??
          String(classIndex),
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`summary-${detail.site_id}.xlsx`))
        .send(workbook);
    },
  });
}
