import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../infra/validation.ts';

const clientErrorBody = z.object({
  message: z.string().max(2000),
  stack: z.string().max(20_000).optional(),
  componentStack: z.string().max(20_000).optional(),
  path: z.string().max(2000).optional(),
  kind: z.string().max(100).optional(),
});

/** Where the web app's reportError sends uncaught errors: into the server log for the team. */
export function registerClientErrorRoutes(app: FastifyInstance): void {
  app.post('/api/client-errors', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const report = parseInput(clientErrorBody, request.body);
    request.log.warn(
      { clientError: report, userAgent: request.headers['user-agent'] },
      'web app error',
    );
    return reply.status(204).send();
  });
}
