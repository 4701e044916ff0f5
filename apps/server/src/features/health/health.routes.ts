import type { Router } from '../../infra/http/route.ts';

/**
 * Liveness and readiness: the database reachable (503 when not), and the state of the analysis
 * threads (started with the server, or on the first site-detail query; ready once warmed up).
 */
export function registerHealthRoutes(
  router: Router,
  ping: () => Promise<boolean>,
  /** The analysis threads' state as the pool tells it ('not started', 'warming up', 'ready'). */
  analysisState: () => string,
): void {
  router.define({
    method: 'get',
    path: '/healthz',
    summary: 'Whether the server can answer: its database reachable, its analysis threads ready',
    tag: 'health',
    auth: false,
    permission: 'public',
    responses: { 200: 'ready', 503: 'the database is unreachable' },
    handler: async ({ reply }) => {
      const reachable = await ping();
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'unavailable',
        database: reachable ? 'reachable' : 'unreachable',
        analysis: analysisState(),
      });
    },
  });
}
