import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { bearerToken, type TokenService } from '../../infra/auth/tokens.ts';
import { viewerForToken } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { OpenApiRegistry } from '../../infra/http/openapi.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { AnalysisService, FilterPayload } from './analysis.service.ts';

/** GET /api/sites/{id}/vehicles.csv?filter=<JSON filter payload>: the filtered vehicles as CSV. */
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
      let payload: FilterPayload = {};
      if (request.query.filter) {
        try {
          payload = JSON.parse(request.query.filter) as FilterPayload;
        } catch {
          throw new HttpError(400, 'filter must be the filter payload as JSON');
        }
      }
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
}
