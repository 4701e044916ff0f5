import type { FastifyInstance } from 'fastify';

/**
 * Liveness and readiness: the database reachable (503 when not), and the state of the analysis
 * threads (started with the server, or on the first site-detail query; ready once warmed up).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  ping: () => Promise<boolean>,
  /** The analysis threads' state as the pool tells it ('not started', 'warming up', 'ready'). */
  analysisState: () => string,
): void {
  app.get('/healthz', async (_request, reply) => {
    const reachable = await ping();
    return reply.status(reachable ? 200 : 503).send({
      status: reachable ? 'ok' : 'unavailable',
      database: reachable ? 'reachable' : 'unreachable',
      analysis: analysisState(),
    });
  });
}
