import type { FastifyInstance } from 'fastify';

export function registerHealthRoutes(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get('/healthz', async (_request, reply) => {
    const reachable = await ping();
    return reply.status(reachable ? 200 : 503).send({
      status: reachable ? 'ok' : 'unavailable',
      database: reachable ? 'reachable' : 'unreachable',
    });
  });
}
