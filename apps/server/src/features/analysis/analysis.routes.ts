import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bearerToken, type TokenService } from '../../infra/auth/tokens.ts';
import { viewerForToken } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { OpenApiRegistry } from '../../infra/http/openapi.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { findClassScheme } from '@roadcount/domain';
import type { AnalysisService, FilterPayload } from './analysis.service.ts';
import { summaryWorkbook } from './summaryWorkbook.ts';

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

/**
 * GET /api/sites/{id}/vehicles.csv?filter=<JSON filter payload>: the filtered vehicles as CSV;
 * GET /api/sites/{id}/summary.xlsx?filter=...&aggregation=...&units=...: the summary as xlsx.
 */
export function registerAnalysisRoutes(
  app: FastifyInstance,
  deps: {
    openapi: OpenApiRegistry;
    tokens: TokenService;
    users: UsersRepository;
    analysis: AnalysisService;
  },
): void {
  deps.openapi.add({
    method: 'get',
    path: '/api/sites/{id}/vehicles.csv',
    summary:
      'The vehicles of a site that pass the filter (query: filter = the SPEC filter payload as JSON), as Roadcount CSV',
    tag: 'analysis',
    auth: true,
    responses: {
      200: 'CSV',
      400: 'a bad filter',
      401: 'no session',
      403: 'not allowed',
      404: 'no such site',
    },
  });
  app.get<{ Params: { id: string }; Querystring: { filter?: string } }>(
    '/api/sites/:id/vehicles.csv',
    async (request, reply) => {
      const viewer = await viewerForToken(
        bearerToken(request.headers.authorization),
        deps.tokens,
        deps.users,
      );
      if (!viewer) throw new HttpError(401);
      const payload = parseFilter(request.query.filter);
      const lines = deps.analysis.vehiclesCsv(viewer, request.params.id, payload);
      // The first step checks the site and the filter, so that errors answer before the body.
      const first = await lines.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* lines;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vehicles-${request.params.id}.csv"`)
        .send(Readable.from(all()));
    },
  );

  deps.openapi.add({
    method: 'get',
    path: '/api/sites/{id}/summary.xlsx',
    summary:
      'The site detail summary for the filter (query: filter = the SPEC filter payload as JSON, aggregation = bin minutes, default 1440; units = metric or imperial) as an xlsx workbook',
    tag: 'analysis',
    auth: true,
    responses: {
      200: 'xlsx',
      400: 'a bad filter',
      401: 'no session',
      403: 'not allowed',
      404: 'no such site',
    },
  });
  app.get<{
    Params: { id: string };
    Querystring: { filter?: string; aggregation?: string; units?: string };
  }>('/api/sites/:id/summary.xlsx', async (request, reply) => {
    const viewer = await viewerForToken(
      bearerToken(request.headers.authorization),
      deps.tokens,
      deps.users,
    );
    if (!viewer) throw new HttpError(401);
    const filter = parseFilter(request.query.filter);
    const aggregationMinutes = request.query.aggregation ? Number(request.query.aggregation) : 1440;
    const units = request.query.units ?? 'metric';
    if (units !== 'metric' && units !== 'imperial')
      throw new HttpError(400, 'units must be metric or imperial');
    const detail = await deps.analysis.siteDetail(viewer, {
      siteId: request.params.id,
      payload: filter,
      aggregationMinutes,
    });
    const scheme = findClassScheme(detail.class_scheme);
    const workbook = await summaryWorkbook(detail, {
      filter,
      aggregationMinutes,
      units,
      className: (classIndex) =>
        scheme.classes.find((entry) => entry.class_index === classIndex)?.name ??
        String(classIndex),
    });
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="summary-${detail.site_id}.xlsx"`)
      .send(workbook);
  });
}
